import { describe, expect, it } from 'vitest';
import { speakerOf } from './speaker.ts';

describe('who said a memory', () => {
  it('reads a "Name:" label of a transcript line, one or more capitalized names', () => {
    expect(speakerOf({ content: 'Caroline: I went to a support group.', context: {} })).toEqual({ speaker: 'Caroline', text: 'I went to a support group.' });
    expect(speakerOf({ content: 'Mary Ann Smith: We moved.', context: {} }).speaker).toBe('Mary Ann Smith');
    expect(speakerOf({ content: 'Dr. Okafor: Take two a day.', context: {} }).speaker).toBe('Dr. Okafor');
    expect(speakerOf({ content: 'Vincent van Gogh: I paint.', context: {} }).speaker).toBe('Vincent van Gogh');
  });

  it('takes no request, notice or phrase before a colon for a person: "Remember this: …" was a speaker the question "Remember …?" named', () => {
    for (const content of ['Remember this: the wifi password is tulip88', 'Deploy failed: migration locked the users table', 'Note to self: buy milk', 'Note: standup moved to 10', 'Error: disk full', 'Reminder: call mum', 'TODO: renew the passport', 'Update: we ship Friday']) {
      expect(speakerOf({ content, context: {} }), content).toEqual({ speaker: null, text: content });
    }
  });
});

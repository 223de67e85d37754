import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { swappedWord } from './swapped-word.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('a word swapped in the same frame', () => {
  it('reads a statement that is the memory with one noun changed, between the same neighbours', () => {
    expect(swappedWord('that Nils repaired his kettle', 'My uncle Nils repaired his toaster')).toEqual({ asked: 'kettle', told: 'toaster' });
    expect(swappedWord('that the roofer arrives on Monday', 'The gardener arrives on Monday')).toEqual({ asked: 'roofer', told: 'gardener' });
    expect(swappedWord('that I painted the fence because of the rust', 'I painted the fence because of the mould')).toEqual({ asked: 'rust', told: 'mould' });
    // The tagger reads "flat" after "my" as an adjective; with nothing after it, it is the noun.
    expect(swappedWord('that Pia has a key to my flat', 'Pia has a key to the garage')).toEqual({ asked: 'flat', told: 'garage' });
  });

  it('is no swap in a name for a thing, for a synonym, a kind above, a compound or a phrasal verb, or with a second word missing', () => {
    // A noun phrase names a memory in words of its own ("my fear of needles" for "I have a phobia of needles").
    expect(swappedWord('my fear of spiders', 'I have a phobia of spiders')).toBeUndefined();
    expect(swappedWord('that I fixed my automobile', 'I fixed my car last week')).toBeUndefined();
    expect(swappedWord('that Nils walked his puppy', 'My uncle Nils walked his dog')).toBeUndefined();
    expect(swappedWord('that I use emacs bindings', 'I use emacs keybindings at work')).toBeUndefined();
    expect(swappedWord('that Nils repaired his old kettle', 'My uncle Nils repaired his toaster')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting with one word swapped', () => {
  it('offers the memory of the other thing instead of deleting it, and still deletes what is said', async () => {
    await agent.remember(['My uncle Nils repaired his toaster', 'The garden gate squeaks', 'We painted the shed green']);
    const report = await forget('that Nils repaired his kettle');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('My uncle Nils repaired his toaster');
    expect((await forget('that Nils repaired his toaster')).deleted.map((match) => match.content)).toEqual(['My uncle Nils repaired his toaster']);
  });
});

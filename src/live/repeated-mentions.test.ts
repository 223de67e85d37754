import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { MAX_REPEATED_IN } from './apply-candidate.ts';
import { appendLines } from './live-test-helpers.ts';
import type { MirrorIndex } from './mirror-format.ts';

// A message that says again what a memory holds makes no memory of its own: it reinforces the older one,
// which records where it was said again (context.repeatedIn), and `index export` carries that, so an
// outside tool can credit the repeating message as the salience benchmark does.

describe('where a memory was said again', () => {
  let temp: ReturnType<typeof createTempHome>;
  let transcript: string;
  const run = async (...args: string[]) => {
    let stdout = '';
    const code = await main(['node', 'hippocampus', '--home', temp.home, '--agent', 'ada', ...args], { stdout: (text) => (stdout += `${text}\n`), stderr: () => undefined });
    return { code, stdout };
  };
  const exported = async () => {
    const dir = path.join(temp.home, 'mirror');
    expect((await run('index', 'export', '--dir', dir)).code).toBe(0);
    return (JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as MirrorIndex).memories;
  };
  beforeEach(() => {
    temp = createTempHome();
    transcript = path.join(temp.home, 'chat.jsonl');
  });
  afterEach(() => temp.cleanup());

  it('lists each repeating message with its own importance, in `watch --once` and in `index export`', async () => {
    appendLines(transcript, [
      { role: 'user', content: 'I prefer oolong tea in the morning.', timestamp: 1_000, id: 'm1' },
      { role: 'assistant', content: 'Noted.', timestamp: 2_000, id: 'm2' },
      { role: 'user', content: 'As I said, I prefer oolong tea in the morning.', timestamp: 3_000, id: 'm3' },
    ]);
    expect((await run('watch', '--source', transcript, '--once')).code).toBe(0);
    // A later run of the watcher, on what was appended since, adds to the same list.
    appendLines(transcript, [{ role: 'user', content: 'I prefer oolong tea in the morning.', timestamp: 4_000, id: 'm4' }]);
    expect((await run('watch', '--source', transcript, '--once')).code).toBe(0);
    const memories = await exported();
    expect(memories).toHaveLength(1);
    const [tea] = memories;
    expect(tea!.content).toMatch(/oolong tea/);
    expect(tea!.timesReinforced).toBe(2);
    // The memory keeps the message it was made from; the repeats are listed after it, in order, each
    // with the importance the watcher gave that mention (a stated preference: 0.8), not the raised one of the memory.
    expect(tea!.importance).toBeGreaterThan(0.8);
    expect(tea!.context).toMatchObject({ messageId: 'm1', messageImportance: 0.8, repeatedIn: [{ messageId: 'm3', importance: 0.8 }, { messageId: 'm4', importance: 0.8 }] });
    expect(typeof tea!.context.sourceHash).toBe('string');
  });

  it(`keeps the ${MAX_REPEATED_IN} most recent mentions, while the count of meetings goes on`, async () => {
    const mentions = MAX_REPEATED_IN + 3;
    appendLines(
      transcript,
      Array.from({ length: mentions + 1 }, (_, index) => ({ role: 'user', content: 'I prefer oolong tea in the morning.', timestamp: 1_000 * (index + 1), id: `m${index}` })),
    );
    expect((await run('watch', '--source', transcript, '--once', '--batch', '5')).code).toBe(0);
    const [tea] = await exported();
    expect(tea!.timesReinforced).toBe(mentions);
    const listed = (tea!.context.repeatedIn as { messageId: string }[]).map((mention) => mention.messageId);
    expect(listed).toEqual(Array.from({ length: MAX_REPEATED_IN }, (_, index) => `m${mentions + 1 - MAX_REPEATED_IN + index}`));
  });
});

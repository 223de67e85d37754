import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { findExplicitCue } from './explicit-cue.ts';
import { createOfflineAnalyzer } from './offline-analyzer.ts';

// "Remember this" marks the clause it points at (before or after it); the cue never becomes a memory.

const CASES: [message: string, clause: string][] = [
  ['Hi! Quick one: please remember this, I always want concise answers, no fluff.', 'I always want concise answers, no fluff.'],
  ["I'm allergic to shellfish, remember that.", "I'm allergic to shellfish"],
  ['For the record, my birthday is 12 March.', 'my birthday is 12 March.'],
  ['Remember: the staging db is on port 5433.', 'the staging db is on port 5433.'],
  ['Note that I moved to Porto in May.', 'I moved to Porto in May.'],
  ["Don't forget that my sister Ines visits on Friday.", 'my sister Ines visits on Friday.'],
  ['My passport expires in June. Please remember it.', 'My passport expires in June.'],
  ['Keep in mind I am vegetarian.', 'I am vegetarian.'],
  ['Can you remember this for me: the spare key is under the blue pot.', 'the spare key is under the blue pot.'],
  ['Please remember that I take my coffee black.', 'I take my coffee black.'],
  ['Do not forget: my daughter Lea has piano on Tuesdays.', 'my daughter Lea has piano on Tuesdays.'],
  ['Make a note of this: the invoice number is INV-2291.', 'the invoice number is INV-2291.'],
  ['Take note, our anniversary is on 3 September.', 'our anniversary is on 3 September.'],
  ['Bear in mind that I work night shifts.', 'I work night shifts.'],
  ['For future reference, the router password is on the fridge.', 'the router password is on the fridge.'],
  ['Write this down: my locker is number 112.', 'my locker is number 112.'],
  ['I prefer tea in the evening. Remember that.', 'I prefer tea in the evening.'],
  ['Never forget this: Miso the cat is allergic to chicken.', 'Miso the cat is allergic to chicken.'],
  ['Save this for me: the landlord is called Mr. Okafor.', 'the landlord is called Mr. Okafor.'],
  ['Oh and remember, I hate being called Bob.', 'I hate being called Bob.'],
  ['Keep this in mind: I am training for the Berlin marathon.', 'I am training for the Berlin marathon.'],
  ['Memorize this, my gym opens at six.', 'my gym opens at six.'],
];

describe('explicit cues attach to their content', () => {
  it.each(CASES)('%s', async (message, clause) => {
    expect(findExplicitCue(message)?.clause).toBe(clause);
    const candidates = await createOfflineAnalyzer().analyze([{ id: 'chat:1', role: 'user', content: message, timestamp: 0 }]);
    // One memory, at the explicit level, and none of them is the cue itself.
    expect(candidates.length).toBeGreaterThan(0);
    expect(Math.max(...candidates.map((candidate) => candidate.importance))).toBeGreaterThanOrEqual(0.9);
    for (const candidate of candidates) expect(candidate.content).not.toMatch(/\b(remember|forget|for the record|keep (this )?in mind|bear in mind|make a note|take note|note that|write this down|save this|memori[sz]e|future reference)\b/i);
  });

  it('recalling the past is no cue', () => {
    expect(findExplicitCue('I remember that trip to Paris.')).toBeNull();
    expect(findExplicitCue('We remember it fondly.')).toBeNull();
    expect(findExplicitCue('The project kicks off on Monday.')).toBeNull();
    expect(findExplicitCue('I wrote a note to my boss about the budget.')).toBeNull();
    expect(findExplicitCue('I work from home too. [shares a photo of a desk with a computer, keyboard, and notebook]')).toBeNull();
    expect(findExplicitCue('She saves this kind of receipt.')).toBeNull();
  });
});

describe('the issue transcript', () => {
  let home: ReturnType<typeof createTempHome>;
  beforeEach(() => {
    home = createTempHome();
  });
  afterEach(() => home.cleanup());

  it('puts the preference in `hippocampus core`, and nothing from the small talk', async () => {
    const transcript = path.join(home.home, 'chat.jsonl');
    const lines = [
      { role: 'user', content: 'Hi! Quick one: please remember this, I always want concise answers, no fluff.', timestamp: 1_767_225_600_000 },
      { role: 'assistant', content: 'Got it!', timestamp: 1_767_225_601_000 },
      { role: 'user', content: 'Good to see you!', timestamp: 1_767_225_602_000 },
      { role: 'user', content: 'Thanks, sounds great', timestamp: 1_767_225_603_000 },
    ];
    fs.writeFileSync(transcript, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    const run = async (...args: string[]) => {
      let stdout = '';
      const code = await main(['node', 'hippocampus', '--home', home.home, '--agent', 'ada', ...args], { stdout: (text) => (stdout += `${text}\n`), stderr: () => undefined });
      return { code, stdout };
    };
    expect((await run('watch', '--source', transcript, '--once')).code).toBe(0);
    const core = await run('core');
    expect(core.code).toBe(0);
    expect(core.stdout).toMatch(/concise answers/i);
    expect(core.stdout).not.toMatch(/remember this|quick one|good to see you|sounds great|got it/i);
    const all = await run('recall', '--json');
    expect((JSON.parse(all.stdout) as { content: string }[]).map((record) => record.content)).toEqual([expect.stringMatching(/concise answers/i)]);
  });
});

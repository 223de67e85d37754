import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveScore, reinforcedScore } from '../core/live-score.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { listArchivalCandidates, resolveArchivalCandidates } from './archival-review.ts';
import { loadCoreMemories } from './core-memories.ts';
import { createManualClock, DAY_MS, openTestMemory } from './live-test-helpers.ts';
import { scoredMemories } from './live-memories.ts';
import { createLiveWatcher } from './live-watcher.ts';
import { createTranscriptSource } from './transcript-source.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'multi-day-transcript.jsonl');
const lines = fs.readFileSync(FIXTURE, 'utf8').trim().split('\n');
const SMALL_TALK = lines
  .map((line) => JSON.parse(line) as { id: string; content: string })
  .filter((line) => /^(good morning|lol ok|ok thanks|hey$|thanks!|good evening|haha cool|morning$|nice, thanks|hello again|ok bye|yes please)/.test(line.content))
  .map((line) => line.id);

/** Feeds the transcript a day at a time, the clock at each day's evening, the way a watcher would meet it. */
async function liveThroughTheWeek(memory: Hippocampus, clock: ReturnType<typeof createManualClock>, file: string) {
  const watcher = createLiveWatcher({ memory, source: createTranscriptSource({ file }), batchSize: 8 });
  const byDay = new Map<string, string[]>();
  for (const line of lines) {
    const day = (JSON.parse(line) as { timestamp: string }).timestamp.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), line]);
  }
  for (const [day, dayLines] of byDay) {
    fs.appendFileSync(file, `${dayLines.join('\n')}\n`);
    clock.set(Date.parse(`${day}T20:00:00Z`));
    await watcher.runOnce();
  }
}

describe('a realistic multi-day conversation', () => {
  let temp: ReturnType<typeof createTempHome>;
  let memory: Hippocampus;
  const clock = createManualClock();
  beforeEach(async () => {
    temp = createTempHome();
    memory = await openTestMemory(temp.home, { clock });
    await liveThroughTheWeek(memory, clock, path.join(temp.home, 'chat.jsonl'));
  });
  afterEach(async () => {
    await memory.stop();
    temp.cleanup();
  });

  it('ends with the stated preferences in core memory and no small talk anywhere', async () => {
    expect(SMALL_TALK.length).toBeGreaterThan(8);
    const all = await scoredMemories(memory);
    expect(all.filter((entry) => SMALL_TALK.includes(String(entry.memory.context.messageId)))).toEqual([]);
    const core = all.filter((entry) => entry.tier === 'core').map((entry) => entry.memory.content);
    expect(core).toEqual(expect.arrayContaining(['User prefers short answers without emojis', 'User prefers tabs over spaces in Python files', "User's name is Priya"]));
    expect(core.some((content) => content.startsWith('User really loves dark roast coffee'))).toBe(true);
    const mention = all.find((entry) => entry.memory.content.includes('farmers market'));
    expect(mention?.tier).toBe('background');
    const block = await loadCoreMemories(memory, { budgetTokens: 2000 });
    expect(block.text).toContain('User prefers short answers without emojis');
    expect(block.omitted).toBe(0);
  });

  it('reinforces the preference stated twice: once created, encountered twice, above the others', async () => {
    const [entry] = (await scoredMemories(memory)).filter((scored) => scored.memory.content === 'User prefers short answers without emojis');
    expect(entry!.memory.encounterCount).toBe(2);
    // Created on day 1 at 0.8, restated on day 4: decayed 3 days, then + 15% of the headroom.
    expect(entry!.memory.importance).toBeCloseTo(reinforcedScore(0.8 * 0.99 ** 3), 10);
    expect(entry!.score).toBeGreaterThan(0.8);
  });

  it('decays untouched memories once per day: 7 days → 93%, 30 → 74%, 90 → 40%, and moves them down the tiers', async () => {
    const start = clock.now();
    const tabs = (await scoredMemories(memory)).find((entry) => entry.memory.content === 'User prefers tabs over spaces in Python files')!.memory;
    for (const [days, share] of [[7, 0.93], [30, 0.74], [90, 0.4]] as const) {
      expect(liveScore(tabs, start + days * DAY_MS) / tabs.importance).toBeCloseTo(share, 2);
    }
    const tierAfter = async (days: number) => (await scoredMemories(memory, { now: start + days * DAY_MS })).find((entry) => entry.memory.id === tabs.id)!.tier;
    expect(await tierAfter(0)).toBe('core');
    expect(await tierAfter(15)).toBe('active');
    expect(await tierAfter(90)).toBe('background');
    expect(await tierAfter(140)).toBe('archival');
  });

  it('flags faded memories for review and archives or deletes only on the user’s choice', async () => {
    const later = clock.now() + 60 * DAY_MS;
    const candidates = await listArchivalCandidates(memory, later);
    expect(candidates.map((entry) => entry.memory.content)).toEqual(['User went to the farmers market yesterday']);
    expect(await memory.store.count({ agentId: 'ada' })).toBeGreaterThan(10);
    await resolveArchivalCandidates(memory, { archive: [candidates[0]!.memory.id] }, later);
    expect((await memory.get(candidates[0]!.memory.id)).tags).toContain('archived');
    expect(await listArchivalCandidates(memory, later)).toEqual([]);
    await expect(resolveArchivalCandidates(memory, { delete: [candidates[0]!.memory.id] }, later)).rejects.toThrow(/Not archival candidates/);
  });

  it('cuts the core block to the budget, most important first, and says so', async () => {
    const full = await loadCoreMemories(memory, { budgetTokens: 5000 });
    const cut = await loadCoreMemories(memory, { budgetTokens: 80 });
    expect(cut.approximateTokens).toBeLessThanOrEqual(80);
    expect(cut.omitted).toBe(full.included.length - cut.included.length);
    expect(cut.omitted).toBeGreaterThan(0);
    expect(cut.text).toMatch(new RegExp(`… ${cut.omitted} more core memor(y|ies) left out by the 80-token budget$`));
    expect(cut.included.map((entry) => entry.memory.id)).toEqual(full.included.slice(0, cut.included.length).map((entry) => entry.memory.id));
    expect(full.included[0]!.score).toBeGreaterThanOrEqual(full.included.at(-1)!.score);
  });
});

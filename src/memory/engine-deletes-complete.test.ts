import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../core/system-clock.ts';
import { exportMirror } from '../live/mirror-export.ts';
import { importMirror } from '../live/mirror-import.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { createTempHome } from '../testing/temp-home.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

// What the engine deletes by itself (maintain's pruning, a consolidation pass's discard) is forgotten as a forget's
// is: before, pruned text stayed in exported mirrors (and the WAL) and `index import` of a mirror brought it back.

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'The boathouse alarm code is WALRUS-5820-periwinkle';
const KEPT = { type: 'decision' as const, content: 'We deploy on Tuesdays after the canary is green', importance: 0.9 };

async function openEngine(home: string, clock: ReturnType<typeof createManualClock>, capacity = 100, onEvent?: (event: MemoryEvent) => void): Promise<Hippocampus> {
  return createHippocampus({
    ...(onEvent ? { onEvent } : {}),
    home,
    agentId: 'ada',
    embedder: createHashEmbedder(),
    clock,
    longTerm: { minImportance: 0.3, protectRecentMs: DAY },
    shortTerm: { capacity, maxAgeMs: 60 * 60 * 1000, retainImportance: 0.5 },
  });
}

const afterTest: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of afterTest.splice(0)) cleanup();
});

/** A mirror exported now, and a copy of its index.json kept aside (what a backup or a synced folder keeps). */
async function exportWithStaleCopy(memory: Hippocampus, home: string): Promise<{ mirror: string; stale: string }> {
  const mirror = path.join(home, 'mirror');
  // Outside the home, whose every byte the tests read: removed after the test.
  const staleHome = createTempHome('hippocampus-stale-mirror-');
  afterTest.push(staleHome.cleanup);
  const stale = staleHome.home;
  await exportMirror(memory, { dir: mirror });
  fs.copyFileSync(path.join(mirror, 'index.json'), path.join(stale, 'index.json'));
  expect(allBytesUnder(mirror).includes('periwinkle')).toBe(true);
  return { mirror, stale };
}

async function expectGoneForGood(memory: Hippocampus, home: string, stale: string, id: string): Promise<void> {
  const bytes = allBytesUnder(home);
  for (const word of ['walrus', '5820', 'periwinkle', 'boathouse']) expect(bytes.includes(word), `"${word}" survives under the home`).toBe(false);
  expect(bytes.includes('canary')).toBe(true);
  const report = await importMirror(memory, { dir: stale });
  expect(report.created).not.toContain(id);
  expect(report.skippedForgotten).toContain(id);
  const contents = (await memory.recall({ limit: 10 })).map((record) => record.content);
  expect({ secret: contents.includes(SECRET), kept: contents.includes(KEPT.content) }).toEqual({ secret: false, kept: true });
}

describe('what the engine deletes by itself is gone from every file', () => {
  it('a long-term memory pruned by maintain (below the importance floor) leaves no byte under the home, and a mirror exported before does not bring it back', async () => {
    const home = createTempHome();
    const clock = createManualClock();
    const memory = await openEngine(home.home, clock);
    try {
      const [weak] = await memory.rememberMany([{ type: 'observation', content: SECRET, importance: 0.1 }, KEPT], { longTerm: true });
      const { stale } = await exportWithStaleCopy(memory, home.home);
      clock.advance(2 * DAY);
      expect(await memory.maintain()).toEqual([weak!.memory.id]);
      await expectGoneForGood(memory, home.home, stale, weak!.memory.id);
    } finally {
      await memory.stop();
      home.cleanup();
    }
  });

  it('a short-term memory a consolidation pass discards as expired leaves no byte under the home, and a mirror exported before does not bring it back', async () => {
    const home = createTempHome();
    const clock = createManualClock();
    const memory = await openEngine(home.home, clock);
    try {
      const { memory: weak } = await memory.remember({ type: 'observation', content: SECRET, importance: 0.1 });
      await memory.rememberMany([KEPT], { longTerm: true });
      const { stale } = await exportWithStaleCopy(memory, home.home);
      clock.advance(2 * 60 * 60 * 1000);
      const report = await memory.consolidate();
      expect(report.prunedIds).toEqual([{ id: weak.id, reason: 'expired' }]);
      await expectGoneForGood(memory, home.home, stale, weak.id);
    } finally {
      await memory.stop();
      home.cleanup();
    }
  });

  it('a short-term memory evicted unimportant from a full ring by a remember is scrubbed from the mirror at once, and by the next consolidation pass leaves no byte under the home nor comes back with a mirror exported before', async () => {
    const home = createTempHome();
    const clock = createManualClock();
    const memory = await openEngine(home.home, clock, 1);
    try {
      const { memory: weak } = await memory.remember({ type: 'observation', content: SECRET, importance: 0.1 });
      await memory.rememberMany([KEPT], { longTerm: true });
      const { stale } = await exportWithStaleCopy(memory, home.home);
      await memory.remember({ type: 'observation', content: 'The printer on the third floor jams on Mondays', importance: 0.1 });
      await expect(memory.get(weak.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(allBytesUnder(path.join(home.home, 'mirror')).includes('periwinkle')).toBe(false);
      // The purge (tombstones, WAL) runs outside the write's transaction, with the next pass's.
      await memory.consolidate();
      await expectGoneForGood(memory, home.home, stale, weak.id);
    } finally {
      await memory.stop();
      home.cleanup();
    }
  });

  it('a damaged mirror registry keeps what the engine would prune (an error event names the file) and fails no remember; repaired, the prune goes on', async () => {
    const home = createTempHome();
    const clock = createManualClock();
    const errors: string[] = [];
    const memory = await openEngine(home.home, clock, 1, (event) => {
      if (event.type === 'error') errors.push((event.error as { code?: string }).code ?? event.error.message);
    });
    try {
      const [weak] = await memory.rememberMany([{ type: 'observation', content: SECRET, importance: 0.1 }, KEPT], { longTerm: true });
      const { mirror } = await exportWithStaleCopy(memory, home.home);
      const registry = path.join(home.home, 'agents', 'ada', 'mirrors.json');
      const intact = fs.readFileSync(registry, 'utf8');
      fs.writeFileSync(registry, '[ "half a list');
      clock.advance(2 * DAY);
      expect(await memory.maintain()).toEqual([]);
      expect((await memory.get(weak!.memory.id)).content).toBe(SECRET);
      await memory.remember({ type: 'observation', content: 'The printer on the third floor jams on Mondays', importance: 0.1 });
      await memory.remember({ type: 'observation', content: 'The lift is out of order until Friday', importance: 0.1 });
      expect(errors).toEqual(['DATABASE_CORRUPT', 'DATABASE_CORRUPT']);
      fs.writeFileSync(registry, intact);
      expect(await memory.maintain()).toEqual([weak!.memory.id]);
      expect(allBytesUnder(mirror).includes('periwinkle')).toBe(false);
    } finally {
      await memory.stop();
      home.cleanup();
    }
  });
});

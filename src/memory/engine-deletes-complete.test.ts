import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../core/system-clock.ts';
import { exportMirror } from '../live/mirror-export.ts';
import { importMirror } from '../live/mirror-import.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

// What the engine deletes by itself (maintain's pruning, a consolidation pass's discard) is forgotten as a forget's
// is: before, pruned text stayed in exported mirrors (and the WAL) and `index import` of a mirror brought it back.

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'The boathouse alarm code is WALRUS-5820-periwinkle';
const KEPT = { type: 'decision' as const, content: 'We deploy on Tuesdays after the canary is green', importance: 0.9 };

async function openEngine(home: string, clock: ReturnType<typeof createManualClock>): Promise<Hippocampus> {
  return createHippocampus({
    home,
    agentId: 'ada',
    embedder: createHashEmbedder(),
    clock,
    longTerm: { minImportance: 0.3, protectRecentMs: DAY },
    shortTerm: { maxAgeMs: 60 * 60 * 1000, retainImportance: 0.5 },
  });
}

/** A mirror exported now, and a copy of its index.json kept aside (what a backup or a synced folder keeps). */
async function exportWithStaleCopy(memory: Hippocampus, home: string): Promise<{ mirror: string; stale: string }> {
  const mirror = path.join(home, 'mirror');
  const stale = path.join(home, '..', `${path.basename(home)}-stale-mirror`);
  await exportMirror(memory, { dir: mirror });
  fs.mkdirSync(stale, { recursive: true });
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
  expect((await memory.recall({ limit: 10 })).map((record) => record.content)).toEqual([KEPT.content]);
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
});

import { describe, expect, test } from 'vitest';
import { effectiveStrength, halfLifeDays } from '../core/strength.ts';
import { tierOf } from '../core/tiers.ts';
import { createHippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { toMemoryView } from './memory-view.ts';

/** The view as its definition says: the record's own keys in their order, then where it stands now. */
function spreadView(record: MemoryRecord, now: number, decayRate: number) {
  return { ...record, tier: record.consolidatedAt === null ? null : tierOf(record.importance), effectiveStrength: effectiveStrength(record, now, decayRate), halfLifeDays: halfLifeDays(record.accessCount, decayRate) };
}

describe('toMemoryView', () => {
  test('is the record spread with its tier, strength and half-life, byte for byte, whatever the order of its keys', async () => {
    const home = createTempHome();
    try {
      const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
      const { memory: { id: kept } } = await memory.remember({ type: 'decision', content: 'The billing migration moves to Postgres', importance: 0.9, tags: ['billing', 'db'], context: { userId: 'u1' } });
      await memory.consolidate();
      const { memory: { id: fresh } } = await memory.remember({ type: 'observation', content: 'The dashboard alert fired twice', importance: 0.2 });
      const stored = await memory.store.getMany({ agentId: 'ada' }, [kept, fresh]);
      const live = [await memory.get(kept), await memory.get(fresh)];
      await memory.stop();
      const now = Date.UTC(2026, 5, 1);
      const reordered = Object.fromEntries(Object.entries(stored[0]!).reverse()) as unknown as MemoryRecord;
      const extra = { ...stored[0]!, embeddingModel: 'x' } as MemoryRecord;
      const missing = { ...stored[0]! } as Partial<MemoryRecord>;
      delete missing.source;
      for (const record of [...stored, ...live, reordered, extra, missing as MemoryRecord]) {
        expect(JSON.stringify(toMemoryView(record, now, 0.001))).toBe(JSON.stringify(spreadView(record, now, 0.001)));
      }
      // Both branches of the tier: a long-term memory has one, a short-term one has none.
      expect(stored.map((record) => toMemoryView(record, now, 0.001).tier)).toEqual(['core', null]);
    } finally {
      home.cleanup();
    }
  });
});

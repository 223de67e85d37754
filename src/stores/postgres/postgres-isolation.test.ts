import { describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../../memory/hippocampus.ts';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import { postgresBinaries } from '../../testing/postgres-server.ts';
import { usePostgresServer } from '../../testing/postgres-suite.ts';
import { openBackend } from '../open-backend.ts';

const { home, server: running } = usePostgresServer('hippocampus-postgres-isolation-');

/** A host transaction (a live watcher's batch) open with one uncommitted memory of `agentId`, until `fail()`. */
async function openFailingBatch(memory: Hippocampus, agentId: string): Promise<{ fail: () => void; ended: Promise<unknown> }> {
  let fail!: () => void;
  const failed = new Promise<void>((resolve) => (fail = resolve));
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const ended = memory.backend.atomically!({ agentId }, async () => {
    await memory.remember({ type: 'observation', content: 'the uncommitted pelican note' });
    opened();
    await failed;
    throw new Error('the batch gives up');
  });
  await open;
  return { fail, ended };
}

// What holds on SQLite by the engine's queue and the backend's read gate holds here by connections: `atomically`
// runs on a pooled connection of its own, every other read and write on another, and a write waits for the
// agent's advisory lock, so it commits after the batch, on its own.
describe.skipIf(postgresBinaries() === null)('beside an open transaction on PostgreSQL 15 (skipped: no PostgreSQL binaries)', () => {
  it('a recall sees committed memories only; a write through memory.backend.store and another engine of the agent over the same backend is kept', async () => {
    const agentId = 'isolation';
    const backend = await openBackend({ home, store: running().url });
    const first = await createHippocampus({ home, agentId, embedder: createHashEmbedder({ dimensions: 64 }), backend });
    const second = await createHippocampus({ home, agentId, embedder: createHashEmbedder({ dimensions: 64 }), backend });
    try {
      const { memory: kept } = await first.remember({ type: 'observation', content: 'the committed pelican note', importance: 0.3 });
      const batch = await openFailingBatch(first, agentId);
      const relevant = first.recallRelevant('pelican note', { limit: 10 });
      const listed = second.recall({ limit: 10 });
      const edited = first.backend.store.updateMany({ agentId }, [{ id: kept.id, patch: { importance: 0.9 } }]);
      const beside = second.remember({ type: 'observation', content: 'acknowledged by the second engine' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch.fail();
      await expect(batch.ended).rejects.toThrow('the batch gives up');
      expect((await relevant).map((result) => result.memory.content)).toEqual(['the committed pelican note']);
      expect((await listed).map((record) => record.content)).toEqual(['the committed pelican note']);
      await edited;
      const acknowledged = await beside;
      expect((await first.get(kept.id)).importance).toBe(0.9);
      expect((await first.get(acknowledged.memory.id)).content).toBe('acknowledged by the second engine');
      expect((await first.recall({ limit: 10 })).map((record) => record.content).sort()).toEqual(['acknowledged by the second engine', 'the committed pelican note']);
    } finally {
      await first.stop();
      await second.stop();
      await backend.close();
    }
  });
  it('a listing or a get beside an open batch leaves the ring its copies of the batch\'s memories: once the batch commits they are consolidated, without a restart', async () => {
    const agentId = 'ring-beside-batch';
    const memory = await createHippocampus({ home, agentId, store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let written!: (id: string) => void;
      const writtenId = new Promise<string>((resolve) => (written = resolve));
      const batch = memory.backend.atomically!({ agentId }, async () => {
        const { memory: record } = await memory.remember({ type: 'decision', content: 'We ship the pelican release on Friday', importance: 0.9 });
        written(record.id);
        await committing;
      });
      const id = await writtenId;
      // Made beside the batch, on connections of their own: its row is not committed yet, so neither lists it.
      expect((await memory.recall({ limit: 10 })).map((record) => record.id)).toEqual([]);
      await expect(memory.get(id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      commit();
      await batch;
      expect((await memory.stats()).shortTermBuffered).toBe(1);
      const report = await memory.consolidate();
      expect(report.keptIds).toEqual([id]);
      expect((await memory.get(id)).consolidatedAt).not.toBeNull();
    } finally {
      await memory.stop();
    }
  });
});

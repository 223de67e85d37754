import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import { eachTestEngine } from '../../testing/temp-engine.ts';
import type { Hippocampus } from '../../memory/hippocampus.ts';

let memory: Hippocampus;
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), (opened) => ({ memory } = opened));
const scope = { agentId: 'ada' };

/** A host transaction (a live watcher's batch) holding the agent's connection open with an uncommitted memory, until `fail()`. */
function openFailingBatch(): { written: Promise<string>; fail: () => void; ended: Promise<unknown> } {
  let fail!: () => void;
  const failed = new Promise<void>((resolve) => (fail = resolve));
  let wrote!: (id: string) => void;
  const written = new Promise<string>((resolve) => (wrote = resolve));
  const ended = memory.backend.atomically!(scope, async () => {
    const { memory: record } = await memory.remember({ type: 'observation', content: 'the uncommitted pelican note' });
    wrote(record.id);
    await failed;
    throw new Error('the batch gives up');
  });
  return { written, fail, ended };
}

describe('reads beside an open transaction on the agent’s connection (no read workers)', () => {
  it('see only committed memories: a recall made while a batch is open never returns what the batch then rolls back', async () => {
    await memory.remember({ type: 'observation', content: 'the committed pelican note' });
    const batch = openFailingBatch();
    const id = await batch.written;
    // Asked while the batch holds its transaction open, on the same connection.
    const relevant = memory.recallRelevant('pelican note', { limit: 10 });
    const listed = memory.recall({ limit: 10 });
    const counted = memory.stats();
    const fetched = memory.get(id).then(
      (record) => record.content,
      (error: unknown) => (error as { code?: string }).code,
    );
    const stored = memory.store.getMany(scope, [id]);
    const throughBackend = memory.backend.store.query(scope, { limit: 10 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    batch.fail();
    await expect(batch.ended).rejects.toThrow('the batch gives up');
    expect((await relevant).map((result) => result.memory.content)).toEqual(['the committed pelican note']);
    expect((await listed).map((record) => record.content)).toEqual(['the committed pelican note']);
    expect((await counted).total).toBe(1);
    expect(await fetched).toBe('NOT_FOUND');
    expect(await stored).toEqual([]);
    expect((await throughBackend).map((record) => record.content)).toEqual(['the committed pelican note']);
  });

  it('inside the batch, its own reads see its own writes (a watcher matching a memory it wrote earlier in the batch)', async () => {
    const seen = await memory.backend.atomically!(scope, async () => {
      await memory.remember({ type: 'observation', content: 'the pelican note of this batch' });
      return (await memory.recallRelevant('pelican note', { limit: 5 })).map((result) => result.memory.content);
    });
    expect(seen).toEqual(['the pelican note of this batch']);
  });

  it('a recall made when no transaction is open answers at once, without waiting for a write under way', async () => {
    await memory.remember({ type: 'observation', content: 'the committed pelican note' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The engine's writes are held (exclusively), but nothing is written: no transaction is open.
    const holding = memory.exclusively(() => held);
    const results = await memory.recallRelevant('pelican note', { limit: 5 });
    expect(results.map((result) => result.memory.content)).toEqual(['the committed pelican note']);
    release();
    await holding;
  });
});

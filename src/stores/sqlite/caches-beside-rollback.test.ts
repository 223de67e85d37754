import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteKeywordIndex } from './keyword-index.ts';
import { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';

// The in-memory caches of the agent's connection (keyword postings, the vectors' sign codes) catch up with the
// change logs before they answer. A search inside `atomically` (the live watcher matches each candidate against
// what its batch already wrote) catches them up with the transaction's own changes; when it rolls back, SQLite
// hands the same seq and change number to the next write, and a cache that kept the rolled-back change took the
// next write for one it had seen: it kept the rolled-back memory's words or code under that seq and never read
// the new one's.

const scope = { agentId: 'ada' };
const DIMENSIONS = 32;
let home: ReturnType<typeof createTempHome>;
let backend: SqliteBackend;

beforeEach(() => {
  home = createTempHome();
  backend = createSqliteBackend({ home: home.home });
});
afterEach(async () => {
  await backend.close();
  home.cleanup();
});

function record(id: string, content: string, at: number) {
  return buildRecord({ type: 'observation', content }, { ...scope, sessionId: 's', id, now: at }).record;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}

/** A write inside `atomically`, a search there that sees it, then the transaction fails. */
async function failedBatch(write: () => Promise<void>, search: () => Promise<unknown>): Promise<void> {
  await expect(
    backend.atomically!(scope, async () => {
      await write();
      await search();
      throw new Error('the batch fails');
    }),
  ).rejects.toThrow('the batch fails');
}

describe('caches of the agent’s connection beside a transaction that rolls back', () => {
  it('keyword postings: the rolled-back memory’s words are not found, the next memory’s are', async () => {
    await backend.store.insertMany(scope, Array.from({ length: 30 }, (_, index) => record(`m${index}`, `garden note ${index}: the roses need water`, 1_000 + index)));
    const postings = createSqliteKeywordIndex({ pool: backend.pool, postingsFromMemories: 1 });
    const fts = createSqliteKeywordIndex({ pool: backend.pool, postingsFromMemories: Number.POSITIVE_INFINITY });
    await postings.maintain(scope);
    expect((await postings.search(scope, ['roses'], { limit: 50 })).length).toBe(30);
    await failedBatch(
      () => backend.store.insertMany(scope, [record('rolled', 'the zebra crossing by the school', 2_000)]).then(() => undefined),
      async () => expect((await postings.search(scope, ['zebra'], { limit: 5 })).map((hit) => hit.id)).toEqual(['rolled']),
    );
    // Same seq, same change number as the rolled-back write.
    await backend.store.insertMany(scope, [record('kept', 'a quiet lake behind the hills', 2_001)]);
    for (const words of [['zebra'], ['lake'], ['roses', 'lake']]) {
      const expected = (await fts.search(scope, words, { limit: 50 })).map((hit) => hit.id);
      expect((await postings.search(scope, words, { limit: 50 })).map((hit) => hit.id)).toEqual(expected);
    }
    expect((await postings.search(scope, ['lake'], { limit: 5 })).map((hit) => hit.id)).toEqual(['kept']);
  });

  it('sign codes: the memory written after the rollback is found by its own vector', async () => {
    const next = seeded(7);
    const vectors = Array.from({ length: 1_000 }, () => Float32Array.from({ length: DIMENSIONS }, next));
    const records = vectors.map((_, index) => record(`m${index}`, `memory ${index}`, 1_000 + index));
    await backend.vectors.bind(scope, { provider: 'test', modelId: 'test-model', dimensions: DIMENSIONS });
    await backend.store.insertMany(scope, records);
    await backend.vectors.upsert(scope, records.map((stored, index) => ({ id: stored.id, vector: vectors[index]! })));
    const kept = Float32Array.from({ length: DIMENSIONS }, next);
    // The rolled-back memory's vector is the opposite of the next one's: its sign code is as far from it as a code can be.
    const rolled = kept.map((value) => -value);
    expect((await backend.vectors.search(scope, vectors[0]!, { limit: 1 }))[0]!.id).toBe('m0');
    await failedBatch(
      async () => {
        await backend.store.insertMany(scope, [record('rolled', 'rolled back', 2_000)]);
        await backend.vectors.upsert(scope, [{ id: 'rolled', vector: rolled }]);
      },
      async () => expect((await backend.vectors.search(scope, rolled, { limit: 1 }))[0]!.id).toBe('rolled'),
    );
    await backend.store.insertMany(scope, [record('kept', 'kept', 2_001)]);
    await backend.vectors.upsert(scope, [{ id: 'kept', vector: kept }]);
    const [best] = await backend.vectors.search(scope, kept, { limit: 1 });
    expect(best!.id).toBe('kept');
    expect(best!.similarity).toBeCloseTo(1, 2);
  });

  it('a batch that commits keeps what its search read, once, for both caches', async () => {
    const next = seeded(11);
    await backend.vectors.bind(scope, { provider: 'test', modelId: 'test-model', dimensions: DIMENSIONS });
    const records = Array.from({ length: 600 }, (_, index) => record(`m${index}`, `garden note ${index}: the roses need water`, 1_000 + index));
    const vectors = records.map(() => Float32Array.from({ length: DIMENSIONS }, next));
    await backend.store.insertMany(scope, records);
    await backend.vectors.upsert(scope, records.map((stored, index) => ({ id: stored.id, vector: vectors[index]! })));
    const postings = createSqliteKeywordIndex({ pool: backend.pool, postingsFromMemories: 1 });
    await postings.maintain(scope);
    const inBatch = Float32Array.from({ length: DIMENSIONS }, next);
    await backend.atomically!(scope, async () => {
      await backend.store.insertMany(scope, [record('batch', 'the zebra crossing by the school', 2_000)]);
      await backend.vectors.upsert(scope, [{ id: 'batch', vector: inBatch }]);
      expect((await postings.search(scope, ['zebra'], { limit: 5 })).map((hit) => hit.id)).toEqual(['batch']);
      expect((await backend.vectors.search(scope, inBatch, { limit: 1 }))[0]!.id).toBe('batch');
    });
    const after = Float32Array.from({ length: DIMENSIONS }, next);
    await backend.store.insertMany(scope, [record('after', 'a quiet lake behind the hills', 2_001)]);
    await backend.vectors.upsert(scope, [{ id: 'after', vector: after }]);
    for (const [words, id] of [[['zebra'], 'batch'], [['lake'], 'after']] as const) {
      expect((await postings.search(scope, [...words], { limit: 5 })).map((hit) => hit.id)).toEqual([id]);
    }
    expect((await backend.vectors.search(scope, inBatch, { limit: 1 }))[0]!.id).toBe('batch');
    expect((await backend.vectors.search(scope, after, { limit: 1 }))[0]!.id).toBe('after');
  });
});

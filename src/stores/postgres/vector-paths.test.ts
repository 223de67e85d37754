import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRecord, contractScope } from '../../testing/backend-contract.ts';
import { postgresBinaries, startPgliteServer, startPostgresServer, type PostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresBackend, type PostgresBackend } from './postgres-backend.ts';

// The contract's agents are small and searched exactly: these run the approximate paths, sign-bit
// prefilter + re-rank (core) and HNSW with iterative scans (pgvector), against exact answers.
const DIMENSIONS = 64;
const COUNT = 1_500;

function seeded(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/** Vectors in 30 topics, close within a topic: like sentence embeddings, unlike uniform noise. */
function clustered(count: number, seed: number): Float32Array[] {
  const random = seeded(seed);
  const centreRandom = seeded(7);
  const centres = Array.from({ length: 30 }, () => Float32Array.from({ length: DIMENSIONS }, () => centreRandom() - 0.5));
  return Array.from({ length: count }, () => {
    const centre = centres[Math.floor(random() * centres.length)]!;
    const vector = centre.map((value) => value + (random() - 0.5) * 0.5);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  });
}

const dot = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);

async function recallAtTen(backend: PostgresBackend): Promise<number> {
  const scope = contractScope();
  await backend.vectors.bind(scope, { provider: 'test', modelId: 'clustered-64', dimensions: DIMENSIONS });
  const vectors = clustered(COUNT, 3);
  const records = vectors.map((_, index) => contractRecord(scope, `vector memory ${index}`));
  await backend.store.insertMany(scope, records);
  await backend.vectors.upsert(scope, records.map((record, index) => ({ id: record.id, vector: vectors[index]! })));
  const queries = clustered(20, 11);
  let found = 0;
  for (const query of queries) {
    const exact = records.map((record, index) => ({ id: record.id, score: dot(query, vectors[index]!) })).sort((left, right) => right.score - left.score).slice(0, 10).map((hit) => hit.id);
    const hits = (await backend.vectors.search(scope, query, { limit: 10 })).map((hit) => hit.id);
    found += hits.filter((id) => exact.includes(id)).length;
  }
  return found / (queries.length * 10);
}

let core: PostgresServerHandle | undefined;
let pglite: PostgresServerHandle | undefined;
beforeAll(async () => {
  [core, pglite] = await Promise.all([postgresBinaries() === null ? undefined : startPostgresServer(), startPgliteServer()]);
}, 60_000);
afterAll(async () => {
  await core?.stop();
  await pglite?.stop();
});

describe('approximate vector search on PostgreSQL finds what exact search finds', () => {
  it.skipIf(postgresBinaries() === null)('core path (sign bits + exact re-rank of 400): recall@10 of at least 0.9', async () => {
    const backend = await createPostgresBackend({ connectionString: core!.url, vectors: 'core' });
    try {
      expect(await recallAtTen(backend)).toBeGreaterThanOrEqual(0.9);
    } finally {
      await backend.close();
    }
  }, 120_000);

  it('pgvector HNSW with iterative scans (the agent beside another in the same index): recall@10 of at least 0.9', async () => {
    const backend = await createPostgresBackend({ connectionString: pglite!.url, maxConnections: 1, vectors: 'pgvector', exactVectorsBelow: 100 });
    try {
      // Another agent's vectors share the HNSW index: the filter must still yield this agent's 10.
      await recallAtTen(backend);
      expect(await recallAtTen(backend)).toBeGreaterThanOrEqual(0.9);
    } finally {
      await backend.close();
    }
  }, 300_000);
});

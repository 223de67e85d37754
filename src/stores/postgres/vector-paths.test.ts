import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentScope } from '../../spec/memory-store.ts';
import { contractRecord, contractScope } from '../../testing/backend-contract.ts';
import { pgvectorInstalled, postgresBinaries, startPgliteServer, startPostgresServer, type PostgresServerHandle, type RestartablePostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresBackend, type PostgresBackend } from './postgres-backend.ts';

// The contract's agents are small and searched exactly: these run the approximate paths, (coarse lists +) sign-bit
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

interface Loaded {
  scope: AgentScope;
  ids: string[];
  vectors: Float32Array[];
}

/** Writes `count` clustered vectors (seeded by `seed`) into the agent, binding its model first. */
async function load(backend: PostgresBackend, count: number, seed: number, into: Loaded = { scope: contractScope(), ids: [], vectors: [] }): Promise<Loaded> {
  const { scope } = into;
  await backend.vectors.bind(scope, { provider: 'test', modelId: 'clustered-64', dimensions: DIMENSIONS });
  const vectors = clustered(count, seed);
  const records = vectors.map((_, index) => contractRecord(scope, `vector memory ${seed} ${index}`));
  await backend.store.insertMany(scope, records);
  await backend.vectors.upsert(scope, records.map((record, index) => ({ id: record.id, vector: vectors[index]! })));
  return { scope, ids: [...into.ids, ...records.map((record) => record.id)], vectors: [...into.vectors, ...vectors] };
}

/** Share of the exact top 10 the index returns, over 20 queries. */
async function recallOf(backend: PostgresBackend, { scope, ids, vectors }: Loaded): Promise<number> {
  const queries = clustered(20, 11);
  let found = 0;
  for (const query of queries) {
    const exact = ids.map((id, index) => ({ id, score: dot(query, vectors[index]!) })).sort((left, right) => right.score - left.score).slice(0, 10).map((hit) => hit.id);
    const hits = (await backend.vectors.search(scope, query, { limit: 10 })).map((hit) => hit.id);
    found += hits.filter((id) => exact.includes(id)).length;
  }
  return found / (queries.length * 10);
}

async function recallAtTen(backend: PostgresBackend): Promise<number> {
  return recallOf(backend, await load(backend, COUNT, 3));
}

/** Each generation of the agent's lists, with how many of its vectors carry it (0: not assigned). */
async function generations(backend: PostgresBackend, scope: AgentScope): Promise<{ trained: number | null; rows: Record<number, number> }> {
  const [lists] = await backend.database.rows<{ generation: number }>('SELECT generation FROM vector_lists WHERE agent_id = $1', [scope.agentId]);
  const rows = await backend.database.rows<{ generation: number; n: string }>('SELECT generation, count(*) AS n FROM memory_vector_bits WHERE agent_id = $1 GROUP BY generation', [scope.agentId]);
  return { trained: lists?.generation ?? null, rows: Object.fromEntries(rows.map((row) => [row.generation, Number(row.n)])) };
}

let core: RestartablePostgresServerHandle | undefined;
let pglite: PostgresServerHandle | undefined;
beforeAll(async () => {
  [core, pglite] = await Promise.all([postgresBinaries() === null ? undefined : startPostgresServer(), startPgliteServer()]);
}, 60_000);
afterAll(async () => {
  await core?.stop();
  await pglite?.stop();
});

describe('approximate vector search on PostgreSQL finds what exact search finds', () => {
  it.skipIf(postgresBinaries() === null)('core path before its lists are trained (sign bits + exact re-rank of 400): recall@10 of at least 0.9', async () => {
    const backend = await createPostgresBackend({ connectionString: core!.url, vectors: 'core' });
    try {
      expect(await recallAtTen(backend)).toBeGreaterThanOrEqual(0.9);
    } finally {
      await backend.close();
    }
  }, 120_000);

  it.skipIf(postgresBinaries() === null)('core path with coarse lists (IVF): trained at 1,000, new vectors assigned on write, retrained when doubled by one of two processes, recall@10 of at least 0.9', async () => {
    const [first, second] = await Promise.all([createPostgresBackend({ connectionString: core!.url, vectors: 'core' }), createPostgresBackend({ connectionString: core!.url, vectors: 'core' })]);
    try {
      let agent = await load(first, COUNT, 3);
      // Another agent in the same tables, trained too: its lists and rows never enter this agent's probes.
      const other = await load(first, COUNT, 5);
      await first.vectors.maintain(other.scope);
      expect(await generations(first, agent.scope)).toEqual({ trained: null, rows: { 0: COUNT } });
      await first.vectors.maintain(agent.scope);
      expect(await generations(first, agent.scope)).toEqual({ trained: 1, rows: { 1: COUNT } });
      expect(await recallOf(first, agent)).toBeGreaterThanOrEqual(0.9);
      // Written after training: assigned to the current lists on write, found through them.
      agent = await load(second, 500, 17, agent);
      expect(await generations(first, agent.scope)).toEqual({ trained: 1, rows: { 1: COUNT + 500 } });
      expect(await recallOf(second, agent)).toBeGreaterThanOrEqual(0.9);
      // Doubled (3,100 ≥ 2 × 1,500): both processes maintain at once while more is written; one trains generation 2.
      agent = await load(first, 1_100, 23, agent);
      const writing = load(second, 300, 29, agent);
      await Promise.all([first.vectors.maintain(agent.scope), second.vectors.maintain(agent.scope), writing]);
      agent = await writing;
      await first.vectors.maintain(agent.scope); // finishes a reassignment the writes raced with, if any
      expect(await generations(first, agent.scope)).toEqual({ trained: 2, rows: { 2: agent.ids.length } });
      expect(await recallOf(first, agent)).toBeGreaterThanOrEqual(0.9);
      expect(await recallOf(second, agent)).toBeGreaterThanOrEqual(0.9);
      expect(await generations(first, other.scope)).toEqual({ trained: 1, rows: { 1: COUNT } });
      // Rows of an older generation (a reassignment not finished yet) are ranked by one of the probe's two halves
      // (two statements on two connections): found, and only once.
      const stale = agent.ids.slice(0, 200);
      await first.database.rows('UPDATE memory_vector_bits SET generation = 1 WHERE agent_id = $1 AND memory_id = ANY($2::text[])', [agent.scope.agentId, stale]);
      for (const index of [0, 50, 199]) {
        const hits = (await first.vectors.search(agent.scope, agent.vectors[index]!, { limit: 10 })).map((hit) => hit.id);
        expect(hits[0]).toBe(stale[index]);
        expect(new Set(hits).size).toBe(hits.length);
      }
    } finally {
      await first.close();
      await second.close();
    }
  }, 300_000);

  const hnsw = async (connectionString: string, maxConnections?: number) => {
    const backend = await createPostgresBackend({ connectionString, ...(maxConnections === undefined ? {} : { maxConnections }), vectors: 'pgvector', exactVectorsBelow: 100 });
    try {
      // Another agent's vectors share the HNSW index: the filter must still yield this agent's 10.
      await recallAtTen(backend);
      expect(await recallAtTen(backend)).toBeGreaterThanOrEqual(0.9);
    } finally {
      await backend.close();
    }
  };
  it.skipIf(!pgvectorInstalled())('pgvector HNSW with iterative scans on PostgreSQL 15 (the agent beside another in the same index): recall@10 of at least 0.9', async () => {
    await hnsw(await core!.createDatabase('hippocampus_pgvector'));
  }, 300_000);
  it('efSearch outside pgvector\'s range (1–1,000) is CONFIG_ERROR before anything connects', async () => {
    // Port 1 on loopback answers nothing: a connection attempt would be STORE_UNAVAILABLE, not CONFIG_ERROR.
    for (const efSearch of [0, 1001, 2.5, Number.NaN]) {
      await expect(createPostgresBackend({ connectionString: 'postgres://hippocampus@127.0.0.1:1/none', efSearch })).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
    }
  });
  it.skipIf(!pgvectorInstalled())('efSearch reaches the HNSW search: 400 keeps recall@10 at least 0.9 and no lower than 10 does', async () => {
    const url = await core!.createDatabase('hippocampus_ef_search');
    const writer = await createPostgresBackend({ connectionString: url, vectors: 'pgvector' });
    const loaded = await load(writer, COUNT, 31);
    await writer.close();
    // Searched through HNSW (an agent below exactVectorsBelow is searched exactly), with ef_search 10 and 400.
    const [narrow, wide] = await Promise.all([10, 400].map((efSearch) => createPostgresBackend({ connectionString: url, exactVectorsBelow: 100, efSearch })));
    try {
      const [narrowRecall, wideRecall] = [await recallOf(narrow!, loaded), await recallOf(wide!, loaded)];
      expect(wideRecall).toBeGreaterThanOrEqual(narrowRecall);
      expect(wideRecall).toBeGreaterThanOrEqual(0.9);
    } finally {
      await narrow!.close();
      await wide!.close();
    }
  }, 300_000);
  it.skipIf(!pgvectorInstalled())("the backend's own connections carry ef_search and the iterative scan (one statement a search); a caller's pool gets them in each search's transaction", async () => {
    const url = await core!.createDatabase('hippocampus_hnsw_settings');
    const own = await createPostgresBackend({ connectionString: url, vectors: 'pgvector', exactVectorsBelow: 100, efSearch: 300 });
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const given = await createPostgresBackend({ pool, exactVectorsBelow: 100, efSearch: 300 });
    try {
      // Another agent's vectors share the HNSW index: only the iterative scan yields this agent's ten.
      await recallAtTen(own);
      expect(await recallAtTen(own)).toBeGreaterThanOrEqual(0.9);
      const settings = async (database: PostgresBackend['database']) =>
        (await database.rows<{ ef: string; scan: string }>("SELECT current_setting('hnsw.ef_search', true) AS ef, current_setting('hnsw.iterative_scan', true) AS scan"))[0];
      expect(await settings(own.database)).toEqual({ ef: '300', scan: 'relaxed_order' });
      // The caller's connections keep pgvector's defaults (or none, before pgvector is loaded on one); the searches set theirs and still find the ten.
      expect(['40', null]).toContain((await settings(given.database))!.ef);
      expect(await recallAtTen(given)).toBeGreaterThanOrEqual(0.9);
    } finally {
      await own.close();
      await given.close();
      await pool.end();
    }
  }, 300_000);
  it('pgvector HNSW with iterative scans on PGlite: recall@10 of at least 0.9', async () => {
    await hnsw(pglite!.url, 1);
  }, 300_000);
});

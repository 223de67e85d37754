import { embeddingModelMismatch } from '../../errors/embedding-model-mismatch.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { AgentScope, MemoryQuery } from '../../spec/memory-store.ts';
import type { EmbeddingModelInfo, VectorHit, VectorIndex } from '../../spec/search-index.ts';
import { cosineSimilarity } from '../../working/similarity.ts';
import { buildWhere, Parameters } from './memory-query.ts';
import type { PostgresDatabase, Queryable } from './postgres-database.ts';
import { missingRelations } from './migrations.ts';
import { createVectorLists, type AgentLists } from './vector-lists.ts';

export type PostgresVectorPath = 'pgvector' | 'core';

export interface PostgresVectorIndexOptions {
  database: PostgresDatabase;
  path: PostgresVectorPath;
  /**
   * Below this many vectors an agent is searched exactly. Default 5,000 on pgvector (the distance is
   * computed in the database) and 1,000 on the core path, where an exact search brings every float
   * vector of the agent to this process (2 KB each at 512-d: 10 MB a query at 5,000).
   */
  exactBelow?: number;
  /** Core path: how many of the nearest by Hamming distance of the sign bits are re-ranked by exact cosine. Default 300. */
  rerank?: number;
  /** Core path: how many coarse lists (IVF) a query probes once the agent's lists are trained. Default 16. */
  probes?: number;
  /** pgvector: `hnsw.ef_search`, the candidate list an HNSW search keeps (at least twice the limit). Default EF_SEARCH. */
  efSearch?: number;
  /**
   * True when every connection of the pool starts with `hnswConnectionOptions(efSearch)` (a pool the backend
   * made): a search whose limit fits the list is one statement, without a transaction to `SET LOCAL` them.
   */
  hnswOnConnections?: boolean;
}

/**
 * pgvector's `hnsw.ef_search` by default. Measured on a real pgvector 0.8.0 server, the scale bench's 100k agent of
 * the pairs corpus beside 10 agents of 10k (60 held-out questions, `bench/postgres-vector-recall.bench.ts`), recall
 * against exact at 10 / 50: 0.752 / 0.712 at 100 (twice the 50 candidates a recall asks, the earlier setting),
 * 0.843 / 0.818 at 200, 0.958 / 0.939 at 400, 0.975 / 0.969 at 800; the search's time about 2.4× at 400 what it is
 * at 100. 400 is the first that reaches the core path's ~0.95 (docs/postgres.md, "Vectors").
 */
export const EF_SEARCH = 400;

/** pgvector 0.8's iterative scan, on a pool's connections or a search's transaction: keep walking the graph until `limit` rows of this agent pass the filter. */
const ITERATIVE_SCAN = 'relaxed_order';

/**
 * The HNSW settings as connection options (`-c`), for a pool whose every search may take them: the
 * search is then one statement. With them set in the search's own transaction (BEGIN, two SET LOCALs,
 * the search, COMMIT) the four extra round trips cost 1 ms at p50 and 5.6 ms (BEGIN) and 9.8 ms (COMMIT)
 * at p95 on the bench's 100k agent at load 8 (bench/postgres-recall-profile.bench.ts). On a server without
 * pgvector they are placeholders that nothing reads.
 */
export function hnswConnectionOptions(efSearch: number): string {
  return `-c hnsw.ef_search=${efSearch} -c hnsw.iterative_scan=${ITERATIVE_SCAN}`;
}

/** The `efSearch` option checked (an integer in pgvector's range 1–1,000), or the default. */
export function efSearchOf(value: number | undefined): number {
  if (value === undefined) return EF_SEARCH;
  if (!Number.isInteger(value) || value < 1 || value > 1000) throw new HippocampusError({ code: 'CONFIG_ERROR', message: `efSearch must be an integer from 1 to 1000 (pgvector's range), got ${String(value)}` });
  return value;
}

const toBytes = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
const fromBytes = (bytes: Buffer) => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const toVectorText = (vector: Float32Array) => `[${Array.from(vector).join(',')}]`;
const fromVectorText = (text: string) => new Float32Array(JSON.parse(text) as number[]);
/** One bit a dimension, set where the value is positive: the Hamming distance of two such strings tracks their angle. */
const signBits = (vector: Float32Array) => Array.from(vector, (value) => (value > 0 ? '1' : '0')).join('');

/** The `limit` most similar, ties broken by id as every exact search breaks them. */
function bestFirst(hits: VectorHit[], limit: number): VectorHit[] {
  return hits.sort((left, right) => right.similarity - left.similarity || (left.id < right.id ? -1 : 1)).slice(0, limit);
}

/**
 * Vectors of many agents in PostgreSQL, on one of two paths decided per database:
 * - **pgvector**: `vector` values, one partial HNSW index (cosine) per dimension; an agent with few
 *   vectors is searched exactly, a large one through HNSW with iterative scans (pgvector 0.8) so the
 *   agent filter still yields `limit` hits.
 * - **core** (no extension): coarse lists (IVF, vector-lists.ts) pick the rows a query looks at, sign
 *   bits (`bit varying`, in the lists' index) rank them by Hamming distance (`bit_count(a # b)`), then
 *   exact cosine on the float32 copies of the nearest few hundred. Before an agent's lists are trained
 *   (maintain), the Hamming ranking scans its rows.
 * Filtered searches (`where`, `withinIds`) are exact on both.
 */
export function createPostgresVectorIndex(options: PostgresVectorIndexOptions): VectorIndex {
  const { database, path } = options;
  const exactBelow = options.exactBelow ?? (path === 'pgvector' ? 5_000 : 1_000);
  // Each candidate re-ranked is an index lookup and a heap page for its floats (23 of a 49 ms probe at 100k
  // with 400). On the bench's 100k agent (60 held-out questions against exact, 47 lists probed) recall@10 was
  // 0.973 at 300 and 0.965 at 250 (60 questions), 1.0 at 400 and 0.925 at 150 (40 of them).
  const rerank = options.rerank ?? 300;
  const efSearch = efSearchOf(options.efSearch);
  const table = path === 'pgvector' ? 'memory_vectors' : 'memory_vector_bits';
  const lists = createVectorLists({ database, minimumVectors: exactBelow, ...(options.probes === undefined ? {} : { probes: options.probes }) });

  async function boundModel(client: Queryable, agentId: string): Promise<EmbeddingModelInfo | null> {
    const [row] = await client.rows<{ provider: string; model_id: string; dimensions: number }>('SELECT provider, model_id, dimensions FROM vector_models WHERE agent_id = $1', [agentId]);
    return row === undefined ? null : { provider: row.provider, modelId: row.model_id, dimensions: row.dimensions };
  }

  async function ensureDimensionIndex(client: Queryable, dimensions: number): Promise<void> {
    if (path !== 'pgvector') return;
    if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions > 16_000) throw new StoreError({ message: `Invalid vector dimensions ${dimensions}` });
    // Made once per dimension, by whoever binds it first; later binds (maybe by a role owning no table) only look.
    if (!(await missingRelations(client, [`memory_vectors_hnsw_${dimensions}`]))) return;
    await client.rows(`CREATE INDEX IF NOT EXISTS memory_vectors_hnsw_${dimensions} ON memory_vectors USING hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) WHERE dimensions = ${dimensions}`);
  }

  // Which path a search takes and which model is bound change rarely: asked at most every few seconds
  // per agent instead of on every search (two round trips of ~5, measured at 10k memories).
  // A stale "no lists yet" only costs a scan; stale lists are caught by the generation the probe returns.
  type SearchState = { at: number; /** Up to `exactBelow`. */ count: number; model: EmbeddingModelInfo | null; lists: AgentLists | null };
  const recently = new Map<string, SearchState>();
  const FRESH_MS = 5_000;
  async function searchState(agentId: string): Promise<SearchState> {
    const held = recently.get(agentId);
    if (held !== undefined && Date.now() - held.at < FRESH_MS) return held;
    // Counted up to the threshold only: the count decides exact or not, and counting 100k index entries every few seconds landed in the tail.
    const [row] = await database.rows<{ n: string }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE agent_id = $1 LIMIT $2) AS held`, [agentId, exactBelow]);
    const state = { at: Date.now(), count: Number(row?.n ?? 0), model: await boundModel(database, agentId), lists: path === 'core' ? await lists.current(database, agentId) : null };
    if (recently.size > 10_000) recently.clear();
    // An agent with no model yet may get one from another process at any moment: not kept.
    if (state.model !== null) recently.set(agentId, state);
    return state;
  }

  /** Exact cosine over the memories matching `where` (pgvector computes it; core decodes and computes here). */
  async function exactSearch(scope: AgentScope, vector: Float32Array, where: MemoryQuery, limit: number): Promise<VectorHit[]> {
    const parameters = new Parameters();
    const clause = buildWhere(scope, { includeSuperseded: true, ...where }, parameters);
    if (path === 'pgvector') {
      const query = parameters.add(toVectorText(vector));
      const rows = await database.rows<{ id: string; distance: number }>(
        `SELECT m.id, v.embedding <=> ${query}::vector AS distance FROM memories m JOIN memory_vectors v ON v.memory_seq = m.seq WHERE ${clause} ORDER BY distance, m.id LIMIT ${parameters.add(limit)}`,
        parameters.values,
      );
      return rows.map((row) => ({ id: row.id, similarity: 1 - row.distance }));
    }
    const rows = await database.rows<{ id: string; embedding: Buffer }>(`SELECT m.id, v.embedding FROM memories m JOIN memory_vector_bits v ON v.memory_seq = m.seq WHERE ${clause}`, parameters.values);
    return rankExactly(rows, vector, limit);
  }

  function rankExactly(rows: { id: string; embedding: Buffer }[], vector: Float32Array, limit: number): VectorHit[] {
    return bestFirst(rows.map((row) => ({ id: row.id, similarity: cosineSimilarity(vector, fromBytes(row.embedding)) })), limit);
  }

  /**
   * The rows of the lists nearest the query and every row not assigned in the current generation,
   * ranked by Hamming distance, the nearest re-ranked exactly. Null when the lists changed since they
   * were read (another process trained them): the caller reads them again.
   */
  async function probeLists(scope: AgentScope, vector: Float32Array, agentLists: AgentLists, limit: number): Promise<VectorHit[] | null> {
    const probed = lists.probed(agentLists, vector);
    const query = signBits(vector);
    const keep = Math.max(rerank, limit * 4);
    // `unassignedBelow`: the rows of older generations (not yet reassigned) are ranked where it is the current generation; 0 matches none.
    const probe = async (client: Queryable, listsOf: number[], unassignedBelow: number, count: number) =>
      // Ranked from the lists' index (sequence number and bits ride in it); the survivors' floats and ids from their rows.
      client.rows<{ memory_id: string; embedding: Buffer; generation: number | null }>(
        `SELECT v.memory_id, v.embedding, (SELECT generation FROM vector_lists WHERE agent_id = $1) AS generation
         FROM (SELECT c.memory_seq FROM (
                 SELECT memory_seq, bits FROM memory_vector_bits WHERE agent_id = $1 AND generation = $2 AND list = ANY($3::int[])
                 UNION ALL SELECT memory_seq, bits FROM memory_vector_bits WHERE agent_id = $1 AND generation < $6
               ) AS c ORDER BY bit_count(c.bits # $4::bit varying) LIMIT $5) AS s
         JOIN memory_vector_bits v ON v.memory_seq = s.memory_seq`,
        [scope.agentId, agentLists.generation, listsOf, query, count, unassignedBelow],
      );
    // Parallel workers cost more to start than the few thousand index entries take (22 of 50 ms in EXPLAIN ANALYZE at 100k):
    // off on the backend's own connections already; on a caller's pool, for this statement (BEGIN, SET LOCAL, COMMIT: three round trips more).
    let rows: Awaited<ReturnType<typeof probe>>;
    if (!database.serialPlans) {
      rows = await database.readTransaction(async (client) => {
        await client.rows('SET LOCAL max_parallel_workers_per_gather = 0');
        return probe(client, probed, agentLists.generation, keep);
      });
    } else if ((database.pool.options.max ?? 10) < 3 || probed.length < 2) {
      rows = await probe(database, probed, agentLists.generation, keep);
    } else {
      // Two halves on two connections at once (the nearest lists dealt alternately, so each holds as many near
      // ones): a recall waits for the probe (BM25 beside it is shorter), and one backend ranked the 12.5-17.7k
      // index entries of 48 lists while the other core could be idle. Each half re-ranks 7/12 of the count (175 of
      // 300): the union of two top-150s is not the top 300 (recall@10 against exact 0.940, where one statement gave
      // 0.950 on 100 held-out questions at 100k); two top-175s gave 0.948 (recall@50 0.931 against 0.929).
      const half = Math.round((keep * 7) / 12);
      const [even, odd] = await Promise.all([
        probe(database, probed.filter((_, index) => index % 2 === 0), agentLists.generation, half),
        probe(database, probed.filter((_, index) => index % 2 === 1), 0, half),
      ]);
      rows = [...even, ...odd];
    }
    if (rows.length === 0 || rows.some((row) => row.generation !== agentLists.generation)) {
      const fresh = await lists.current(database, scope.agentId);
      if (fresh?.generation !== agentLists.generation) return null;
    }
    // The ids come with the rows (schema 7): the survivors' ids were a second statement, a round trip every search.
    return rankExactly(rows.map((row) => ({ id: row.memory_id, embedding: row.embedding })), vector, limit);
  }

  async function approximateSearch(scope: AgentScope, vector: Float32Array, dimensions: number, limit: number, agentLists: AgentLists | null): Promise<VectorHit[]> {
    if (path === 'core' && agentLists !== null) {
      const hits = await probeLists(scope, vector, agentLists, limit);
      if (hits !== null) return hits;
      recently.delete(scope.agentId);
      const fresh = await lists.current(database, scope.agentId);
      return approximateSearch(scope, vector, dimensions, limit, fresh);
    }
    if (path === 'core') {
      const rows = await database.rows<{ id: string; embedding: Buffer }>(
        // Ranked from the lists' index (bits and seq ride in it), the floats read for the nearest only:
        // with them in the ranking it read every row's 2 KB (410 ms at 100k, against 20 ms through lists).
        `SELECT v.memory_id AS id, v.embedding FROM (SELECT memory_seq FROM memory_vector_bits WHERE agent_id = $1 ORDER BY bit_count(bits # $2::bit varying) LIMIT $3) AS s
         JOIN memory_vector_bits v ON v.memory_seq = s.memory_seq`,
        [scope.agentId, signBits(vector), Math.max(rerank, limit * 4)],
      );
      return rankExactly(rows, vector, limit);
    }
    const search = async (client: Queryable) => {
      const rows = await client.rows<{ id: string; distance: number }>(
        `SELECT m.id, v.distance FROM (SELECT memory_seq, embedding::vector(${dimensions}) <=> $2::vector(${dimensions}) AS distance FROM memory_vectors
           WHERE dimensions = ${dimensions} AND agent_id = $1 ORDER BY embedding::vector(${dimensions}) <=> $2::vector(${dimensions}) LIMIT $3) AS v
         JOIN memories m ON m.seq = v.memory_seq`,
        [scope.agentId, toVectorText(vector), limit],
      );
      return rows.map((row) => ({ id: row.id, similarity: 1 - row.distance })).sort((left, right) => right.similarity - left.similarity);
    };
    const listSize = Math.min(1000, Math.max(efSearch, limit * 2));
    // The pool's connections already carry the settings (hnswConnectionOptions) when the list they set is enough.
    if (options.hnswOnConnections === true && listSize === efSearch) return search(database);
    return database.readTransaction(async (client) => {
      await client.rows(`SET LOCAL hnsw.ef_search = ${listSize}`);
      await client.rows(`SET LOCAL hnsw.iterative_scan = '${ITERATIVE_SCAN}'`);
      return search(client);
    });
  }

  return {
    // The server writes (the HNSW insert is its work): the engine embeds the next step meanwhile.
    writesElsewhere: true,

    async bind(scope, model) {
      recently.delete(scope.agentId);
      await database.writeTransaction(scope.agentId, async (client) => {
        const bound = await boundModel(client, scope.agentId);
        if (bound !== null) {
          const refused = embeddingModelMismatch(scope.agentId, bound, model);
          if (refused !== null) throw refused;
          return;
        }
        await client.rows('INSERT INTO vector_models (agent_id, provider, model_id, dimensions) VALUES ($1, $2, $3, $4)', [scope.agentId, model.provider, model.modelId, model.dimensions]);
      });
      await database.withClient((client) => ensureDimensionIndex(client, model.dimensions));
    },

    async boundModel(scope) {
      return boundModel(database, scope.agentId);
    },

    async rebind(scope, model) {
      recently.delete(scope.agentId);
      await database.writeTransaction(scope.agentId, async (client) => {
        await client.rows(`DELETE FROM ${table} WHERE agent_id = $1`, [scope.agentId]);
        if (path === 'core') await lists.drop(client, scope.agentId);
        await client.rows(
          'INSERT INTO vector_models (agent_id, provider, model_id, dimensions) VALUES ($1, $2, $3, $4) ON CONFLICT (agent_id) DO UPDATE SET provider = excluded.provider, model_id = excluded.model_id, dimensions = excluded.dimensions',
          [scope.agentId, model.provider, model.modelId, model.dimensions],
        );
      });
      await database.withClient((client) => ensureDimensionIndex(client, model.dimensions));
    },

    async upsert(scope, items) {
      if (items.length === 0) return;
      await database.writeTransaction(scope.agentId, async (client) => {
        const model = await boundModel(client, scope.agentId);
        if (model === null) throw new StoreError({ message: `Agent "${scope.agentId}" has no embedding model bound yet` });
        for (const item of items) {
          if (item.vector.length !== model.dimensions) {
            throw new HippocampusError({ code: 'EMBEDDING_DIMENSION_MISMATCH', message: `Vector for ${item.id} has ${item.vector.length} dimensions, the index holds ${model.dimensions}` });
          }
        }
        const ids = items.map((item) => item.id);
        // A memory forgotten meanwhile has no row to join: its vector is never written.
        if (path === 'pgvector') {
          await client.rows(
            `INSERT INTO memory_vectors (memory_seq, agent_id, dimensions, embedding)
             SELECT m.seq, $1, $2, i.embedding::vector FROM unnest($3::text[], $4::text[]) AS i(id, embedding) JOIN memories m ON m.agent_id = $1 AND m.id = i.id
             ON CONFLICT (memory_seq) DO UPDATE SET embedding = excluded.embedding, dimensions = excluded.dimensions`,
            [scope.agentId, model.dimensions, ids, items.map((item) => toVectorText(item.vector))],
          );
        } else {
          // Assigned with the lists of the generation this transaction commits in (a switch takes the same lock).
          const assigned = lists.assign(await lists.current(client, scope.agentId), items.map((item) => item.vector));
          await client.rows(
            `INSERT INTO memory_vector_bits (memory_seq, memory_id, agent_id, bits, embedding, generation, list)
             SELECT m.seq, m.id, $1, i.bits::bit varying, i.embedding, i.generation, i.list
             FROM unnest($2::text[], $3::text[], $4::bytea[], $5::int[], $6::int[]) AS i(id, bits, embedding, generation, list) JOIN memories m ON m.agent_id = $1 AND m.id = i.id
             ON CONFLICT (memory_seq) DO UPDATE SET bits = excluded.bits, embedding = excluded.embedding, generation = excluded.generation, list = excluded.list`,
            [scope.agentId, ids, items.map((item) => signBits(item.vector)), items.map((item) => toBytes(item.vector)), assigned.generations, assigned.lists],
          );
        }
      });
    },

    async search(scope, vector, searchOptions) {
      // No direction (all zeros: a text the embedder has no token for) is near nothing: pgvector's cosine of it
      // is NaN, and recall ranked every memory with a NaN score where SQLite found none.
      if (searchOptions.limit <= 0 || vector.every((value) => value === 0)) return [];
      if (searchOptions.withinIds !== undefined) return exactSearch(scope, vector, { ...searchOptions.where, ids: searchOptions.withinIds }, searchOptions.limit);
      if (searchOptions.where !== undefined) return exactSearch(scope, vector, searchOptions.where, searchOptions.limit);
      const { count, model, lists: agentLists } = await searchState(scope.agentId);
      if (model === null) return [];
      if (model.dimensions !== vector.length) {
        throw new HippocampusError({ code: 'EMBEDDING_DIMENSION_MISMATCH', message: `Query vector has ${vector.length} dimensions, agent "${scope.agentId}" holds ${model.dimensions}` });
      }
      if (count < exactBelow) return exactSearch(scope, vector, {}, searchOptions.limit);
      return approximateSearch(scope, vector, model.dimensions, searchOptions.limit, agentLists);
    },

    async vectorsOf(scope, ids) {
      const vectors = new Map<string, Float32Array>();
      if (ids.length === 0) return vectors;
      if (path === 'pgvector') {
        const rows = await database.rows<{ id: string; embedding: string }>(
          'SELECT m.id, v.embedding::text AS embedding FROM memories m JOIN memory_vectors v ON v.memory_seq = m.seq WHERE m.agent_id = $1 AND m.id = ANY($2::text[])',
          [scope.agentId, ids],
        );
        for (const row of rows) vectors.set(row.id, fromVectorText(row.embedding));
        return vectors;
      }
      const rows = await database.rows<{ id: string; embedding: Buffer }>(
        'SELECT m.id, v.embedding FROM memories m JOIN memory_vector_bits v ON v.memory_seq = m.seq WHERE m.agent_id = $1 AND m.id = ANY($2::text[])',
        [scope.agentId, ids],
      );
      for (const row of rows) vectors.set(row.id, fromBytes(row.embedding));
      return vectors;
    },

    async missing(scope, limit) {
      const rows = await database.rows<{ id: string; content: string; type: string; domain: string | null; tags: string[] }>(
        `SELECT m.id, m.content, m.type, m.domain, m.tags FROM memories m
         WHERE m.agent_id = $1 AND NOT EXISTS (SELECT 1 FROM ${table} v WHERE v.memory_seq = m.seq) ORDER BY m.seq LIMIT $2`,
        [scope.agentId, limit],
      );
      return rows;
    },

    async statistics(scope) {
      const model = await boundModel(database, scope.agentId);
      const [row] = await database.rows<{ total: string; with_vectors: string; bytes: string | null }>(
        `SELECT (SELECT count(*) FROM memories WHERE agent_id = $1) AS total, count(*) AS with_vectors, sum(pg_column_size(v.embedding)) AS bytes FROM ${table} v WHERE v.agent_id = $1`,
        [scope.agentId],
      );
      return {
        total: Number(row?.total ?? 0),
        withVectors: Number(row?.with_vectors ?? 0),
        dimensions: model?.dimensions ?? null,
        modelId: model?.modelId ?? null,
        provider: model?.provider ?? null,
        indexBytes: Number(row?.bytes ?? 0),
      };
    },

    async maintain(scope) {
      // pgvector: PostgreSQL keeps the HNSW index. Core: (re)trains the agent's coarse lists when due.
      if (path === 'core') await lists.maintain(scope.agentId);
    },

    async close() {},
  };
}

import { nearestList, nearestLists, seededRandom, signWords, trainCentroids, withSigns, type CoarseCentroids } from './coarse-centroids.ts';
import type { PostgresDatabase, Queryable } from './postgres-database.ts';

/** An agent's trained lists: the generation its rows' `list` values refer to, and the centroids. */
export interface AgentLists {
  generation: number;
  coarse: CoarseCentroids;
}

export interface VectorListsOptions {
  database: PostgresDatabase;
  /** No lists below this many vectors (searched exactly there). */
  minimumVectors: number;
  /** Lists a query probes. Default: 15% of the agent's lists, at least 16. */
  probes?: number;
}

const toBytes = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
const fromBytes = (bytes: Buffer) => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

/** Sample vectors per list k-means trains on, and its rounds: ~3 s for 316 lists at 512-d here. */
const SAMPLE_PER_LIST = 40;
const ROUNDS = 8;
/** Rows reassigned per transaction after a training (each holds the agent's write lock briefly). */
const REASSIGN_BATCH = 2_000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Coarse lists (IVF) for the core vector path, per agent: k-means centroids trained on a sample of
 * the agent's vectors (√n lists) once it holds `minimumVectors`, and again each time it has doubled;
 * every vector carries the generation and list it was assigned (`memory_vector_bits.generation, list`,
 * indexed with its sign bits). A query compares its vector with the centroids, probes the nearest
 * lists and every row not yet assigned in the current generation, and ranks those by Hamming distance.
 *
 * Several processes: one trains at a time (a session advisory lock per agent, tried, never waited
 * for); the switch to a new generation and every reassignment batch run under the agent's write lock,
 * so a vector written meanwhile is assigned with the centroids of the generation it commits in, and a
 * row a batch would overwrite after a newer write is left as that write set it.
 */
export function createVectorLists(options: VectorListsOptions) {
  const { database, minimumVectors } = options;
/**
 * 15% of the lists, at least 16: on the bench's 100k agent (316 lists, USE-lite vectors of LoCoMo
 * sentences, 30 held-out questions against exact) recall@10 was 0.87 at 16 probes, 0.90 at 32, 0.97 at 48.
 */
const PROBED_SHARE = 0.15;
  const held = new Map<string, AgentLists>();

  /** The agent's current lists (centroids read once per generation), or null before its first training. */
  async function current(client: Queryable, agentId: string): Promise<AgentLists | null> {
    const [row] = await client.rows<{ generation: number }>('SELECT generation FROM vector_lists WHERE agent_id = $1', [agentId]);
    if (row === undefined) {
      held.delete(agentId);
      return null;
    }
    const known = held.get(agentId);
    if (known?.generation === row.generation) return known;
    const centroids = await client.rows<{ centroid: Buffer }>('SELECT centroid FROM vector_centroids WHERE agent_id = $1 AND generation = $2 ORDER BY list', [agentId, row.generation]);
    const lists = { generation: row.generation, coarse: withSigns(centroids.map((entry) => fromBytes(entry.centroid))) };
    if (held.size > 1_000) held.clear();
    held.set(agentId, lists);
    return lists;
  }

  /** Generation and list of each vector written now (generation 0, list 0 before the agent's first training). */
  function assign(lists: AgentLists | null, vectors: Float32Array[]): { generations: number[]; lists: number[] } {
    if (lists === null) return { generations: vectors.map(() => 0), lists: vectors.map(() => 0) };
    return { generations: vectors.map(() => lists.generation), lists: vectors.map((vector) => nearestList(lists.coarse, vector)) };
  }

  function probed(lists: AgentLists, query: Float32Array): number[] {
    const count = options.probes ?? Math.max(16, Math.round(lists.coarse.centroids.length * PROBED_SHARE));
    return nearestLists(lists.coarse, query, count);
  }

  async function trainingState(agentId: string): Promise<{ count: number; generation: number | null; trainedOn: number; pending: boolean }> {
    const [row] = await database.rows<{ n: string; generation: number | null; trained_on: string | null; pending: boolean }>(
      `SELECT (SELECT count(*) FROM memory_vector_bits WHERE agent_id = $1) AS n, l.generation, l.trained_on,
              EXISTS (SELECT 1 FROM memory_vector_bits v WHERE v.agent_id = $1 AND v.generation < l.generation) AS pending
       FROM (SELECT 1) AS one LEFT JOIN vector_lists l ON l.agent_id = $1`,
      [agentId],
    );
    return { count: Number(row?.n ?? 0), generation: row?.generation ?? null, trainedOn: Number(row?.trained_on ?? 0), pending: row?.pending === true };
  }

  /** k-means on a random sample of the agent's vectors, then the switch to the new generation. */
  async function trainGeneration(agentId: string, count: number): Promise<number> {
    const seqs = (await database.rows<{ memory_seq: string }>('SELECT memory_seq FROM memory_vector_bits WHERE agent_id = $1', [agentId])).map((row) => row.memory_seq);
    const listCount = Math.max(1, Math.round(Math.sqrt(count)));
    const random = seededRandom(count);
    for (let index = seqs.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [seqs[index], seqs[other]] = [seqs[other]!, seqs[index]!];
    }
    const chosen = seqs.slice(0, listCount * SAMPLE_PER_LIST);
    const sample = (await database.rows<{ embedding: Buffer }>('SELECT embedding FROM memory_vector_bits WHERE agent_id = $1 AND memory_seq = ANY($2::bigint[])', [agentId, chosen])).map((row) => fromBytes(row.embedding));
    const coarse = await trainCentroids(sample, listCount, { iterations: ROUNDS, seed: count, pause: yieldToOthers });
    return database.writeTransaction(agentId, async (client) => {
      const [row] = await client.rows<{ generation: number }>('SELECT generation FROM vector_lists WHERE agent_id = $1', [agentId]);
      const generation = (row?.generation ?? 0) + 1;
      await client.rows('DELETE FROM vector_centroids WHERE agent_id = $1', [agentId]);
      await client.rows('INSERT INTO vector_centroids (agent_id, generation, list, centroid) SELECT $1, $2, c.list - 1, c.centroid FROM unnest($3::bytea[]) WITH ORDINALITY AS c(centroid, list)', [
        agentId,
        generation,
        coarse.centroids.map(toBytes),
      ]);
      await client.rows(
        `INSERT INTO vector_lists (agent_id, generation, lists, trained_on, trained_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (agent_id) DO UPDATE SET generation = excluded.generation, lists = excluded.lists, trained_on = excluded.trained_on, trained_at = excluded.trained_at`,
        [agentId, generation, coarse.centroids.length, count, Date.now()],
      );
      return generation;
    });
  }

  /** Assigns the rows of older generations to the current lists, a batch a transaction; resumable. */
  async function reassign(agentId: string): Promise<void> {
    for (;;) {
      const done = await database.writeTransaction(agentId, async (client) => {
        const lists = await current(client, agentId);
        if (lists === null) return true;
        const rows = await client.rows<{ memory_seq: string; embedding: Buffer }>(
          'SELECT memory_seq, embedding FROM memory_vector_bits WHERE agent_id = $1 AND generation < $2 LIMIT $3',
          [agentId, lists.generation, REASSIGN_BATCH],
        );
        if (rows.length === 0) return true;
        const assigned = rows.map((row) => {
          const vector = fromBytes(row.embedding);
          return nearestList(lists.coarse, vector, signWords(vector));
        });
        // \`|| ''\`: a fresh value, stored inline (storage plain since schema 5) where an older row's was out of line in TOAST.
        await client.rows(
          `UPDATE memory_vector_bits v SET generation = $2, list = a.list, embedding = v.embedding || ''::bytea FROM unnest($3::bigint[], $4::int[]) AS a(seq, list)
           WHERE v.memory_seq = a.seq AND v.agent_id = $1`,
          [agentId, lists.generation, rows.map((row) => row.memory_seq), assigned],
        );
        return false;
      });
      if (done) return;
      await yieldToOthers();
    }
  }

  /**
   * Trains the agent's lists when it first holds `minimumVectors` and whenever it has doubled since,
   * and finishes a reassignment a stopped process left. Another process training it meanwhile: skipped.
   */
  async function maintain(agentId: string): Promise<void> {
    const state = await trainingState(agentId);
    const due = state.count >= minimumVectors && (state.generation === null || state.count >= 2 * state.trainedOn);
    if (!due && !state.pending) return;
    // The lock is held on a connection of its own while training writes on others: a pool of one cannot.
    if ((database.pool.options.max ?? 10) < 2) return;
    await database.withClient(async (client) => {
      const [lock] = await client.rows<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended('hippocampus-lists:' || $1, 0)) AS locked", [agentId]);
      if (lock?.locked !== true) return;
      try {
        const fresh = await trainingState(agentId);
        const trained = fresh.count >= minimumVectors && (fresh.generation === null || fresh.count >= 2 * fresh.trainedOn);
        if (trained) await trainGeneration(agentId, fresh.count);
        await reassign(agentId);
        // The agent has doubled: the planner's statistics may not know it yet. Autovacuum analyzes a table
        // after 10% of it changed, so an agent that grew to 10k beside 300k rows stayed "1 row" and its
        // queries took any index led by agent_id (a 10k-row scan through memories_source_hash: 45 of 122 ms a recall).
        if (trained) await database.rows('ANALYZE memories, memory_vector_bits');
      } finally {
        await client.rows("SELECT pg_advisory_unlock(hashtextextended('hippocampus-lists:' || $1, 0))", [agentId]);
      }
    });
  }

  /** Forgets the agent's lists (a new model: its vectors are gone). */
  async function drop(client: Queryable, agentId: string): Promise<void> {
    held.delete(agentId);
    await client.rows('DELETE FROM vector_centroids WHERE agent_id = $1', [agentId]);
    await client.rows('DELETE FROM vector_lists WHERE agent_id = $1', [agentId]);
  }

  return { current, assign, probed, maintain, drop };
}

export type VectorLists = ReturnType<typeof createVectorLists>;

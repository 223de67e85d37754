import type Database from 'better-sqlite3';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';

// Sign bits of every float vector in `memory_vectors`, one bit per dimension (64
// bytes for 512-d against 2 KB of floats). A Hamming scan of the bits picks the
// candidates and the float vectors of just those are reranked by exact cosine:
// bench/vector-index.bench.ts measured the trade (bench/results/vector-index.json).

/** The float table the bits shadow: a vec0 table whose rowid is `memories.seq`. */
const FLOAT_TABLE = 'memory_vectors';
const BIT_TABLE = 'memory_vector_bits';

/** Hamming candidates reranked per query unless the caller says otherwise. */
export const DEFAULT_CANDIDATES = 200;

/**
 * Up to this many vectors an exact scan of the float table is fast enough (and
 * exact), so small agents need no prefilter at all.
 */
export const EXACT_SEARCH_MAX_VECTORS = 20_000;

interface Statements {
  remove: Database.Statement;
  insert: Database.Statement;
  search: Database.Statement;
}
const statementsOf = new WeakMap<Database.Database, Statements>();

function statements(db: Database.Database): Statements {
  let prepared = statementsOf.get(db);
  if (prepared === undefined) {
    prepared = {
      remove: db.prepare(`DELETE FROM ${BIT_TABLE} WHERE rowid = ?`),
      insert: db.prepare(`INSERT INTO ${BIT_TABLE} (rowid, embedding) VALUES (?, vec_quantize_binary(?))`),
      // Candidates drive the join, so each float vector is read by a rowid point lookup.
      search: db.prepare(
        `WITH candidates AS (SELECT rowid FROM ${BIT_TABLE} WHERE embedding MATCH vec_quantize_binary(?) AND k = ?)
         SELECT v.rowid AS seq, vec_distance_cosine(v.embedding, ?) AS distance
         FROM candidates c JOIN ${FLOAT_TABLE} v ON v.rowid = c.rowid ORDER BY distance LIMIT ?`,
      ),
    };
    statementsOf.set(db, prepared);
  }
  return prepared;
}

function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/**
 * Creates the bit table beside `memory_vectors`, and the triggers that drop a
 * memory's bits when the memory is deleted or its content changes (the same
 * moments the float table's own triggers drop its vector). Idempotent; call it
 * inside the transaction that creates the float table. Bits of vectors already
 * stored are filled in, so an existing agent gains the prefilter in one call.
 *
 * @example
 * db.transaction(() => { createVectorTable(db, model); createQuantizedTable(db, model.dimensions); }).immediate();
 */
export function createQuantizedTable(db: Database.Database, dimensions: number): void {
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions % 8 !== 0) {
    throw new HippocampusError({
      code: 'EMBEDDING_DIMENSION_MISMATCH',
      message: `A bit-quantized index needs a positive multiple of 8 dimensions, got ${dimensions}`,
      details: { dimensions },
    });
  }
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS ${BIT_TABLE} USING vec0(embedding bit[${dimensions}]);
    CREATE TRIGGER IF NOT EXISTS ${BIT_TABLE}_delete AFTER DELETE ON memories BEGIN
      DELETE FROM ${BIT_TABLE} WHERE rowid = old.seq;
    END;
    CREATE TRIGGER IF NOT EXISTS ${BIT_TABLE}_stale AFTER UPDATE OF content ON memories BEGIN
      DELETE FROM ${BIT_TABLE} WHERE rowid = old.seq;
    END;
  `);
  db.exec(`INSERT INTO ${BIT_TABLE} (rowid, embedding)
    SELECT rowid, vec_quantize_binary(embedding) FROM ${FLOAT_TABLE} WHERE rowid NOT IN (SELECT rowid FROM ${BIT_TABLE})`);
}

/** Drops the bit table and its triggers (before a re-embed with another model). */
export function dropQuantizedTable(db: Database.Database): void {
  db.exec(`DROP TRIGGER IF EXISTS ${BIT_TABLE}_delete; DROP TRIGGER IF EXISTS ${BIT_TABLE}_stale; DROP TABLE IF EXISTS ${BIT_TABLE};`);
  statementsOf.delete(db);
}

/**
 * Writes the sign bits of `vector` for memory `seq`, replacing any earlier ones.
 * Call it next to the float insert, in the same transaction.
 *
 * @example
 * insertFloat.run(BigInt(seq), toBlob(vector));
 * upsertQuantized(db, seq, vector);
 */
export function upsertQuantized(db: Database.Database, seq: number, vector: Float32Array): void {
  const { remove, insert } = statements(db);
  remove.run(BigInt(seq));
  insert.run(BigInt(seq), toBlob(vector));
}

/**
 * The `limit` nearest memories to `vector` by exact cosine distance, among the
 * `candidates` nearest by Hamming distance of the sign bits. Results are sorted
 * by distance; a memory whose float vector is missing is never returned.
 *
 * @example
 * const hits = searchQuantized(db, queryVector, { limit: 10, candidates: 200 });
 * // [{ seq: 4711, distance: 0.12 }, ...]
 */
export function searchQuantized(db: Database.Database, vector: Float32Array, options: { limit: number; candidates?: number }): { seq: number; distance: number }[] {
  if (options.limit <= 0) return [];
  const candidates = Math.max(options.limit, options.candidates ?? DEFAULT_CANDIDATES);
  const blob = toBlob(vector);
  const { search } = statements(db);
  try {
    return search.all(blob, candidates, blob, options.limit) as { seq: number; distance: number }[];
  } catch (error) {
    throw new StoreError({ message: 'Quantized vector search failed', query: search.source, params: ['<vector>', candidates, '<vector>', options.limit], cause: error });
  }
}

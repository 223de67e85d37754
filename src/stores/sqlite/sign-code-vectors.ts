import type Database from 'better-sqlite3';
import { HammingScan } from './hamming-scan.ts';
import { ProvisionalChanges } from './provisional-changes.ts';
import { preparedRawOnce } from './statement-cache.ts';
import { changedSince, pruneVectorChanges, readVectorLogState } from './vector-change-log.ts';
import { concatenatedVectorsSql, type ConcatenatedVectorsRow, cosinesOfConcatenated, signCode, signCodeBytes } from './vector-codes.ts';

// Nearest vectors by a scan of sign codes, then exact cosine over the survivors.
//
// Why not a graph any more: the HNSW graph (hnswlib) held every vector as float32 plus its links in
// memory — 210 MB at 100k memories, ~2.1 KB a memory, and 93 s to build, in a worker, after every
// restart that found its saved file stale. The sign codes of 100k 512-d vectors take 6.4 MB, are
// read from SQLite in ~0.1 s, and a scan of all of them with the selection of the nearest 400 takes
// ~0.7 ms (hamming.wat). Recall@10 against exact cosine, on 100k LoCoMo sentence vectors perturbed per
// copy (the scale bench's data, 17 near-copies of each sentence, the hard case for a prefilter):
// 0.829 re-ranking the 100 nearest codes, 0.942 at 200, 0.985 at 400, 0.997 at 800; on the 2,760
// distinct sentences 1.000 from 200 (scratch measurement, 200 LoCoMo questions as queries).
// Centring the vectors before taking signs made it worse (0.967 at 400). On `bench:vector-index`'s
// vectors (mixtures of 1-3 real sentence vectors, held-out sentences as queries) at 100k: 0.988 at 200,
// 0.997 at 400, 0.999 at 800, where the HNSW graph gave 0.983 (ef 64) and 0.998 (ef 128); scoring 800
// instead of 400 took 1.5x the time of the search (2026-11-25, same run). Recall asks for 50 (limit × 5),
// so 8 × 50 = 400 is what it scores.

/** How many of the nearest sign codes are scored exactly, at least (more for a larger `limit`). */
export const SIGN_CODE_CANDIDATES = 400;

export interface SignCodeVectorsOptions {
  /** The agent's database: `memory_vector_codes` and the vector change log. */
  db: Database.Database;
  dimensions: number;
  /** Codes scored exactly per search: max(this, 8 × limit). Default {@link SIGN_CODE_CANDIDATES}. */
  candidates?: number;
}

export interface SignCodeVectors {
  /** Vectors held (after the last catch-up). */
  readonly size: number;
  /** Bytes of memory the codes take. */
  readonly bytes: number;
  /** The `limit` nearest vectors by cosine distance, after replaying changes committed since the last call. */
  search(vector: Float32Array, limit: number): { seq: number; distance: number }[];
  /** Applies vector changes committed (by any process) since the last call; `search` calls it. */
  catchUp(): void;
  /** Trims the change log to what this process has applied (a process behind it reloads all codes). */
  maintain(): Promise<void>;
  close(): void;
}

export const VECTOR_TABLE = 'memory_vector_codes';

/**
 * Opens the agent's vector search over `memory_vector_codes` (seq, sign code, half-precision
 * vector): loads every code once, then replays the change log before each search.
 *
 * @example
 * const vectors = openSignCodeVectors({ db, dimensions: 512 });
 * vectors.search(queryVector, 10); // [{ seq: 4711, distance: 0.12 }, ...]
 */
export function openSignCodeVectors(options: SignCodeVectorsOptions): SignCodeVectors {
  const { db, dimensions } = options;
  const minimumCandidates = options.candidates ?? SIGN_CODE_CANDIDATES;
  const codeBytes = signCodeBytes(dimensions);
  let codes: HammingScan | null = null;
  let logId = '';
  let applied = 0;
  const provisional = new ProvisionalChanges(db);

  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!;

  function load(): HammingScan {
    const set = new HammingScan(codeBytes);
    // Read in one transaction with the log's state, so no change falls between the two.
    db.transaction(() => {
      const log = readVectorLogState(db);
      for (const row of statement(`SELECT seq, code FROM ${VECTOR_TABLE}`).iterate() as Iterable<{ seq: number; code: Buffer }>) {
        if (row.code.byteLength === codeBytes) set.set(row.seq, row.code);
      }
      logId = log.logId;
      applied = log.head;
    })();
    provisional.note(ProvisionalChanges.EVERYTHING, []);
    codes = set;
    return set;
  }

  function catchUp(): void {
    const settled = provisional.settle();
    if (codes === null || settled?.from === ProvisionalChanges.EVERYTHING) {
      load();
      return;
    }
    if (settled !== null) applied = settled.from;
    const log = readVectorLogState(db);
    if (log.logId !== logId || applied < log.prunedThrough) {
      load(); // reset (another model) or pruned past what this process applied
      return;
    }
    const { seqs: logged, head } = changedSince(db, applied);
    provisional.note(applied, logged);
    for (const seq of settled === null ? logged : new Set([...logged, ...settled.seqs])) {
      const code = statement(`SELECT code FROM ${VECTOR_TABLE} WHERE seq = ?`).pluck().get(seq) as Buffer | undefined;
      if (code !== undefined && code.byteLength === codeBytes) codes.set(seq, code);
      else codes.delete(seq);
    }
    applied = head;
  }

  return {
    get size() {
      return codes?.size ?? 0;
    },

    get bytes() {
      return codes?.bytes ?? 0;
    },

    search(vector, limit) {
      if (limit <= 0) return [];
      catchUp();
      const set = codes!;
      const survivors = set.nearest(signCode(vector.length === dimensions ? vector : vector.subarray(0, dimensions)), Math.max(minimumCandidates, limit * 8));
      if (survivors.length === 0) return [];
      const read = preparedRawOnce(db, concatenatedVectorsSql('v.seq', `FROM ${VECTOR_TABLE} v WHERE v.seq IN (SELECT value FROM json_each(?))`)).get(JSON.stringify(survivors));
      const { keys: seqs, similarities } = cosinesOfConcatenated<number>(vector, read as ConcatenatedVectorsRow);
      // Nearest first (ties: lower seq), ranked by position so that only the `limit` kept become objects.
      const distances = new Float64Array(seqs.length);
      const order = new Array<number>(seqs.length);
      for (let position = 0; position < seqs.length; position += 1) {
        distances[position] = 1 - similarities[position]!;
        order[position] = position;
      }
      order.sort((left, right) => distances[left]! - distances[right]! || seqs[left]! - seqs[right]!);
      return order.slice(0, limit).map((position) => ({ seq: seqs[position]!, distance: distances[position]! }));
    },

    catchUp,

    async maintain() {
      catchUp();
      pruneVectorChanges(db, applied);
    },

    close() {
      codes = null;
    },
  };
}

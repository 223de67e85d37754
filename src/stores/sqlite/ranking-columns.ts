import type Database from 'better-sqlite3';
import type { AgentScope, MemoryQuery, MemoryRankingRow } from '../../spec/memory-store.ts';
import { preparedRawOnce } from './statement-cache.ts';
import { hasRankingChangeLog, rankingChangesSince, readRankingLogHead } from './ranking-change-log.ts';
import { compileRowFilter, type RowFields } from './row-filter.ts';

/**
 * The columns of a memory the ranking reads and the common filters test, as SQL over `m`, in the order
 * `RankingColumns.#set` reads them. The reply link as `rankingRows` reads it (parsed only where the
 * context names it: the same value).
 */
const COLUMNS_SQL = `m.seq, m.id, m.agent_id, m.type, m.kind, m.domain, m.category, m.importance, m.timestamp, m.created_at,
  m.last_accessed_at, m.access_count, m.running_intensity, m.consolidated_at IS NULL, m.superseded_by IS NULL,
  CASE WHEN instr(m.context, '"replyTo"') > 0 THEN json_extract(m.context, '$.replyTo') END`;

/** Bits of `#flags`. */
const SHORT_TERM = 1;
const CURRENT = 2;
const ACCESSED = 4;

/**
 * A memory's ranking fields (what `rankingRows` returns) and the fields the common filters test
 * (type, kind, domain, category, the agent, short-term, superseded), by seq, in typed arrays: a read
 * worker ranks 50-100 candidates and filters a common-only search's newest matches without SQL (each
 * was ~15% of a search's CPU at 100k). Kept current by the ranking change log (ranking-change-log.ts),
 * replayed before each use; on a connection inside a transaction it is not used (what it would read
 * there may roll back), and SQL answers.
 *
 * Per memory: 6 doubles and 5 int32s by seq (68 bytes a seq; seqs run a little ahead of memories as
 * memories are deleted), the id string and its map entry, the reply link where there is one.
 */
export class RankingColumns {
  readonly #db: Database.Database;
  #change = 0;
  /** The code of each string of the text columns (agent, type, kind, domain, category), in order of first sight; -1 in a column is NULL. */
  readonly #codes = new Map<string, number>();
  #ids: (string | undefined)[] = [];
  readonly #seqOf = new Map<string, number>();
  #agent = new Int32Array(0);
  #type = new Int32Array(0);
  #kind = new Int32Array(0);
  #domain = new Int32Array(0);
  #category = new Int32Array(0);
  #importance = new Float64Array(0);
  #timestamp = new Float64Array(0);
  #createdAt = new Float64Array(0);
  #lastAccessedAt = new Float64Array(0);
  #accessCount = new Float64Array(0);
  #runningIntensity = new Float64Array(0);
  #flags = new Uint8Array(0);
  /** The reply link of the memories that have one (a string), and the memories replying to each id, seqs rising. */
  readonly #replyTo = new Map<number, string>();
  readonly #replies = new Map<string, number[]>();

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Seqs up to this one are read; Infinity once every row is. */
  #readThrough = 0;

  /**
   * Starts reading the connection's database: the log's head first (every change after it is replayed once
   * the rows are read, so rows read later, in other snapshots, are made current), the arrays sized for the
   * seqs there and an eighth more (doubling from empty left up to half of it unused).
   */
  static start(db: Database.Database): RankingColumns {
    const columns = new RankingColumns(db);
    columns.#change = readRankingLogHead(db);
    const top = (preparedRawOnce(db, 'SELECT max(seq) FROM memories').get() as [number | null])[0] ?? 0;
    columns.#grow(top + (top >> 3));
    return columns;
  }

  /** Whether every row has been read. */
  get complete(): boolean {
    return this.#readThrough === Number.POSITIVE_INFINITY;
  }

  /** Reads up to `count` more rows, by seq; true once every row is read. */
  readRows(count: number): boolean {
    const rows = preparedRawOnce(this.#db, `SELECT ${COLUMNS_SQL} FROM memories m WHERE m.seq > ? ORDER BY m.seq LIMIT ?`).all(this.#readThrough, count) as unknown[][];
    for (const values of rows) this.#set(values);
    this.#readThrough = rows.length < count ? Number.POSITIVE_INFINITY : (rows.at(-1)![0] as number);
    return this.complete;
  }

  /** Replays the changes committed since the last look. False when the log no longer holds them (read all again). */
  catchUp(): boolean {
    if (readRankingLogHead(this.#db) === this.#change) return true;
    const changes = rankingChangesSince(this.#db, this.#change);
    if (changes === null) return false;
    for (const seq of changes.seqs) this.#remove(seq);
    if (changes.seqs.length > 0) {
      const rows = preparedRawOnce(this.#db, `SELECT ${COLUMNS_SQL} FROM memories m WHERE m.seq IN (SELECT value FROM json_each(?))`).all(JSON.stringify(changes.seqs)) as unknown[][];
      for (const values of rows) this.#set(values);
    }
    this.#change = changes.head;
    return true;
  }

  /** The memory's id, undefined when no memory has that seq. */
  idOf(seq: number): string | undefined {
    return this.#ids[seq];
  }

  /** The seq of the memory with that id, undefined when there is none. */
  seqOf(id: string): number | undefined {
    return this.#seqOf.get(id);
  }

  /** The memories replying to `id` (their reply link is that string), seqs rising. */
  repliesTo(id: string): readonly number[] {
    return this.#replies.get(id) ?? [];
  }

  /** A memory's ranking row, as `rankingRows`'s SQL gives it. */
  rowOf(seq: number): MemoryRankingRow {
    return {
      id: this.#ids[seq]!,
      importance: this.#importance[seq]!,
      timestamp: this.#timestamp[seq]!,
      createdAt: this.#createdAt[seq]!,
      lastAccessedAt: (this.#flags[seq]! & ACCESSED) === 0 ? null : this.#lastAccessedAt[seq]!,
      accessCount: this.#accessCount[seq]!,
      runningIntensity: this.#runningIntensity[seq]!,
      replyTo: this.#replyTo.get(seq) ?? null,
    };
  }

  /** The code of a text value; -2 when no memory holds it (-1 is NULL), so no test of equality passes. */
  codeOf(value: string): number {
    return this.#codes.get(value) ?? -2;
  }

  /** The fields a row filter reads, for the memory at `seq` (which must exist). */
  readonly fields: RowFields = {
    agent: (seq) => this.#agent[seq]!,
    type: (seq) => this.#type[seq]!,
    kind: (seq) => this.#kind[seq]!,
    domain: (seq) => this.#domain[seq]!,
    category: (seq) => this.#category[seq]!,
    importance: (seq) => this.#importance[seq]!,
    timestamp: (seq) => this.#timestamp[seq]!,
    createdAt: (seq) => this.#createdAt[seq]!,
    lastAccessedAt: (seq) => ((this.#flags[seq]! & ACCESSED) === 0 ? null : this.#lastAccessedAt[seq]!),
    accessCount: (seq) => this.#accessCount[seq]!,
    runningIntensity: (seq) => this.#runningIntensity[seq]!,
    shortTerm: (seq) => (this.#flags[seq]! & SHORT_TERM) !== 0,
    current: (seq) => (this.#flags[seq]! & CURRENT) !== 0,
    replyTo: (seq) => this.#replyTo.get(seq) ?? null,
  };

  #code(value: unknown): number {
    if (value === null) return -1;
    const text = value as string;
    let code = this.#codes.get(text);
    if (code === undefined) {
      code = this.#codes.size;
      this.#codes.set(text, code);
    }
    return code;
  }

  #grow(seq: number): void {
    if (seq < this.#flags.length) return;
    const size = Math.max(1024, seq + 1, this.#flags.length * 2);
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(array: T): T => {
      const larger = new (array.constructor as new (length: number) => T)(size);
      larger.set(array);
      return larger;
    };
    this.#agent = grown(this.#agent);
    this.#type = grown(this.#type);
    this.#kind = grown(this.#kind);
    this.#domain = grown(this.#domain);
    this.#category = grown(this.#category);
    this.#importance = grown(this.#importance);
    this.#timestamp = grown(this.#timestamp);
    this.#createdAt = grown(this.#createdAt);
    this.#lastAccessedAt = grown(this.#lastAccessedAt);
    this.#accessCount = grown(this.#accessCount);
    this.#runningIntensity = grown(this.#runningIntensity);
    this.#flags = grown(this.#flags);
  }

  #set(values: unknown[]): void {
    const [seq, id, agent, type, kind, domain, category, importance, timestamp, createdAt, lastAccessedAt, accessCount, runningIntensity, shortTerm, current, replyTo] = values as [
      number, string, string, string, string, string | null, string | null, number, number, number, number | null, number, number, number, number, unknown,
    ];
    this.#grow(seq);
    this.#ids[seq] = id;
    this.#seqOf.set(id, seq);
    this.#agent[seq] = this.#code(agent);
    this.#type[seq] = this.#code(type);
    this.#kind[seq] = this.#code(kind);
    this.#domain[seq] = this.#code(domain);
    this.#category[seq] = this.#code(category);
    this.#importance[seq] = importance;
    this.#timestamp[seq] = timestamp;
    this.#createdAt[seq] = createdAt;
    this.#lastAccessedAt[seq] = lastAccessedAt ?? 0;
    this.#accessCount[seq] = accessCount;
    this.#runningIntensity[seq] = runningIntensity;
    this.#flags[seq] = (shortTerm ? SHORT_TERM : 0) | (current ? CURRENT : 0) | (lastAccessedAt === null ? 0 : ACCESSED);
    if (typeof replyTo === 'string') {
      this.#replyTo.set(seq, replyTo);
      const replies = this.#replies.get(replyTo);
      if (replies === undefined) this.#replies.set(replyTo, [seq]);
      else {
        // Seqs rising: a new memory's seq is the highest, an updated one goes back in its place.
        let at = replies.length;
        while (at > 0 && replies[at - 1]! > seq) at -= 1;
        replies.splice(at, 0, seq);
      }
    }
  }

  #remove(seq: number): void {
    const id = this.#ids[seq];
    if (id === undefined) return;
    this.#ids[seq] = undefined;
    if (this.#seqOf.get(id) === seq) this.#seqOf.delete(id);
    const replyTo = this.#replyTo.get(seq);
    if (replyTo !== undefined) {
      this.#replyTo.delete(seq);
      const replies = this.#replies.get(replyTo)!;
      replies.splice(replies.indexOf(seq), 1);
      if (replies.length === 0) this.#replies.delete(replyTo);
    }
  }
}

const held = new WeakMap<Database.Database, RankingColumns | null>();

/** How the columns are first read: rows at once (an agent this small is read whole at its first search), then a slice between the thread's other work. */
export interface ColumnReading {
  atOnce: number;
  slice: number;
}

// On the http bench's 100k agent (.scratch driver, read-only connection): the first 20,000 rows in 140 ms, then
// 36 slices of 2,000 each 8.4 ms (at most 15 ms) between the thread's other work, 300 ms in all. Read whole, the
// 100k agent held its read worker 440-630 ms, a 1M agent ~5 s, with every search of that worker waiting.
const READING: ColumnReading = { atOnce: 20_000, slice: 2_000 };

/**
 * The connection's ranking columns, caught up with every committed change; null inside a transaction
 * (SQL answers there), on a database without the ranking change log, on a connection that writes, and while
 * the rows are still being read. A small agent's are read whole at first use; a larger one's first `atOnce`
 * rows then the rest a slice at a time between the thread's other work (SQL answers meanwhile): 440–630 ms of
 * CPU at 100k memories, once per connection, and again if the log was pruned past them. Only read-only
 * connections keep them — a read worker's, which lives as long as the server and answers its searches: on the
 * engine's own connection a one-shot CLI search would pay that read for one answer (~2 ms by SQL), and every
 * in-process engine ~170 bytes a memory more.
 */
export function rankingColumnsOf(db: Database.Database, reading: ColumnReading = READING): RankingColumns | null {
  if (!db.readonly || db.inTransaction) return null;
  let columns = held.get(db);
  if (columns === null) return null;
  if (columns !== undefined) {
    if (!columns.complete) return null;
    if (columns.catchUp()) return columns;
    // The log was pruned past them: read again.
  } else if (!hasRankingChangeLog(db)) {
    held.set(db, null);
    return null;
  }
  columns = RankingColumns.start(db);
  held.set(db, columns);
  if (!columns.readRows(reading.atOnce)) {
    readTheRest(db, columns, reading.slice);
    return null;
  }
  // Replay what was committed since the read began.
  return columns.catchUp() ? columns : null;
}

/** Reads the rest of the rows a slice at a time, each when the thread is free, while these are still the connection's columns. */
function readTheRest(db: Database.Database, columns: RankingColumns, slice: number): void {
  const next = () => {
    if (!db.open || held.get(db) !== columns) return;
    // A transaction on the connection (a read worker's never opens one; a test's might): try again later.
    if (db.inTransaction || !columns.readRows(slice)) setImmediate(next).unref();
  };
  setImmediate(next).unref();
}

/**
 * `rankingRows` from the ranking columns, in the order SQLite gives them; null when SQL must answer.
 * By ids (`+m.agent_id = ? AND m.id IN (…)`): SQLite walks the id index over the sorted, distinct list,
 * so rows come in the ids' byte order. By reply link alone (one `context.replyTo $in` condition, the
 * thread's lookup): the index memories_reply_to, by link in byte order, then by seq.
 */
export function rankingRowsOf(columns: RankingColumns, scope: AgentScope, query: MemoryQuery): MemoryRankingRow[] | null {
  const { ids, limit, ...rest } = query;
  const bound = limit === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(limit));
  const rows: MemoryRankingRow[] = [];
  if (ids !== undefined) {
    const passes = compileRowFilter(scope, rest, columns);
    if (passes === null) return null;
    for (const id of [...new Set(ids)].sort(inByteOrder)) {
      if (rows.length >= bound) break;
      const seq = columns.seqOf(id);
      if (seq !== undefined && passes(seq)) rows.push(columns.rowOf(seq));
    }
    return rows;
  }
  const [condition, ...others] = rest.filter ?? [];
  const onlyFilter = Object.entries(rest).every(([key, value]) => key === 'filter' || value === undefined);
  if (!onlyFilter || condition === undefined || others.length > 0 || condition.field !== 'context.replyTo' || condition.operator !== '$in') return null;
  const links = condition.value as unknown[];
  if (!links.every((link): link is string => typeof link === 'string')) return null;
  const passes = compileRowFilter(scope, rest, columns);
  if (passes === null) return null;
  for (const link of [...new Set(links)].sort(inByteOrder)) {
    for (const seq of columns.repliesTo(link)) {
      if (rows.length >= bound) return rows;
      if (passes(seq)) rows.push(columns.rowOf(seq));
    }
  }
  return rows;
}

/** SQLite's BINARY order of two texts (their UTF-8 bytes); code units order them the same below U+D800. */
function inByteOrder(left: string, right: string): number {
  if (left === right) return 0;
  if (!/[\ud800-\uffff]/.test(left) && !/[\ud800-\uffff]/.test(right)) return left < right ? -1 : 1;
  return Buffer.compare(Buffer.from(left), Buffer.from(right));
}

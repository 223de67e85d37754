import type Database from 'better-sqlite3';
import { preparedOnce } from './statement-cache.ts';

// The sign codes searched in memory (sign-code-vectors.ts) live outside SQLite, so SQLite
// keeps a log of which memories' vectors changed: every process that holds the
// codes replays the committed changes it has not seen, and reloads them all when
// the log was trimmed past what it applied. Entries name only the memory's seq; the
// replay reads the vector as it is now, so replaying twice is harmless.
// Vector writes are logged by the caller
// (logVectorChanges); deletes and content edits of memories log themselves.

const LOG_TABLE = 'memory_vector_changes';
export const META_LOG_ID = 'vector_log.id';
export const META_PRUNED_THROUGH = 'vector_log.pruned_through';

/** Where the log stands: its identity (new after a reset) and the oldest change still kept. */
export interface VectorLogState {
  logId: string;
  /** Changes up to this one are gone; a process that has not applied them reloads every code. */
  prunedThrough: number;
  /** The newest change committed. */
  head: number;
}

/**
 * Creates the change log and the triggers that log deleted and edited memories.
 * Idempotent; call it where the vector table is created (needs the `memories`
 * and `meta` tables).
 *
 * @example
 * db.transaction(() => { createVectorTable(db, model); createVectorChangeLog(db); }).immediate();
 */
export function createVectorChangeLog(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (change INTEGER PRIMARY KEY AUTOINCREMENT, seq INTEGER NOT NULL);
    CREATE TRIGGER IF NOT EXISTS ${LOG_TABLE}_delete AFTER DELETE ON memories BEGIN
      INSERT INTO ${LOG_TABLE} (seq) VALUES (old.seq);
    END;
    CREATE TRIGGER IF NOT EXISTS ${LOG_TABLE}_stale AFTER UPDATE OF content ON memories BEGIN
      INSERT INTO ${LOG_TABLE} (seq) VALUES (old.seq);
    END;
  `);
  db.prepare(`INSERT OR IGNORE INTO meta (key, value) VALUES (?, lower(hex(randomblob(16)))), (?, '0')`).run(META_LOG_ID, META_PRUNED_THROUGH);
}

/**
 * Records that the vectors of these memories were written. Call it in the same
 * transaction as the write, so a rolled-back write logs nothing.
 *
 * @example
 * db.transaction(() => { insert.run(BigInt(seq), blob); logVectorChanges(db, [seq]); }).immediate();
 */
export function logVectorChanges(db: Database.Database, seqs: readonly number[]): void {
  const insert = db.prepare(`INSERT INTO ${LOG_TABLE} (seq) VALUES (?)`);
  for (const seq of seqs) insert.run(seq);
}

/**
 * Starts a new log under a new identity, so every process's in-memory codes of
 * this database counts as stale. Call it when the vector table is dropped or
 * re-created (a rebind to another embedding model), in the same transaction.
 */
export function resetVectorChangeLog(db: Database.Database): void {
  db.exec(`DELETE FROM ${LOG_TABLE}`);
  db.prepare(`UPDATE meta SET value = lower(hex(randomblob(16))) WHERE key = ?`).run(META_LOG_ID);
  db.prepare(`UPDATE meta SET value = '0' WHERE key = ?`).run(META_PRUNED_THROUGH);
}

export function readVectorLogState(db: Database.Database): VectorLogState {
  // Read before every search: compiled once per connection (statement-cache.ts).
  const rows = preparedOnce(db, `SELECT key, value FROM meta WHERE key IN (?, ?)`).all(META_LOG_ID, META_PRUNED_THROUGH) as { key: string; value: string }[];
  const values = new Map(rows.map((row) => [row.key, row.value]));
  // The AUTOINCREMENT counter survives pruning, unlike max(change) over the rows left.
  const counter = (preparedOnce(db, `SELECT seq FROM sqlite_sequence WHERE name = ?`).get(LOG_TABLE) as { seq: number } | undefined)?.seq;
  return { logId: values.get(META_LOG_ID) ?? '', prunedThrough: Number(values.get(META_PRUNED_THROUGH) ?? 0), head: counter ?? 0 };
}

/** The memories whose vectors changed after `change`, each once, oldest change first. */
export function changedSince(db: Database.Database, change: number): { seqs: number[]; head: number } {
  const rows = preparedOnce(db, `SELECT change, seq FROM ${LOG_TABLE} WHERE change > ? ORDER BY change`).all(change) as { change: number; seq: number }[];
  return { seqs: [...new Set(rows.map((row) => row.seq))], head: rows.at(-1)?.change ?? change };
}

/** Forgets changes up to `change` (this process applied them); a process behind that reloads. */
export function pruneVectorChanges(db: Database.Database, change: number): void {
  db.transaction(() => {
    db.prepare(`DELETE FROM ${LOG_TABLE} WHERE change <= ?`).run(change);
    db.prepare(`UPDATE meta SET value = ? WHERE key = ? AND CAST(value AS INTEGER) < ?`).run(String(change), META_PRUNED_THROUGH, change);
  }).immediate();
}

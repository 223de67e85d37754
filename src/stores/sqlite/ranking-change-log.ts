import type Database from 'better-sqlite3';
import { seqChangeLogSql } from './keyword-change-log.ts';
import { preparedOnce } from './statement-cache.ts';

// The ranking columns (ranking-columns.ts) keep each memory's ranking and filter fields in memory, so
// SQLite logs which memories' rows changed in those fields: inserted, deleted, or updated in one of
// them (`recordAccess` moves importance, `updateMany` any field, consolidation `consolidated_at`).
// As for the keyword log, entries name only the seq and the replay reads the row as it is now, so
// replaying twice is harmless. The log prunes itself: every KEPT_CHANGES / 100 changes, the entries
// older than the newest KEPT_CHANGES go; a reader that has not seen one of them reads every row again.

const LOG_TABLE = 'memory_ranking_changes';

/** Changes kept for readers to replay. */
const KEPT_CHANGES = 100_000;

/** The columns whose update is logged: what the ranking columns hold (the reply link is read from `context`). */
export const RANKING_LOGGED_COLUMNS = 'id, agent_id, type, kind, domain, category, importance, timestamp, created_at, last_accessed_at, access_count, running_intensity, consolidated_at, superseded_by, context';

/** Creates the log, its triggers and its pruning (schema migration 11). */
export function createRankingChangeLog(db: Database.Database): void {
  db.exec(`
    ${seqChangeLogSql(LOG_TABLE, { name: 'update', columns: RANKING_LOGGED_COLUMNS })}
    CREATE TRIGGER ${LOG_TABLE}_prune AFTER INSERT ON ${LOG_TABLE} WHEN new.change % ${KEPT_CHANGES / 100} = 0 BEGIN
      DELETE FROM ${LOG_TABLE} WHERE change <= new.change - ${KEPT_CHANGES};
    END;
  `);
}

/** Whether the connection's database has the log (schema 11 on; a read-only view of an older file has not). */
export function hasRankingChangeLog(db: Database.Database): boolean {
  return preparedOnce(db, `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(LOG_TABLE) !== undefined;
}

/** The newest change committed (the AUTOINCREMENT counter, which survives pruning). */
export function readRankingLogHead(db: Database.Database): number {
  // Read before every ranking-rows and filter read: compiled once per connection.
  return (preparedOnce(db, `SELECT seq FROM sqlite_sequence WHERE name = ?`).get(LOG_TABLE) as { seq: number } | undefined)?.seq ?? 0;
}

/**
 * The memories whose ranking fields changed after `change`, each once, and the newest change read;
 * null when the log no longer holds every change after `change` (pruned): the reader must read all rows again.
 * Changes are numbered without gaps (one writer at a time; a rolled-back change takes its number back with it).
 */
export function rankingChangesSince(db: Database.Database, change: number): { seqs: number[]; head: number } | null {
  const rows = preparedOnce(db, `SELECT change, seq FROM ${LOG_TABLE} WHERE change > ? ORDER BY change`).all(change) as { change: number; seq: number }[];
  if (rows.length > 0 && rows[0]!.change !== change + 1) return null;
  if (rows.length === 0 && readRankingLogHead(db) > change) return null;
  return { seqs: [...new Set(rows.map((row) => row.seq))], head: rows.at(-1)?.change ?? change };
}

import type Database from 'better-sqlite3';
import { preparedOnce } from './statement-cache.ts';

// The in-memory keyword postings (keyword-postings.ts) live outside SQLite, so
// SQLite logs which memories' text changed: inserted, deleted, or content
// edited. Every process that holds postings replays the committed changes it
// has not seen; entries name only the memory's seq and the replay reads the row
// as it is now, so replaying twice is harmless.

const LOG_TABLE = 'memory_keyword_changes';
const META_PRUNED_THROUGH = 'keyword_log.pruned_through';

/**
 * The SQL of a log of which memories changed, by seq: its table, and triggers adding a memory's seq when it is
 * inserted, deleted, or updated in `update.columns` (that trigger named `<table>_<update.name>`). The keyword
 * log (migration 6) and the ranking log (migration 11) are two of these.
 */
export function seqChangeLogSql(table: string, update: { name: string; columns: string }): string {
  return `
    CREATE TABLE ${table} (change INTEGER PRIMARY KEY AUTOINCREMENT, seq INTEGER NOT NULL);
    CREATE TRIGGER ${table}_insert AFTER INSERT ON memories BEGIN
      INSERT INTO ${table} (seq) VALUES (new.seq);
    END;
    CREATE TRIGGER ${table}_delete AFTER DELETE ON memories BEGIN
      INSERT INTO ${table} (seq) VALUES (old.seq);
    END;
    CREATE TRIGGER ${table}_${update.name} AFTER UPDATE OF ${update.columns} ON memories BEGIN
      INSERT INTO ${table} (seq) VALUES (old.seq);
    END;
  `;
}

/** Creates the log and its triggers (schema migration 6). */
export function createKeywordChangeLog(db: Database.Database): void {
  db.exec(seqChangeLogSql(LOG_TABLE, { name: 'content', columns: 'content' }));
  db.prepare(`INSERT OR IGNORE INTO meta (key, value) VALUES (?, '0')`).run(META_PRUNED_THROUGH);
}

/** The newest change committed (the AUTOINCREMENT counter, which survives pruning) and the newest one pruned. */
export function readKeywordLogState(db: Database.Database): { head: number; prunedThrough: number } {
  // Read before every search that has postings: compiled once per connection.
  const head = (preparedOnce(db, `SELECT seq FROM sqlite_sequence WHERE name = ?`).get(LOG_TABLE) as { seq: number } | undefined)?.seq ?? 0;
  const pruned = (preparedOnce(db, `SELECT value FROM meta WHERE key = ?`).get(META_PRUNED_THROUGH) as { value: string } | undefined)?.value;
  return { head, prunedThrough: Number(pruned ?? 0) };
}

/** The memories whose text changed after `change`, each once, and the newest change read. */
export function keywordChangesSince(db: Database.Database, change: number): { seqs: number[]; head: number } {
  const rows = preparedOnce(db, `SELECT change, seq FROM ${LOG_TABLE} WHERE change > ? ORDER BY change`).all(change) as { change: number; seq: number }[];
  return { seqs: [...new Set(rows.map((row) => row.seq))], head: rows.at(-1)?.change ?? change };
}

/**
 * Drops all but the newest `keep` changes. A process whose postings have not
 * seen a dropped change rebuilds them instead of replaying.
 */
export function pruneKeywordChanges(db: Database.Database, keep: number): void {
  db.transaction(() => {
    const { head, prunedThrough } = readKeywordLogState(db);
    const through = head - keep;
    if (through <= prunedThrough) return;
    db.prepare(`DELETE FROM ${LOG_TABLE} WHERE change <= ?`).run(through);
    db.prepare(`UPDATE meta SET value = ? WHERE key = ?`).run(String(through), META_PRUNED_THROUGH);
  }).immediate();
}

import type Database from 'better-sqlite3';

// Why bulk writes slowed down as an agent grew (issue #16): FTS5 drops the pages
// of the segments it has just merged with `DELETE FROM memories_fts_data WHERE
// id >= ? AND id <= ?`, and it merges on nearly every flush. A new agent's first
// open runs `PRAGMA optimize`, which analyzes the keyword index while it holds
// only its two fixed records (averages, structure) and stores "2 rows" in
// sqlite_stat1. For a 2-row table the planner prefers a full scan to a rowid
// range (EXPLAIN QUERY PLAN: SCAN at 2, SEARCH ... rowid>? AND rowid<? from 3 up),
// so every merge read the whole keyword index, and the connection kept that
// estimate for as long as it stayed open: per 5k batch, insertMany CPU went
// 777 ms at 25k, 1,615 ms at 100k, 3,940 ms at 200k (bench/write-cost.bench.ts
// --attribute: without the FTS5 trigger the same batch stayed at 530-800 ms).
// A later open re-analyzes the grown table, so only a process that keeps an
// agent open while it grows paid it — a server, an import, bench:scale.
//
// FTS5 reads its shadow tables by key only, so no row count helps the planner
// there; a floor of 10 rows keeps the rowid plans, and is small enough that
// `PRAGMA optimize` does not see a 2-record table as changed and re-analyze it
// back to 2 (checked: a floor of 40 was re-analyzed at the next open, 10 was not).

/** FTS5 shadow tables read by rowid ranges; their planner row count is kept at or above FTS_ROW_FLOOR. */
const FTS_ROWID_TABLES = ['memories_fts_data', 'memories_fts_docsize'] as const;
export const FTS_ROW_FLOOR = 10;

/**
 * Raises a planner row count of the FTS5 shadow tables taken while the keyword index
 * was (nearly) empty to FTS_ROW_FLOOR, and reloads the statistics if it changed any.
 * Run after anything that may ANALYZE (`PRAGMA optimize`), and by migration 8.
 */
export function keepFtsStatisticsUsable(db: Database.Database): void {
  const tableExists = (name: string) => db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(name) !== undefined;
  if (!tableExists('memories_fts_data')) return;
  // ANALYZE of one small table creates sqlite_stat1 (a new database has none yet).
  if (!tableExists('sqlite_stat1')) db.exec('ANALYZE meta');
  let changed = 0;
  for (const table of FTS_ROWID_TABLES) {
    changed += db.prepare(`DELETE FROM sqlite_stat1 WHERE tbl = ? AND idx IS NULL AND CAST(stat AS INTEGER) < ?`).run(table, FTS_ROW_FLOOR).changes;
    changed += db.prepare(`INSERT INTO sqlite_stat1 (tbl, idx, stat) SELECT ?, NULL, ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_stat1 WHERE tbl = ? AND idx IS NULL)`).run(table, String(FTS_ROW_FLOOR), table).changes;
  }
  // The planner reads sqlite_stat1 when the schema loads; this reloads it for the open connection.
  if (changed > 0) db.exec('ANALYZE sqlite_schema');
}

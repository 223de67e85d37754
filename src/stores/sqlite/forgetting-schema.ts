import type Database from 'better-sqlite3';

/**
 * Schema version 7: what complete forgetting needs.
 *
 * - FTS5 `secure-delete` (SQLite ≥ 3.44; better-sqlite3 bundles 3.53): a
 *   deleted row's terms leave the index segments at once instead of staying
 *   behind a delete marker until some later merge. The one-time 'optimize'
 *   merges away what earlier deletes left behind.
 * - `forgotten_memories`: ids only (never content), so a mirror import or a
 *   replay never brings back what was forgotten.
 * - An index on `context.sourceHash` (the hash of the text a fact or watcher
 *   memory was derived from), so a forget finds what was derived in one lookup.
 */
export function createForgettingSchema(db: Database.Database): void {
  db.exec(`
    INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1);
    INSERT INTO memories_fts(memories_fts) VALUES ('optimize');
    CREATE TABLE IF NOT EXISTS forgotten_memories (id TEXT PRIMARY KEY, forgotten_at INTEGER NOT NULL) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS memories_source_hash ON memories(agent_id, json_extract(context, '$.sourceHash'));
  `);
}

/**
 * How many segments of one level FTS5 lets gather before it merges them (its `automerge`; FTS5's default is 4).
 *
 * Why 2: with `secure-delete` on, a delete rewrites the doclist of each of the row's terms in every segment that
 * may hold the row, so it costs in proportion to how many segments there are. Every `remember` into a full
 * short-term ring deletes the memory it evicts, and that delete was most of a write's CPU. Merging at two keeps
 * fewer segments: on a copy of the HTTP bench's 100k agent (2026-11-27, h13-writer), the bench's writes in
 * SQL — an insert, and the delete of the row inserted 100 writes before, each its own transaction, 4,000 of
 * them, CPU of the last 3,000 — cost 1.42 / 1.45 ms a pair at 4, 1.07 / 1.03 at 2 (1.62 at 3); a whole
 * `remember` through the engine (1,500 after 300) 1.88 / 1.89 ms at 4, 1.36 / 1.36 at 2. The inserts cost the
 * same (0.44-0.47 ms); a 5k-row bulk insert 764 ms (mean of 12 batches) at 4, 815 at 2 (noise of ±100 ms); an
 * FTS5 count query over common words 1.38-1.55 ms either way. What the index holds, and so every result, is
 * the same: merging changes only how the entries are laid out in segments.
 */
export const FTS_AUTOMERGE = 2;

/** Sets the keyword index's `automerge` to FTS_AUTOMERGE where it is not (FTS5 keeps it in `memories_fts_config`). Run at every open by a writer. */
export function keepFtsMergesEager(db: Database.Database): void {
  if (db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'memories_fts_config'`).get() === undefined) return;
  const current = db.prepare(`SELECT v FROM memories_fts_config WHERE k = 'automerge'`).pluck().get();
  if (current === FTS_AUTOMERGE) return;
  db.exec(`INSERT INTO memories_fts(memories_fts, rank) VALUES ('automerge', ${FTS_AUTOMERGE})`);
}

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

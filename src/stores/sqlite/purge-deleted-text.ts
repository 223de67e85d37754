import { StoreError } from '../../errors/store-error.ts';
import type { PurgeReport } from '../../spec/memory-backend.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { hasNeighbourText } from './neighbour-text-schema.ts';
import { placeholders } from './query-builder.ts';

export type { PurgeReport };

/**
 * The one purge path every forget ends in (library `forget`, `forget_memory`,
 * HTTP, CLI, dashboard). Call it after the rows were deleted. In one
 * transaction it records the forgotten ids as tombstones (ids only, so a
 * mirror import never brings them back) and strips them from the provenance
 * lists that name memories (a skill's `created_from`, a working-memory
 * consolidation's `memory_ids`); then it makes the deleted text unrecoverable
 * from the agent's files:
 * - the FTS5 index runs with `secure-delete` (schema 7), so a delete removes
 *   the row's terms from the segments at once — no merge needed;
 * - `secure_delete` (set on every pooled connection) zeroes freed cells and pages;
 * - the WAL is checkpointed with TRUNCATE, so no old page image survives in `-wal`;
 * The keyword and vector change logs hold only row numbers, never text, and
 * vectors live only in the database (a forgotten memory's row goes with it by
 * trigger); no index file is kept beside it.
 *
 * @example
 * await store.deleteMany(scope, ids);
 * purgeDeletedText(backend.pool, 'ada', ids); // { busy: false, walFrames: 12 }
 */
export function purgeDeletedText(pool: SqliteConnectionPool, agentId: string, forgottenIds: readonly string[] = [], now = Date.now(), options: { rewritten?: boolean } = {}): PurgeReport {
  const db = pool.connection(agentId);
  try {
    if (forgottenIds.length > 0) {
      db.transaction(() => {
        const tombstone = db.prepare('INSERT OR IGNORE INTO forgotten_memories (id, forgotten_at) VALUES (?, ?)');
        for (const id of forgottenIds) tombstone.run(id, now);
        const list = JSON.stringify(forgottenIds);
        const strip = (table: string, column: string) =>
          db
            .prepare(
              `UPDATE ${table} SET ${column} = (SELECT json_group_array(value) FROM json_each(${table}.${column}) WHERE value NOT IN (SELECT value FROM json_each(?)))
               WHERE EXISTS (SELECT 1 FROM json_each(${table}.${column}) WHERE value IN (SELECT value FROM json_each(?)))`,
            )
            .run(list, list);
        strip('skills', 'created_from');
        strip('working_consolidations', 'memory_ids');
      }).immediate();
    }
    // Neighbour rewrites at insert replace entries without secure-delete (neighbour-text-schema.ts), so a
    // forgotten (or edited) turn's words may sit in masked older entries of its neighbours: merging every
    // segment into one drops them, and secure_delete zeroes the pages they were on (223 ms at 100k memories).
    if ((forgottenIds.length > 0 || options.rewritten === true) && hasNeighbourText(db)) db.prepare("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')").run();
    // Inside a transaction (a purge made within a host's `atomically`) SQLite refuses a checkpoint ("database table is
    // locked"): the tombstones are part of that transaction, the checkpoint is the next purge's.
    if (db.inTransaction) return { busy: true, walFrames: 0 };
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    return { busy: (result?.busy ?? 0) !== 0, walFrames: result?.log ?? 0 };
  } catch (error) {
    throw new StoreError({ message: `Purging deleted text failed for agent "${agentId}": ${(error as Error).message}`, cause: error });
  }
}

/** Every id the agent forgot (its tombstones), sorted: `data migrate` carries them. */
export function forgottenIds(pool: SqliteConnectionPool, agentId: string): string[] {
  return pool.connection(agentId).prepare('SELECT id FROM forgotten_memories ORDER BY id').pluck().all() as string[];
}

/** Which of these ids were forgotten (tombstoned) before: a mirror import skips them. */
export function forgottenAmong(pool: SqliteConnectionPool, agentId: string, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  const db = pool.connection(agentId);
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const part = ids.slice(start, start + 500);
    for (const id of db.prepare(`SELECT id FROM forgotten_memories WHERE id IN (${placeholders(part.length)})`).pluck().all(...part) as string[]) found.add(id);
  }
  return found;
}

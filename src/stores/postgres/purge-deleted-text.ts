import { HippocampusError } from '../../errors/hippocampus-error.ts';
import type { PurgeReport } from '../../spec/memory-backend.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/**
 * What a purge after a forget does on PostgreSQL:
 * - 'vacuum': tombstones, then `VACUUM` of the tables that held the text. The rows are gone
 *   for every query at once (they were deleted in a committed transaction); VACUUM makes their space
 *   reusable and drops their index entries, but PostgreSQL does not zero freed space: the bytes stay in
 *   the data files until new rows overwrite them.
 * - 'full' (default): `VACUUM FULL` (rewrites the tables, taking an exclusive lock while it runs) then
 *   a CHECKPOINT: no byte of the text is left in the table and index files (tested on Debian's server;
 *   with 'vacuum' the same test finds the sentence in the memories table's file).
 * - 'none': tombstones only; autovacuum gets to the space later.
 * What no purge can promise: WAL segments written before the checkpoint (until recycled, longer with
 * `wal_keep_size` or archiving), streaming replicas' own files, and backups keep the text.
 */
export type PostgresPurge = 'vacuum' | 'full' | 'none';

/**
 * Every table whose rows carry a memory's text or words. graph_alias_sources keys each row by the alias it sources,
 * in lower case: left out, a forgotten "whom we call Qwixelbun" stayed in its heap and primary-key files after
 * 'full' (probe; postgres-engine.test.ts).
 */
const TEXT_TABLES = ['memories', 'memory_history', 'keyword_terms', 'keyword_totals', 'skills', 'working_consolidations', 'graph_entities', 'graph_aliases', 'graph_alias_sources', 'graph_relations'];

export async function purgePostgres(database: PostgresDatabase, options: { agentId: string; forgottenIds: readonly string[]; purge: PostgresPurge; vectorTable: string }): Promise<PurgeReport> {
  if (options.forgottenIds.length > 0) {
    await database.writeTransaction(options.agentId, async (client) => {
      const parameters = [options.agentId, options.forgottenIds];
      await client.rows('INSERT INTO forgotten_memories (agent_id, id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', parameters);
      // Provenance lists that name memories lose the forgotten ids (ids only, but they are the agent's).
      for (const [table, column] of [['skills', 'created_from'], ['working_consolidations', 'memory_ids']] as const) {
        await client.rows(
          `UPDATE ${table} SET ${column} = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements_text(${column}) AS e WHERE e <> ALL($2::text[]))
           WHERE agent_id = $1 AND ${column} ?| $2::text[]`,
          parameters,
        );
      }
    });
  }
  if (options.purge === 'none') return { busy: false, walFrames: 0 };
  // Inside a transaction (a purge made within a host's `atomically`, a live watcher's batch) a VACUUM on another
  // connection would wait for that transaction's locks while it waits for the purge: the next purge vacuums.
  if (database.inTransaction()) return { busy: true, walFrames: 0 };
  await vacuumTables(database, [...TEXT_TABLES, options.vectorTable], options.purge);
  return { busy: false, walFrames: 0 };
}

/**
 * `VACUUM` (or `VACUUM FULL` then a CHECKPOINT) of tables that held forgotten text — after their rows were
 * deleted. PostgreSQL lets only a table's owner, the database's owner or a superuser (from 17, a role granted
 * MAINTAIN) vacuum it and *skips* any other table with a WARNING, not an error: a role that only reads and writes
 * the tables got a forget reported complete with the text still in the files. Such tables are named here instead
 * (STORE_ERROR, the rows already gone for every query).
 */
export async function vacuumTables(database: PostgresDatabase, tables: readonly string[], purge: 'vacuum' | 'full'): Promise<void> {
  const refused = await database.rows<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
     WHERE c.oid = ANY($1::regclass[])
       AND NOT pg_has_role(c.relowner, 'USAGE')
       AND NOT (NOT c.relisshared AND pg_has_role((SELECT datdba FROM pg_database WHERE datname = current_database()), 'USAGE'))
       AND NOT (CASE WHEN current_setting('server_version_num')::int >= 170000 THEN has_table_privilege(c.oid, 'MAINTAIN') ELSE false END)
     ORDER BY 1`,
    [tables],
  );
  if (refused.length > 0) {
    const names = refused.map((row) => row.name).join(', ');
    throw new HippocampusError({
      code: 'STORE_ERROR',
      message: `Forgotten (the rows are gone for every query), but their text was not purged from the table files: this role may not VACUUM ${names} — only their owner, the database's owner or a superuser may. Run \`VACUUM ${purge === 'full' ? '(FULL) ' : ''}${names}\` as the owner, and connect as the owner (or a role it is granted to) so that a forget purges.`,
      details: { tables: refused.map((row) => row.name), purge },
    });
  }
  await database.withClient(async (client) => {
    await client.rows(`VACUUM ${purge === 'full' ? '(FULL) ' : ''}${tables.join(', ')}`);
    if (purge === 'full') await client.rows('CHECKPOINT').catch(() => undefined); // needs pg_checkpoint or superuser; the rewrite already happened
  });
}

export async function forgottenIdsPostgres(database: PostgresDatabase, agentId: string): Promise<string[]> {
  return (await database.rows<{ id: string }>('SELECT id FROM forgotten_memories WHERE agent_id = $1 ORDER BY id', [agentId])).map((row) => row.id);
}

export async function forgottenAmongPostgres(database: PostgresDatabase, agentId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await database.rows<{ id: string }>('SELECT id FROM forgotten_memories WHERE agent_id = $1 AND id = ANY($2::text[])', [agentId, ids]);
  return new Set(rows.map((row) => row.id));
}

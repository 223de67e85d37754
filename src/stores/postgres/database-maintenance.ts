import pg from 'pg';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import type { AgentHealth, DatabaseMaintenance } from '../../spec/database-maintenance.ts';
import { agentsIn } from './memory-store.ts';
import { POSTGRES_SCHEMA_VERSION } from './migrations.ts';
import { createPostgresDatabase, serialConnectionOptions } from './postgres-database.ts';

/** The database a URL names, for messages: host, port and database, never the password. */
export function describeDatabase(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    url.password = '';
    url.search = '';
    return url.toString();
  } catch {
    return 'the PostgreSQL database';
  }
}

/**
 * `data check` / `data recover` on a PostgreSQL store. A check only reads: it does not migrate (an older
 * schema is reported, not upgraded) and reads back every row the agent holds in every table keyed by
 * `agent_id` — each row rendered as text, so its TOASTed values are read too — summing the bytes. A page
 * the server cannot read fails that statement ("invalid page in block …", "missing chunk number …"),
 * which is reported as damage. Salvage is refused: the files are the server's, and PostgreSQL's own
 * backups and point-in-time recovery restore them; Hippocampus cannot do better from outside.
 *
 * @example
 * const maintenance = createPostgresMaintenance('postgres://localhost/memories');
 * console.log(await maintenance.check('ada'));
 */
export function createPostgresMaintenance(connectionString: string): DatabaseMaintenance {
  const pool = new pg.Pool({ connectionString, max: 2, options: serialConnectionOptions(connectionString) });
  const database = createPostgresDatabase(pool, { ownsPool: true });
  const location = describeDatabase(connectionString);
  /** The installed schema version, or null when Hippocampus never ran on this database. */
  const installedVersion = async () => {
    const [table] = await database.rows<{ exists: boolean }>("SELECT to_regclass('hippocampus_schema') IS NOT NULL AS exists");
    if (!table?.exists) return null;
    const [row] = await database.rows<{ version: number | null }>('SELECT max(version) AS version FROM hippocampus_schema');
    return row?.version ?? null;
  };
  return {
    salvages: false,
    async agents() {
      return (await installedVersion()) === null ? [] : agentsIn(database);
    },
    async check(agentId) {
      const started = performance.now();
      const base = { agent: agentId, location, megabytes: 0, checkMs: 0 };
      const version = await installedVersion();
      if (version === null) return { ...base, state: 'missing', problems: ['Hippocampus has never run on this database (no hippocampus_schema table)'] };
      const problems: string[] = [];
      if (version > POSTGRES_SCHEMA_VERSION) problems.push(`schema ${version} is newer than this version of Hippocampus knows (${POSTGRES_SCHEMA_VERSION}): upgrade Hippocampus`);
      const tables = await database.rows<{ table_name: string }>(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'agent_id' AND table_name NOT LIKE 'hippocampus\\_%' ORDER BY table_name",
      );
      let bytes = 0;
      let rows = 0;
      for (const { table_name: table } of tables) {
        try {
          // Identifiers come from the catalog, quoted; the agent is a parameter.
          const [read] = await database.rows<{ rows: string; bytes: string }>(`SELECT count(*) AS rows, coalesce(sum(octet_length(t::text)), 0) AS bytes FROM "${table.replaceAll('"', '""')}" t WHERE agent_id = $1`, [agentId]);
          rows += Number(read?.rows ?? 0);
          bytes += Number(read?.bytes ?? 0);
        } catch (error) {
          const cause = (error as { cause?: { message?: string } }).cause;
          problems.push(`${table}: ${cause?.message ?? (error as Error).message}`);
        }
      }
      const damaged = problems.length > 0;
      const state = damaged ? 'damaged' : rows === 0 ? 'missing' : 'ok';
      return {
        ...base,
        state,
        problems,
        megabytes: +(bytes / 1e6).toFixed(1),
        rows,
        checkMs: Math.round(performance.now() - started),
        ...(damaged ? { recovery: 'restore the database from a PostgreSQL backup (pg_dump, pg_basebackup, point-in-time recovery)' } : {}),
      };
    },
    async recover(agentId) {
      throw new HippocampusError({
        code: 'CONFIG_ERROR',
        message: `Agent "${agentId}" is stored in PostgreSQL (${location}): restore it with PostgreSQL's own tools — a pg_dump or pg_basebackup backup, or point-in-time recovery. \`data recover\` salvages SQLite files only.`,
        details: { agentId, location },
      });
    },
    // Every process of every agent shares the database, each write in its own transaction: nothing to refuse.
    async refuseWhileOpen() {},
    async close() {
      await database.close();
    },
  };
}

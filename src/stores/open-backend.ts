import { storeSchema } from '../config/config-schema.ts';
import { parseWith } from '../config/parse.ts';
import type { DatabaseMaintenance } from '../spec/database-maintenance.ts';
import type { Clock } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { createSqliteMaintenance } from './sqlite/database-maintenance.ts';
import { createSqliteBackend } from './sqlite/sqlite-backend.ts';

export interface OpenBackendOptions {
  /** Absent or 'sqlite': SQLite files under `home`; a postgres:// URL: that database. */
  store?: string;
  home: string;
  durability?: 'normal' | 'full';
  commonTermDocs?: number;
  /** SQLite: hold each agent's file for this process alone until close (`data migrate`'s source). PostgreSQL: no effect. */
  exclusive?: boolean;
}

/** A store that is not 'sqlite' must be a postgres:// URL: anything else would reach the driver's defaults (localhost:5432). */
function postgresUrl(store: string): string {
  return parseWith(storeSchema, store, 'store', 'CONFIG_ERROR');
}

/** One PostgreSQL backend (one pool) per URL in a process, shared by every agent opened on it. */
const postgresBackends = new Map<string, { backend: Promise<MemoryBackend>; users: number }>();

async function sharedPostgresBackend(url: string, commonTermDocs: number | undefined): Promise<MemoryBackend> {
  let entry = postgresBackends.get(url);
  if (entry === undefined) {
    // Loaded only when asked for: the root entry never loads `pg` for SQLite users.
    const backend = import('./postgres/postgres-backend.ts').then(({ createPostgresBackend }) =>
      createPostgresBackend({ connectionString: url, ...(commonTermDocs === undefined ? {} : { commonTermDocs }) }),
    );
    entry = { backend, users: 0 };
    postgresBackends.set(url, entry);
    backend.catch(() => postgresBackends.delete(url));
  }
  entry.users += 1;
  const held = entry;
  const backend = await held.backend;
  let released = false;
  return {
    ...backend,
    async close() {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      postgresBackends.delete(url);
      await backend.close();
    },
  };
}

/**
 * The backend an engine opens when none is given: the SQLite files under the home by default, or the
 * PostgreSQL database a `postgres://` store names (one pool per URL and process, however many agents).
 *
 * @example
 * const backend = await openBackend({ home: './.hippocampus', store: 'postgres://localhost/memories' });
 */
export async function openBackend(options: OpenBackendOptions): Promise<MemoryBackend> {
  if (options.store !== undefined && options.store !== 'sqlite') return sharedPostgresBackend(postgresUrl(options.store), options.commonTermDocs);
  return createSqliteBackend({ home: options.home, ...(options.durability ? { durability: options.durability } : {}), ...(options.commonTermDocs === undefined ? {} : { commonTermDocs: options.commonTermDocs }), ...(options.exclusive ? { exclusive: true } : {}) });
}

/**
 * Checking and salvaging outside an engine (`data check`, `data recover`) for the store a `store` option
 * names: the SQLite files under the home, or the PostgreSQL database of a `postgres://` URL (loaded only
 * when asked for). Nothing is migrated or written by a check.
 *
 * @example
 * const maintenance = await openMaintenance({ home: './.hippocampus' });
 * const health = await maintenance.check('ada');
 */
export async function openMaintenance(options: { store?: string; home: string }): Promise<DatabaseMaintenance> {
  if (options.store !== undefined && options.store !== 'sqlite') {
    const { createPostgresMaintenance } = await import('./postgres/database-maintenance.ts');
    return createPostgresMaintenance(postgresUrl(options.store));
  }
  return createSqliteMaintenance(options.home);
}

/**
 * Working memory on the Redis a `redis://` URL names, loaded on demand so that no other command pulls
 * ioredis in (in-process working memory needs no store: `src/working/`).
 *
 * @example
 * const working = await openRedisWorkingMemory({ url: 'redis://127.0.0.1:6379', embedder });
 */
export async function openRedisWorkingMemory(options: { url: string; embedder?: Embedder; clock?: Clock }): Promise<WorkingMemoryStore> {
  const { createRedisWorkingMemory } = await import('./redis/index.ts');
  return createRedisWorkingMemory({ redis: options.url, ...(options.embedder ? { embedder: options.embedder } : {}), ...(options.clock ? { clock: options.clock } : {}) });
}

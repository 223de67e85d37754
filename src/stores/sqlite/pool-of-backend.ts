import type { MemoryBackend } from '../../spec/memory-backend.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';

/**
 * The connection pool behind a backend when it is the SQLite one, else null:
 * for features that only SQLite has (memory blocks in the agent file, WAL purge).
 *
 * @example
 * const pool = sqlitePoolOf(memory.backend); // null for Postgres, Redis...
 */
export function sqlitePoolOf(backend: MemoryBackend): SqliteConnectionPool | null {
  return (backend as { pool?: SqliteConnectionPool }).pool ?? null;
}

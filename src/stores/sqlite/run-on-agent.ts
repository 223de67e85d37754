import type Database from 'better-sqlite3';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';

/**
 * Runs one piece of work on an agent's connection; a driver error comes back
 * as a StoreError naming the operation and the agent, our own errors unchanged.
 *
 * @example
 * const count = runOnAgent(pool, 'ada', 'count skills', (db) => db.prepare('SELECT count(*) AS n FROM skills').get());
 */
export function runOnAgent<T>(pool: SqliteConnectionPool, agentId: string, label: string, work: (db: Database.Database) => T): T {
  try {
    return work(pool.connection(agentId));
  } catch (error) {
    if (HippocampusError.isInstance(error)) throw error;
    throw new StoreError({ message: `SQLite ${label} failed for agent "${agentId}": ${(error as Error).message}`, cause: error });
  }
}

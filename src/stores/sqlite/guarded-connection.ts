import type Database from 'better-sqlite3';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';
import { corruptDatabaseError, storeErrorCodeOf } from './database-health.ts';

// Every SQLite error reaches users as a HippocampusError with a code: the pool
// hands out connections whose statements, exec, pragma and transactions turn a
// raw SqliteError into a StoreError naming the query and its parameters
// (DATABASE_CORRUPT, with the recovery command, when the file is damaged).
// Wrapping here, at the one place connections come from, covers every store,
// index and layer table without each remembering its own try/catch.

const STATEMENT_RUNS = new Set(['run', 'get', 'all', 'iterate']);
const STATEMENT_CHAINS = new Set(['pluck', 'raw', 'expand', 'bind', 'safeIntegers']);

function translate(error: unknown, place: { file: string; agentId: string; query?: string; params?: unknown[] }): unknown {
  if (HippocampusError.isInstance(error) || !(error instanceof Error) || !('code' in error)) return error;
  if (storeErrorCodeOf(error) === 'DATABASE_CORRUPT') return corruptDatabaseError(place.file, place.agentId, [error.message], error);
  return new StoreError({ message: `SQLite failed for agent "${place.agentId}": ${error.message}`, cause: error, ...(place.query === undefined ? {} : { query: place.query, params: place.params ?? [] }) });
}

function guardStatement(statement: Database.Statement, place: { file: string; agentId: string }): Database.Statement {
  const proxy: Database.Statement = new Proxy(statement, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const name = String(property);
      if (STATEMENT_RUNS.has(name)) {
        return (...params: unknown[]) => {
          try {
            return (value as (...args: unknown[]) => unknown).apply(target, params);
          } catch (error) {
            throw translate(error, { ...place, query: target.source, params });
          }
        };
      }
      if (STATEMENT_CHAINS.has(name)) {
        return (...args: unknown[]) => {
          (value as (...args: unknown[]) => unknown).apply(target, args);
          return proxy;
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return proxy;
}

/**
 * The connection as the rest of the code sees it: same API, typed errors.
 *
 * @example
 * const db = guardConnection(new Database(file), { file, agentId: 'ada' });
 * db.prepare('SELECT * FROM nowhere'); // throws StoreError (STORE_ERROR) naming the query
 */
export function guardConnection(db: Database.Database, place: { file: string; agentId: string }): Database.Database {
  const wrap =
    (value: (...args: unknown[]) => unknown, describe: (args: unknown[]) => string | undefined) =>
    (...args: unknown[]) => {
      try {
        return value.apply(db, args);
      } catch (error) {
        const query = describe(args);
        throw translate(error, { ...place, ...(query === undefined ? {} : { query }) });
      }
    };
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      switch (property) {
        case 'prepare':
          return (...args: unknown[]) => guardStatement(wrap(method, (given) => String(given[0]))(...args) as Database.Statement, place);
        case 'exec':
          return wrap(method, (given) => String(given[0]));
        case 'pragma':
          return wrap(method, (given) => `PRAGMA ${String(given[0])}`);
        case 'transaction':
          return (fn: (...args: unknown[]) => unknown) => {
            const transaction = method.call(target, fn) as Database.Transaction<(...args: unknown[]) => unknown>;
            const guarded = wrap(transaction as unknown as (...args: unknown[]) => unknown, () => undefined) as unknown as Database.Transaction<(...args: unknown[]) => unknown>;
            for (const variant of ['deferred', 'immediate', 'exclusive'] as const) {
              guarded[variant] = wrap(transaction[variant] as unknown as (...args: unknown[]) => unknown, () => undefined) as never;
            }
            return guarded;
          };
        default:
          return method.bind(target);
      }
    },
  });
}

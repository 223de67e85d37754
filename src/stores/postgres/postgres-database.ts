import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { withDeadline } from '../../core/deadline.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';

/** One connection (or the pool) that runs parameterized SQL, every failure typed with its query and parameters. */
export interface Queryable {
  rows<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** The shared node-postgres pool every part of the Postgres backend runs on. */
export interface PostgresDatabase extends Queryable {
  readonly pool: pg.Pool;
  /**
   * Runs `work` in one transaction holding the agent's write lock (a transaction-scoped advisory lock):
   * writes to one agent are serialized across every process and machine, as SQLite's single writer does
   * for a file, while reads and other agents go on. Deadlocks and serialization failures are retried.
   */
  writeTransaction<T>(agentId: string, work: (client: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction holding the agent's write lock, and every query this database runs
   * from inside `work` (its async calls included) joins it: nested write transactions become savepoints.
   * So a batch's memories and the watcher's watermark commit together or not at all.
   */
  atomically<T>(agentId: string, work: () => Promise<T>): Promise<T>;
  /** Runs `work` in a transaction without the agent's lock (for SET LOCAL); inside `atomically`, in that one. */
  readTransaction<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
  /** Whether this call runs inside `atomically` (its writes not committed until that returns: a VACUUM now would wait on them). */
  inTransaction(): boolean;
  /** Runs `work` on one connection of its own, outside any transaction (VACUUM cannot run inside one). */
  withClient<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
  /**
   * True when every connection of the pool runs without parallel query workers (a pool this backend
   * made, see `serialConnectionOptions`): a search needs no transaction of its own to `SET LOCAL` it.
   */
  readonly serialPlans: boolean;
  /** `SELECT 1` through the pool within `timeoutMs`, or STORE_UNAVAILABLE (the server refused, closed or took too long). */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** SQLSTATEs worth one more try: serialization failure, deadlock detected. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/**
 * Statements PostgreSQL can prepare get a name from their text, so each connection plans them once:
 * planning took 6-7 ms of a 0.3 ms keyword-statistics lookup (EXPLAIN ANALYZE at 10k memories).
 */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  if (!PREPARABLE.test(sql)) return undefined;
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `hippocampus_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 10_000) statementNames.set(sql, name);
  }
  return name;
}

/**
 * The one place a node-postgres failure becomes a StoreError: a query (which names its SQL and parameters
 * for the operator's log) or taking a connection from the pool. A refused or lost connection is thereby
 * STORE_UNAVAILABLE (503) on every path, a write's `pool.connect()` and the schema migration included;
 * untyped, they reached users as 500 INTERNAL_ERROR while the server was stopped.
 */
async function typed<T>(call: () => Promise<T>, failed: { query: string; params: readonly unknown[] } | 'connect'): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (HippocampusError.isInstance(error)) throw error;
    const reason = (error as Error).message;
    if (failed === 'connect') throw new StoreError({ message: `PostgreSQL connection failed: ${connectionReason(reason)}`, cause: error });
    throw new StoreError({ message: `PostgreSQL query failed: ${connectionReason(reason)}`, query: failed.query, params: [...failed.params], cause: error });
  }
}

/**
 * The driver's words for a server that asks for a password the URL does not give ('SASL: SCRAM-SERVER-FIRST-MESSAGE:
 * client password must be a string') say nothing a user can act on: said plainly, with where a password goes.
 */
function connectionReason(reason: string): string {
  if (/client password must be a string/.test(reason)) return 'the server asks for a password and the URL gives none (postgres://user:password@host/database, or PGPASSWORD)';
  return reason;
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async rows<Row>(sql: string, params: readonly unknown[] = []) {
      const name = statementName(sql);
      const query = name === undefined ? { text: sql, values: params as unknown[] } : { name, text: sql, values: params as unknown[] };
      return (await typed(() => client.query(query), { query: sql, params })).rows as Row[];
    },
  };
}

/** A connection of the pool of its own, typed as every query is (see `typed`); the caller releases it. */
function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  return typed(() => pool.connect(), 'connect');
}

/**
 * The `options` startup parameter of a pool this backend makes: the caller's (from the URL or PGOPTIONS)
 * and parallel query workers off. They cost more to start than this backend's statements take (22 of a
 * 50 ms vector probe at 100k in EXPLAIN ANALYZE); set at connection, a search needs no BEGIN, SET LOCAL
 * and COMMIT around it (a recall at 100k: p50 33 -> 29 ms, p95 67 -> 48 ms, load 3.5-4.7).
 */
export function serialConnectionOptions(connectionString: string | undefined): string {
  let given = process.env.PGOPTIONS ?? '';
  try {
    if (connectionString !== undefined) given = new URL(connectionString).searchParams.get('options') ?? given;
  } catch {
    // Not a URL (a socket path): only PGOPTIONS.
  }
  return `${given} -c max_parallel_workers_per_gather=0`.trim();
}

/**
 * Wraps a node-postgres pool. Values always travel as parameters; identifiers never come from input.
 *
 * @example
 * const database = createPostgresDatabase(new pg.Pool({ connectionString }));
 * await database.writeTransaction('ada', (client) => client.rows('UPDATE …'));
 */
export function createPostgresDatabase(pool: pg.Pool, options: { ownsPool: boolean }): PostgresDatabase {
  const onPool = queryable(pool);
  // An idle client that loses its server (restart, network) emits 'error' on the pool: without a
  // listener that would crash the process; the next query gets a fresh connection instead.
  pool.on('error', () => undefined);
  let closed: Promise<void> | undefined;
  // The transaction `atomically` opened, for every query made inside it.
  const ambient = new AsyncLocalStorage<{ client: Queryable; savepoints: number }>();
  /** One transaction on a connection of its own, holding the agent's write lock when `lockAgent` is given. */
  async function transaction<T>(lockAgent: string | null, work: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await connect(pool);
    const inTransaction = queryable(client);
    try {
      await inTransaction.rows('BEGIN');
      if (lockAgent !== null) await inTransaction.rows("SELECT pg_advisory_xact_lock(hashtextextended('hippocampus:' || $1, 0))", [lockAgent]);
      const result = await work(inTransaction);
      await inTransaction.rows('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  /** Part of the transaction `atomically` opened, rolled back alone when it fails. */
  async function inSavepoint<T>(outer: { client: Queryable; savepoints: number }, work: () => Promise<T>): Promise<T> {
    const name = `hippocampus_${(outer.savepoints += 1)}`;
    await outer.client.rows(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      await outer.client.rows(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await outer.client.rows(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw error;
    }
  }
  return {
    pool,
    serialPlans: options.ownsPool,
    rows(sql, params) {
      return (ambient.getStore()?.client ?? onPool).rows(sql, params);
    },
    async atomically(agentId, work) {
      const outer = ambient.getStore();
      // Inside another (a live-watcher batch holding a `remember`): a part of that one, all-or-nothing.
      if (outer !== undefined) return inSavepoint(outer, work);
      return transaction(agentId, (client) => ambient.run({ client, savepoints: 0 }, work));
    },
    async writeTransaction(agentId, work) {
      const outer = ambient.getStore();
      // Inside `atomically`: the agent's lock is held already; a savepoint keeps this part all-or-nothing.
      if (outer !== undefined) return inSavepoint(outer, () => work(outer.client));
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await transaction(agentId, work);
        } catch (error) {
          const code = String((error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code ?? '');
          if (!RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
        }
      }
    },
    inTransaction: () => ambient.getStore() !== undefined,
    async readTransaction(work) {
      const outer = ambient.getStore();
      return outer !== undefined ? work(outer.client) : transaction(null, work);
    },
    async withClient(work) {
      const client = await connect(pool);
      try {
        return await work(queryable(client));
      } finally {
        client.release();
      }
    },
    async ping(timeoutMs) {
      // A server that does not answer (a dropped network) would leave the query waiting: the deadline answers instead.
      try {
        await withDeadline(onPool.rows('SELECT 1'), timeoutMs, () => new StoreError({ code: 'STORE_UNAVAILABLE', message: `PostgreSQL did not answer within ${timeoutMs} ms` }));
      } catch (error) {
        if (HippocampusError.isInstance(error) && error.code === 'STORE_UNAVAILABLE') throw error;
        throw new StoreError({ code: 'STORE_UNAVAILABLE', message: `PostgreSQL is unreachable: ${(error as Error).message.split('\n')[0]}`, cause: error });
      }
    },
    async close() {
      // The store and the backend both close it: end the pool once.
      closed ??= options.ownsPool ? pool.end() : Promise.resolve();
      await closed;
    },
  };
}

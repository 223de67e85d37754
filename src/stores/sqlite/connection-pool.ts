import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { agentPaths, refuseCaseTwinAgent } from '../../config/agent-paths.ts';
import { identifierSchema } from '../../config/identifiers.ts';
import { StoreError, storeErrorCode } from '../../errors/store-error.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { assertNotLost, assertSound, corruptDatabaseError, markAgent, markChecked } from './database-health.ts';
import { keepFtsStatisticsUsable } from './fts-statistics.ts';
import { guardConnection } from './guarded-connection.ts';
import { migrate, type Migration, MIGRATIONS } from './migrations.ts';
import { loadSqliteVec } from './load-sqlite-vec.ts';
import { makeDirectory } from '../../config/make-directory.ts';

export interface SqliteConnectionPoolOptions {
  home: string;
  durability?: 'normal' | 'full';
  migrations?: readonly Migration[];
  /**
   * Read-only connections to databases that exist already (read workers, memory/read-workers.ts):
   * no migration, no statistics written, no checkpoint on close. A file not there is a StoreError,
   * never created.
   */
  readOnly?: boolean;
  /** Called once per new connection after the pragmas, before migrations (e.g. to load sqlite-vec). */
  onOpen?: (db: Database.Database) => void;
}

/**
 * One SQLite connection per agent database file, opened lazily and shared by
 * every SQLite-backed store of this process. Every connection runs in WAL mode
 * with busy_timeout=5000, foreign keys on and secure_delete on (forgotten text
 * is overwritten, not left in free pages). Opening refuses a damaged file
 * (DATABASE_CORRUPT) and a lost one of an agent with a history
 * (DATABASE_MISSING); every SQLite error after that is a typed StoreError.
 */
export interface SqliteConnectionPool {
  readonly home: string;
  connection(agentId: string): Database.Database;
  listAgents(): string[];
  /** Whether `listAgents()` would name this agent (its database file is there); an id that is not valid is not held. */
  hasAgent(agentId: string): boolean;
  databaseSize(agentId: string): number;
  close(): void;
}

const OPEN_ATTEMPTS = 20;

/** SQLite's default page cache is 2 MB: too small for the indexes of a 100k-memory agent. Writer and readers alike. */
function sizeCaches(db: Database.Database): void {
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
}

export function createSqliteConnectionPool(options: SqliteConnectionPoolOptions): SqliteConnectionPool {
  const connections = new Map<string, Database.Database>();
  const migrations = options.migrations ?? MIGRATIONS;
  let closed = false;

  function prepare(file: string, agentId: string): Database.Database {
    const db = new Database(file, { timeout: 5000 });
    try {
      db.pragma('busy_timeout = 5000');
      // Before anything could write: a damaged file is refused, never written into.
      assertSound(db, file, agentId);
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      db.pragma('secure_delete = ON');
      sizeCaches(db);
      db.pragma(`synchronous = ${options.durability === 'full' ? 'FULL' : 'NORMAL'}`);
      loadSqliteVec(db);
      options.onOpen?.(db);
      migrate(db, file, migrations);
      // Bounded ANALYZE, so optimize stays cheap on big agents; it lets the planner
      // pick the right index (type vs importance) from real statistics.
      db.pragma('analysis_limit = 400');
      db.pragma('optimize = 0x10002');
      // optimize analyzes a new agent's empty keyword index; see fts-statistics.ts.
      keepFtsStatisticsUsable(db);
      markAgent(agentPaths(options.home, agentId).root, agentId);
      return guardConnection(db, { file, agentId });
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** A reader: WAL (set by the writer) lets it read while the engine writes; its page cache is its own. */
  function prepareReader(file: string, agentId: string): Database.Database {
    const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      db.pragma('busy_timeout = 5000');
      sizeCaches(db);
      loadSqliteVec(db);
      options.onOpen?.(db);
      return guardConnection(db, { file, agentId });
    } catch (error) {
      db.close();
      throw error;
    }
  }

  function open(agentId: string): Database.Database {
    const paths = agentPaths(options.home, agentId);
    if (options.readOnly) {
      try {
        return prepareReader(paths.longTermDatabase, agentId);
      } catch (error) {
        if (HippocampusError.isInstance(error)) throw error;
        throw new StoreError({ message: `Could not open ${paths.longTermDatabase} to read`, cause: error });
      }
    }
    const file = paths.longTermDatabase;
    // Where a folder can be made: a read-only pool (the read workers) opens agents its engine opened already.
    refuseCaseTwinAgent(options.home, agentId);
    assertNotLost(file, agentId, paths.root);
    makeDirectory(path.dirname(file), { details: { file, agentId } });
    // Two processes creating the same new file can meet while one switches it to
    // WAL, where SQLite answers SQLITE_BUSY without waiting: try again, briefly.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return prepare(file, agentId);
      } catch (error) {
        if (HippocampusError.isInstance(error)) throw error;
        if (storeErrorCode(error) === 'DATABASE_CORRUPT') throw corruptDatabaseError(file, agentId, [(error as Error).message], error);
        const busy = String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY');
        if (!busy || attempt >= OPEN_ATTEMPTS) throw new StoreError({ message: `Could not open ${file}`, cause: error });
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 * attempt);
      }
    }
  }

  return {
    home: options.home,
    connection(agentId) {
      if (closed) throw new HippocampusError({ code: 'ENGINE_CLOSED', message: 'The SQLite store is closed' });
      let db = connections.get(agentId);
      if (db === undefined) {
        db = open(agentId);
        connections.set(agentId, db);
      }
      return db;
    },
    listAgents() {
      const directory = path.join(options.home, 'agents');
      if (!fs.existsSync(directory)) return [];
      return fs
        .readdirSync(directory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && fs.existsSync(agentPaths(options.home, entry.name).longTermDatabase))
        .map((entry) => entry.name)
        .sort();
    },
    hasAgent(agentId) {
      return identifierSchema.safeParse(agentId).success && fs.existsSync(agentPaths(options.home, agentId).longTermDatabase);
    },
    databaseSize(agentId) {
      const file = agentPaths(options.home, agentId).longTermDatabase;
      return [file, `${file}-wal`].reduce((total, name) => total + (fs.existsSync(name) ? fs.statSync(name).size : 0), 0);
    },
    close() {
      closed = true;
      for (const [agentId, db] of connections) {
        if (options.readOnly) {
          db.close();
          continue;
        }
        let checkpointed = false;
        try {
          const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
          checkpointed = (result?.busy ?? 1) === 0;
        } catch {
          // Another process may hold the WAL; its own close checkpoints it.
        }
        db.close();
        // Closed cleanly by us: the next open need not check the whole file again.
        if (checkpointed) markChecked(agentPaths(options.home, agentId).longTermDatabase);
      }
      connections.clear();
    },
  };
}

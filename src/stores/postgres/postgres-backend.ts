import pg from 'pg';
import type { MemoryBackend } from '../../spec/memory-backend.ts';
import { createPostgresGraphStore } from './graph-store.ts';
import { createPostgresKeywordIndex } from './keyword-index.ts';
import { createPostgresBlockStore, createPostgresConsolidationMarks, createPostgresWatermarkStore } from './layer-stores.ts';
import { createPostgresSkillStore } from './skill-store.ts';
import { createPostgresMemoryStore } from './memory-store.ts';
import { createPostgresConversationMessages } from './messages-table.ts';
import { migratePostgres, settleVectorPath } from './migrations.ts';
import { createPostgresDatabase, serialConnectionOptions, type PostgresDatabase } from './postgres-database.ts';
import { forgottenAmongPostgres, forgottenIdsPostgres, purgePostgres, type PostgresPurge } from './purge-deleted-text.ts';
import { createPostgresVectorIndex, efSearchOf, hnswConnectionOptions, type PostgresVectorPath } from './vector-index.ts';

export interface PostgresBackendOptions {
  /** `postgres://user:password@host:port/database`; or give `pool`. */
  connectionString?: string;
  /** A node-postgres pool the caller owns (not ended by `close`). */
  pool?: pg.Pool;
  /** Connections of the pool this backend creates. Default 10. */
  maxConnections?: number;
  /** 'auto' (default): pgvector when `CREATE EXTENSION vector` works, else the core path. Recorded on first open. */
  vectors?: 'auto' | PostgresVectorPath;
  /**
   * What a forget's purge does (see PostgresPurge). Default 'full': forgotten means gone from every
   * file, which on PostgreSQL takes rewriting the tables (VACUUM FULL, an exclusive lock while it runs);
   * 'vacuum' is cheaper and leaves the bytes in freed space until overwritten.
   */
  purge?: PostgresPurge;
  /** As SQLite's: how many matches the rarest query words may pull in. Default 1,000. */
  commonTermDocs?: number;
  /** Below this many vectors an agent is searched exactly (default 5,000 on pgvector, 1,000 on the core path). */
  exactVectorsBelow?: number;
  /** pgvector: `hnsw.ef_search` of an agent's HNSW searches (1–1,000; at least twice the limit asked). Default EF_SEARCH. */
  efSearch?: number;
}

export interface PostgresBackend extends MemoryBackend {
  readonly database: PostgresDatabase;
  /** Which vector path this database uses. */
  readonly vectorPath: PostgresVectorPath;
}

/**
 * Every agent's memories in one PostgreSQL database (15 or newer), isolated by `agent_id` in every key
 * and query: rows, full-text keywords ranked by BM25, and vectors on pgvector where the extension is
 * available (HNSW, cosine) or on core PostgreSQL (coarse lists per agent, sign-bit prefilter, exact re-rank). Migrations are
 * versioned and run under an advisory lock, so many processes may open one database at once.
 *
 * @example
 * const backend = await createPostgresBackend({ connectionString: 'postgres://localhost/hippocampus' });
 * const memory = await createHippocampus({ agentId: 'ada', backend });
 */
export async function createPostgresBackend(options: PostgresBackendOptions): Promise<PostgresBackend> {
  // Checked before anything connects: a bad option changes nothing.
  const efSearch = efSearchOf(options.efSearch);
  const pool =
    options.pool ??
    new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10, options: `${serialConnectionOptions(options.connectionString)} ${hnswConnectionOptions(efSearch)}` });
  const database = createPostgresDatabase(pool, { ownsPool: options.pool === undefined });
  try {
    await migratePostgres(database);
    const vectorPath = await settleVectorPath(database, options.vectors ?? 'auto');
    const purge = options.purge ?? 'full';
    const vectors = createPostgresVectorIndex({ database, path: vectorPath, efSearch, hnswOnConnections: options.pool === undefined, ...(options.exactVectorsBelow === undefined ? {} : { exactBelow: options.exactVectorsBelow }) });
    const keywords = createPostgresKeywordIndex({ database, ...(options.commonTermDocs === undefined ? {} : { commonTermDocs: options.commonTermDocs }) });
    return {
      database,
      vectorPath,
      store: createPostgresMemoryStore({ database }),
      vectors,
      keywords,
      purgeDeletedText: (scope, forgottenIds) => purgePostgres(database, { agentId: scope.agentId, forgottenIds, purge, vectorTable: vectorPath === 'pgvector' ? 'memory_vectors' : 'memory_vector_bits' }),
      forgottenAmong: (scope, ids) => forgottenAmongPostgres(database, scope.agentId, ids),
      forgottenIds: (scope) => forgottenIdsPostgres(database, scope.agentId),
      atomically: (scope, work) => database.atomically(scope.agentId, work),
      watermarks: createPostgresWatermarkStore({ database }),
      blocks: createPostgresBlockStore({ database, purge }),
      skills: createPostgresSkillStore({ database }),
      consolidationMarks: createPostgresConsolidationMarks({ database }),
      knowledgeGraph: (clock) => createPostgresGraphStore({ database, clock }),
      conversations: createPostgresConversationMessages(database, purge),
      reachable: (timeoutMs) => database.ping(timeoutMs),
      async close() {
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

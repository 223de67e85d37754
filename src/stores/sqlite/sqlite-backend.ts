import type { MemoryBackend } from '../../spec/memory-backend.ts';
import { createSqliteConnectionPool, type SqliteConnectionPool } from './connection-pool.ts';
import { createSqliteKeywordIndex } from './keyword-index.ts';
import { createSqliteMemoryStore } from './memory-store.ts';
import { forgottenAmong, purgeDeletedText } from './purge-deleted-text.ts';
import { createSqliteVectorIndex } from './vector-index.ts';

export interface SqliteBackend extends MemoryBackend {
  readonly pool: SqliteConnectionPool;
}

/**
 * The default backend: one SQLite file per agent holding rows, FTS5 keywords
 * and sqlite-vec vectors, all on one shared connection per agent.
 *
 * @example
 * const backend = createSqliteBackend({ home: './.hippocampus' });
 */
export function createSqliteBackend(options: { home: string; durability?: 'normal' | 'full'; commonTermDocs?: number }): SqliteBackend {
  const pool = createSqliteConnectionPool({ home: options.home, ...(options.durability ? { durability: options.durability } : {}) });
  const vectors = createSqliteVectorIndex({ pool });
  const keywords = createSqliteKeywordIndex({ pool, ...(options.commonTermDocs === undefined ? {} : { commonTermDocs: options.commonTermDocs }) });
  return {
    pool,
    store: createSqliteMemoryStore({ pool }),
    vectors,
    keywords,
    async purgeDeletedText(scope, forgottenIds) {
      return purgeDeletedText(pool, scope.agentId, forgottenIds);
    },
    async forgottenAmong(scope, ids) {
      return forgottenAmong(pool, scope.agentId, ids);
    },
    async close() {
      await vectors.close();
      await keywords.close();
      pool.close();
    },
  };
}

import type { MemoryBackend } from '../../spec/memory-backend.ts';
import type { AgentScope } from '../../spec/memory-store.ts';
import { committedKeywordReads, committedStoreReads, committedVectorReads } from './committed-reads.ts';
import { createSqliteConnectionPool, type SqliteConnectionPool } from './connection-pool.ts';
import { createSqliteKeywordIndex } from './keyword-index.ts';
import { createSqliteMemoryStore } from './memory-store.ts';
import { forgottenAmong, forgottenIds, purgeDeletedText } from './purge-deleted-text.ts';
import { createSqliteVectorIndex } from './vector-index.ts';
import { appendMessages, createMessagesTable, forgetMessages, readMessages } from '../../conversations/messages-table.ts';
import { searchConversation } from '../../conversations/search-conversation.ts';
import { createSqliteBlockStore } from './block-store.ts';
import { createSqliteConsolidationMarks } from './consolidation-marks.ts';
import { createSqliteGraphStore } from './graph-store.ts';
import { createSqliteSkillStore } from './skill-store.ts';
import { createSqliteWatermarkStore, inImmediateTransaction, openTransactionEnd } from './watermark-store.ts';
import { siblingModule } from '../../core/sibling-module.ts';

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
  // Every reader of an agent in this process shares its one connection: outside an open `atomically` it waits
  // for the commit or rollback, so it never answers with memories a failing batch then takes back.
  const committed = (scope: AgentScope) => openTransactionEnd(pool.connection(scope.agentId));
  return {
    pool,
    store: committedStoreReads(createSqliteMemoryStore({ pool }), committed),
    vectors: committedVectorReads(vectors, committed),
    keywords: committedKeywordReads(keywords, committed),
    async purgeDeletedText(scope, forgottenIds, options) {
      return purgeDeletedText(pool, scope.agentId, forgottenIds, Date.now(), options);
    },
    async forgottenAmong(scope, ids) {
      return forgottenAmong(pool, scope.agentId, ids);
    },
    async forgottenIds(scope) {
      return forgottenIds(pool, scope.agentId);
    },
    // One connection per agent: the engine's own transactions inside become savepoints of this one.
    atomically: (scope, work) => inImmediateTransaction(pool.connection(scope.agentId), work),
    watermarks: createSqliteWatermarkStore({ pool }),
    blocks: createSqliteBlockStore({ pool }),
    skills: createSqliteSkillStore({ pool }),
    consolidationMarks: createSqliteConsolidationMarks({ pool }),
    knowledgeGraph: (clock) => createSqliteGraphStore({ pool, clock }),
    // WAL readers on connections of their own see every write committed before they were asked.
    readReplicas: { module: siblingModule(import.meta.url, 'read-only-agent').href, options: { home: options.home, commonTermDocs: options.commonTermDocs ?? null } },
    // The host's messages table lives in the agent's file (createMessagesTable).
    conversations: {
      searchMessages: async (scope, search) => searchConversation(pool.connection(scope.agentId), search),
      createTable: async (scope, { table }) => createMessagesTable(pool.connection(scope.agentId), { table }),
      readMessages: async (scope, read) => readMessages(pool.connection(scope.agentId), read),
      appendMessages: async (scope, { table, messages }) => appendMessages(pool.connection(scope.agentId), { table, messages }),
      async forgetMessages(scope, { table, ids, texts }) {
        const forgotten = forgetMessages(pool.connection(scope.agentId), { table, ids, texts });
        if (forgotten > 0) purgeDeletedText(pool, scope.agentId);
        return forgotten;
      },
    },
    async close() {
      await vectors.close();
      await keywords.close();
      pool.close();
    },
  };
}

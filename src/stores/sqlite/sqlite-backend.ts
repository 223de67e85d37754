import type { ConversationMessages } from '../../spec/conversation-messages.ts';
import type { MemoryBackend } from '../../spec/memory-backend.ts';
import type { AgentScope } from '../../spec/memory-store.ts';
import { readsCommitted } from './committed-reads.ts';
import {
  CONSOLIDATION_MARKS_MEMBERS,
  CONVERSATION_MESSAGES_MEMBERS,
  KEYWORD_INDEX_MEMBERS,
  KNOWLEDGE_GRAPH_MEMBERS,
  MEMORY_BLOCK_STORE_MEMBERS,
  MEMORY_STORE_MEMBERS,
  SKILL_STORE_MEMBERS,
  VECTOR_INDEX_MEMBERS,
  WATERMARK_STORE_MEMBERS,
} from '../../spec/method-kinds.ts';
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
import type Database from 'better-sqlite3';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { lockExclusively } from './database-health.ts';

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
/**
 * `exclusive`: each agent's file is held by this process alone from its first use until the backend closes — no other
 * process can open it meanwhile (it waits busy_timeout, then DATABASE_BUSY). `data migrate` copies from such a source:
 * checked only before the copy, a server that opened the agent during it kept what it wrote next in the source only
 * (the round 22 probe).
 */
function holdExclusively(db: Database.Database): void {
  lockExclusively(db, (cause) => new HippocampusError({ code: 'DATABASE_BUSY', message: `${db.name} is open in another process (a server, a watcher, an MCP server): stop it, then try again`, details: { file: db.name }, cause }));
}

export function createSqliteBackend(options: { home: string; durability?: 'normal' | 'full'; commonTermDocs?: number; exclusive?: boolean }): SqliteBackend {
  const pool = createSqliteConnectionPool({ home: options.home, ...(options.durability ? { durability: options.durability } : {}), ...(options.exclusive ? { onOpen: holdExclusively } : {}) });
  const vectors = createSqliteVectorIndex({ pool });
  const keywords = createSqliteKeywordIndex({ pool, ...(options.commonTermDocs === undefined ? {} : { commonTermDocs: options.commonTermDocs }) });
  // Every reader of an agent in this process shares its one connection: outside an open `atomically` it waits
  // for the commit or rollback, so it never answers with memories a failing batch then takes back.
  const committed = (scope: AgentScope) => openTransactionEnd(pool.connection(scope.agentId));
  return {
    pool,
    store: readsCommitted(createSqliteMemoryStore({ pool }), MEMORY_STORE_MEMBERS, committed),
    vectors: readsCommitted(vectors, VECTOR_INDEX_MEMBERS, committed),
    keywords: readsCommitted(keywords, KEYWORD_INDEX_MEMBERS, committed),
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
    // Every other store of the agent reads that one connection too, and waits the same way.
    watermarks: readsCommitted(createSqliteWatermarkStore({ pool }), WATERMARK_STORE_MEMBERS, committed),
    blocks: readsCommitted(createSqliteBlockStore({ pool }), MEMORY_BLOCK_STORE_MEMBERS, committed),
    skills: readsCommitted(createSqliteSkillStore({ pool }), SKILL_STORE_MEMBERS, committed),
    consolidationMarks: readsCommitted(createSqliteConsolidationMarks({ pool }), CONSOLIDATION_MARKS_MEMBERS, committed),
    knowledgeGraph: (clock) => readsCommitted(createSqliteGraphStore({ pool, clock }), KNOWLEDGE_GRAPH_MEMBERS, committed),
    // WAL readers on connections of their own see every write committed before they were asked.
    readReplicas: { module: siblingModule(import.meta.url, 'read-only-agent').href, options: { home: options.home, commonTermDocs: options.commonTermDocs ?? null } },
    // The host's messages table lives in the agent's file (createMessagesTable).
    conversations: readsCommitted(sqliteConversationMessages(pool), CONVERSATION_MESSAGES_MEMBERS, committed),
    async close() {
      await vectors.close();
      await keywords.close();
      pool.close();
    },
  };
}

/** The host's messages table in each agent's file, read and written on the agent's one connection. */
export function sqliteConversationMessages(pool: SqliteConnectionPool): ConversationMessages {
  return {
    searchMessages: async (scope, search) => searchConversation(pool.connection(scope.agentId), search),
    createTable: async (scope, { table }) => createMessagesTable(pool.connection(scope.agentId), { table }),
    readMessages: async (scope, read) => readMessages(pool.connection(scope.agentId), read),
    appendMessages: async (scope, { table, messages }) => appendMessages(pool.connection(scope.agentId), { table, messages }),
    async forgetMessages(scope, { table, ids, texts }) {
      const forgotten = forgetMessages(pool.connection(scope.agentId), { table, ids, texts });
      if (forgotten > 0) purgeDeletedText(pool, scope.agentId);
      return forgotten;
    },
  };
}

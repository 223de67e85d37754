import { afterAll, describe, expect, it } from 'vitest';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { AgentScope, MemoryStore } from '../spec/memory-store.ts';
import type { KeywordIndex, VectorIndex } from '../spec/search-index.ts';
import { createSqliteKeywordIndex } from '../stores/sqlite/keyword-index.ts';
import { createSqliteMemoryStore } from '../stores/sqlite/memory-store.ts';
import { createSqliteBlockStore } from '../stores/sqlite/block-store.ts';
import { createSqliteConsolidationMarks } from '../stores/sqlite/consolidation-marks.ts';
import { createSqliteGraphStore } from '../stores/sqlite/graph-store.ts';
import { createSqliteBackend, sqliteConversationMessages, type SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createSqliteSkillStore } from '../stores/sqlite/skill-store.ts';
import { createSqliteWatermarkStore } from '../stores/sqlite/watermark-store.ts';
import { BACKEND_CONTRACT_CHECKS } from './backend-contract.ts';
import { createTempHome } from './temp-home.ts';

const { home, cleanup } = createTempHome('hippocampus-broken-backend-');
afterAll(cleanup);

type Breaker = (base: MemoryBackend) => { store?: Partial<MemoryStore>; vectors?: Partial<VectorIndex>; keywords?: Partial<KeywordIndex> } & Partial<
  Pick<MemoryBackend, 'forgottenAmong' | 'atomically' | 'blocks' | 'skills' | 'purgeDeletedText' | 'knowledgeGraph' | 'conversations' | 'watermarks' | 'consolidationMarks'>
>;

/** SQLite with one behaviour broken: each rule of the contract must catch its own. */
const BROKEN: Record<string, Breaker> = {
  'stores every field of a record and reads it back as written': (base) => ({
    store: { getMany: async (scope, ids) => (await base.store.getMany(scope, ids)).map((record) => ({ ...record, importance: Math.round(record.importance * 10) / 10 })) },
  }),
  'reports a verbatim memory as a duplicate of the first, but keeps facts with the same text': (base) => ({
    store: { insertMany: async (scope, records) => ({ ...(await base.store.insertMany(scope, records)), duplicates: [] }) },
  }),
  'filters by type, kind, tags, importance, time, domain, text, context and consolidation': (base) => ({
    store: { query: (scope, query) => base.store.query(scope, { ...query, text: undefined }) },
  }),
  'understands the filter language, own fields under context. included': (base) => ({
    store: { query: (scope, query) => base.store.query(scope, { ...query, filter: query.filter?.filter((condition) => !condition.field.startsWith('context.')) }) },
  }),
  'orders, limits and pages through ids without gaps or repeats': (base) => ({
    store: { query: (scope, query) => base.store.query(scope, { ...query, orderBy: query.orderBy === 'importance' ? 'timestamp' : query.orderBy }) },
  }),
  'hides superseded memories unless asked, and clears the link when the newer one is deleted': (base) => ({
    store: { query: (scope, query) => base.store.query(scope, { ...query, includeSuperseded: true }) },
  }),
  'patches fields in one transaction and refuses an unknown id with NOT_FOUND, changing nothing': (base) => ({
    store: {
      updateMany: async (scope, patches) => {
        for (const patch of patches) await base.store.updateMany(scope, [patch]);
      },
    },
  }),
  'moves a short-term memory to long-term once': (base) => ({
    store: {
      markConsolidated: async (scope, ids, at) => {
        await base.store.markConsolidated(scope, ids, at);
        return ids;
      },
    },
  }),
  'records access without lifting importance past the ceiling': (base) => ({
    store: { recordAccess: (scope, ids, update) => base.store.recordAccess(scope, ids, { ...update, importanceCeiling: 1 }) },
  }),
  'deletes rows with their history, keeping long-term ones when asked for short-term only': (base) => ({
    store: { deleteMany: (scope, ids) => base.store.deleteMany(scope, ids) },
  }),
  'selects the weakest unprotected long-term memories for pruning': (base) => ({
    store: { selectPruneCandidates: (scope, selection) => base.store.selectPruneCandidates(scope, { ...selection, protectedSince: Number.MAX_SAFE_INTEGER }) },
  }),
  'gives ranking rows with the reply link and counts statistics by tier': (base) => ({
    store: { rankingRows: async (scope, query) => (await base.store.rankingRows(scope, query)).map((row) => ({ ...row, replyTo: null })) },
  }),
  'ranks keyword matches by BM25: rarer words weigh more, stems match, deleted rows never come back': (base) => ({
    keywords: { search: async (scope, terms, options) => (await base.keywords.search(scope, terms, { ...options, limit: 100 })).reverse().slice(0, options.limit) },
  }),
  "says whether it indexes a turn by its neighbours' words, and if so weighs them by neighbourWeight and drops a deleted turn's words from its neighbours": (base) => ({
    keywords: { search: (scope, terms, options) => base.keywords.search(scope, terms, { ...options, neighbourWeight: 0.4 }) },
  }),
  'binds one embedding model per agent and refuses another dimension or model': (base) => ({
    vectors: { bind: async (scope, model) => ((await base.vectors.boundModel(scope)) === null ? base.vectors.bind(scope, model) : base.vectors.rebind(scope, model)) },
  }),
  'finds nearest vectors by cosine, within ids and filters, and reads them back': (base) => ({
    vectors: { search: async (scope, vector, options) => (await base.vectors.search(scope, vector, { ...options, limit: 100 })).reverse().slice(0, options.limit) },
  }),
  'drops a vector when its memory is deleted or its text changes, and lists memories missing one': () => ({
    vectors: { missing: async () => [] },
  }),
  'keeps agents apart on every path': (base) => {
    let first: AgentScope | undefined;
    return {
      store: {
        insertMany: (scope, records) => {
          first ??= scope;
          return base.store.insertMany(scope, records);
        },
        getMany: (scope, ids) => base.store.getMany(first ?? scope, ids),
      },
    };
  },
  'says whether it holds one agent as its agent list does, for memories, blocks and skills alike': (base) => ({
    // The list's check where it is built from memories alone: an agent of blocks or skills only is not held.
    store: { hasAgent: async (agentId) => (await base.store.count({ agentId }, { includeSuperseded: true })) > 0 },
  }),
  'remembers forgotten ids after a purge, per agent': () => ({ forgottenAmong: async () => new Set<string>() }),
  // Commits each write as it goes: the reader sees the row before the batch is done, and the conflict leaves it.
  'a reader on another connection sees a write made inside atomically only whole, once committed; a conflict in the middle leaves nothing': () => ({ atomically: async (_scope, work) => work() }),
  // Runs the work without a transaction: the failing batch's row and watermark stay.
  // The reads of the one connection as they were before they waited for an open transaction's end.
  'a reader of the same backend outside atomically never sees a write made inside it that then rolls back': (base) => {
    const pool = (base as SqliteBackend).pool;
    const store = createSqliteMemoryStore({ pool });
    const keywords = createSqliteKeywordIndex({ pool });
    return {
      store: { query: (scope, query) => store.query(scope, query), getMany: (scope, ids) => store.getMany(scope, ids), count: (scope, query) => store.count(scope, query) },
      keywords: { search: (scope, terms, options) => keywords.search(scope, terms, options) },
    };
  },
  'commits everything written inside atomically together, and nothing when it fails': () => ({ atomically: async (_scope, work) => work() }),
  // Read, then write after a pause: two appends overwrite one another.
  'gives a block value back as every backend can store it: without U+0000, a lone surrogate one U+FFFD': (base) => ({
    blocks: { ...base.blocks!, getMany: async (scope, keys) => (await base.blocks!.getMany(scope, keys)).map((block) => ({ ...block, value: block.value.replaceAll('\ufffd', '\ufffd\ufffd\ufffd') })) },
  }),
  "adds a host's message as every backend can store it (no U+0000, a lone surrogate one U+FFFD); one that is not a message is VALIDATION_ERROR, nothing added": (base) => ({
    conversations: { ...base.conversations!, appendMessages: (scope, options) => base.conversations!.appendMessages(scope, { ...options, messages: options.messages.filter((message) => Number.isFinite(message.createdAt)) }) },
  }),
  'keeps memory blocks per agent, and two concurrent appends both land': (base) => ({
    blocks: {
      ...base.blocks!,
      async modify(scope, key, at, change) {
        const [current] = await base.blocks!.getMany(scope, [key]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        const value = change(current ?? null);
        if (value === null) return null;
        await base.blocks!.putMany(scope, [{ key, value, updatedAt: at }]);
        return { key, value, updatedAt: at };
      },
    },
  }),
  'stores skills with versions and outcomes, and consolidation marks, per agent': (base) => ({ skills: { ...base.skills!, versions: async () => [] } }),
  'strips forgotten ids from skill provenance at the purge': () => ({ purgeDeletedText: async () => ({ busy: false, walFrames: 0 }) }),
  // Ignores the time a question asks about: every relation, open or closed, answers.
  'links a knowledge graph with validity, walks its neighbourhood, and lets what only a deleted memory said go with it, the closing of a relation and an alias included': (base) => ({
    knowledgeGraph: (clock) => {
      const graph = base.knowledgeGraph!(clock);
      return { ...graph, relations: (scope, query) => graph.relations(scope, { ...query, asOf: undefined }) };
    },
  }),
  // Names none of the memories a change unlinks: a forget leaves them to the next link.
  'a forget or an edit through the engine links again at once the memories whose graph relations it dropped, and only those': (base) => ({
    knowledgeGraph: (clock) => ({ ...base.knowledgeGraph!(clock), relinkedBy: async () => [] }),
  }),
  // A purge that keeps no tombstones: a mirror import brings pruned memories back.
  'what the engine prunes (maintain, a consolidation pass) is tombstoned and scrubbed from mirrors: an import of a mirror exported before does not bring it back': (base) => ({
    purgeDeletedText: (scope, _ids, options) => base.purgeDeletedText!(scope, [], options),
  }),
  // The purge before its guard: a WAL checkpoint inside the transaction.
  'a purge inside atomically resolves, its tombstones committed with the transaction': (base) => ({
    purgeDeletedText: async (scope, ids, options) => {
      const report = await base.purgeDeletedText!(scope, ids, options);
      (base as SqliteBackend).pool.connection(scope.agentId).pragma('wal_checkpoint(TRUNCATE)');
      return report;
    },
  }),
  // The same, for what pruning unlinks: maintain and a consolidation pass leave them to the next link.
  'pruning through the engine (maintain, a consolidation pass) links again at once the memories whose graph relations it dropped': (base) => ({
    knowledgeGraph: (clock) => ({ ...base.knowledgeGraph!(clock), relinkedBy: async () => [] }),
  }),
  // Plain counts of matched words: a name weighs no more than a word every other message holds.
  "searches the host's messages table by its words, more and rarer words first, per agent, forgets the messages a forget names; a missing table is CONFIG_ERROR": (base) => ({
    conversations: {
      ...base.conversations!,
      searchMessages: async (scope, search) => {
        const hits = await base.conversations!.searchMessages(scope, { ...search, limit: 1000 });
        const words = search.query.toLowerCase().split(/\W+/).filter(Boolean);
        const matched = (content: string) => words.filter((word) => content.toLowerCase().includes(word)).length;
        return [...hits].sort((left, right) => matched(right.content) - matched(left.content) || right.createdAt - left.createdAt).slice(0, search.limit);
      },
    },
  }),
  // Reads in time order, not id order: a watcher would mark as read a row written earlier with a later time.
  "reads the host's messages table in id order after an id, per agent and conversation, with the highest id; a missing table is CONFIG_ERROR": (base) => ({
    conversations: {
      ...base.conversations!,
      readMessages: async (scope, read) => {
        const page = await base.conversations!.readMessages(scope, { ...read, limit: 1000 });
        return { ...page, messages: [...page.messages].sort((left, right) => Number(left.createdAt) - Number(right.createdAt)).slice(0, read.limit) };
      },
    },
  }),
  // Each store of the agent's one connection as it is without the backend's read gate (committed-reads.ts).
  'a read of memory blocks outside atomically never sees a block written inside it that then rolls back': (base) => ({ blocks: createSqliteBlockStore({ pool: (base as SqliteBackend).pool }) }),
  'a read of skills outside atomically never sees a skill, version or outcome written inside it that then rolls back': (base) => ({ skills: createSqliteSkillStore({ pool: (base as SqliteBackend).pool }) }),
  'a read of the knowledge graph outside atomically never sees links made inside it that then roll back': (base) => ({ knowledgeGraph: (clock) => createSqliteGraphStore({ pool: (base as SqliteBackend).pool, clock }) }),
  "a read of the host's messages table outside atomically never sees a message added inside it that then rolls back": (base) => ({ conversations: sqliteConversationMessages((base as SqliteBackend).pool) }),
  'a read of watermarks outside atomically never sees a position saved inside it that then rolls back': (base) => ({ watermarks: createSqliteWatermarkStore({ pool: (base as SqliteBackend).pool }) }),
  'a read of consolidation marks outside atomically never sees a mark made inside it that then rolls back': (base) => ({ consolidationMarks: createSqliteConsolidationMarks({ pool: (base as SqliteBackend).pool }) }),
};

function broken(breaker: Breaker): MemoryBackend {
  const base = createSqliteBackend({ home });
  const parts = breaker(base);
  return {
    ...base,
    store: { ...base.store, ...parts.store },
    vectors: { ...base.vectors, ...parts.vectors },
    keywords: { ...base.keywords, ...parts.keywords },
    ...(parts.forgottenAmong ? { forgottenAmong: parts.forgottenAmong } : {}),
    ...(parts.atomically ? { atomically: parts.atomically } : {}),
    ...(parts.blocks ? { blocks: parts.blocks } : {}),
    ...(parts.skills ? { skills: parts.skills } : {}),
    ...(parts.purgeDeletedText ? { purgeDeletedText: parts.purgeDeletedText } : {}),
    ...(parts.knowledgeGraph ? { knowledgeGraph: parts.knowledgeGraph } : {}),
    ...(parts.conversations ? { conversations: parts.conversations } : {}),
    ...(parts.watermarks ? { watermarks: parts.watermarks } : {}),
    ...(parts.consolidationMarks ? { consolidationMarks: parts.consolidationMarks } : {}),
  };
}

describe('backend contract rules fail on broken backends', () => {
  for (const check of BACKEND_CONTRACT_CHECKS) {
    it(`"${check.name}" rejects its broken backend`, async () => {
      const breaker = BROKEN[check.name];
      expect(breaker, `no broken backend for "${check.name}"`).toBeDefined();
      const backend = broken(breaker!);
      try {
        await expect(check.run(backend, async () => createSqliteBackend({ home }))).rejects.toThrow();
      } finally {
        await backend.close();
      }
    });
  }
});

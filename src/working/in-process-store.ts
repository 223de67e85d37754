import type { WorkingConversation, WorkingMemoryScope, WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { createSearchMethods } from './search-methods.ts';
import { compareNewestFirst, resolveWeights } from './similarity.ts';
import {
  assertLimit,
  assertScope,
  assertTimestamp,
  copyConversation,
  isFresh,
  normalizeConversation,
  resolveStoreOptions,
  textBytes,
  type WorkingMemoryStoreOptions,
} from './store-rules.ts';

export type InProcessWorkingMemoryOptions = WorkingMemoryStoreOptions;

/**
 * Working memory in a Map: nothing to run, gone when the process exits. Each
 * agent keeps its `capacity` newest conversations; storing one more evicts the
 * oldest by timestamp, and entries older than `ttlMs` become invisible and are
 * purged on the next call for that agent.
 *
 * @example
 * const workingMemory = createInProcessWorkingMemory({ capacity: 5, embedder: createHashEmbedder() });
 * await workingMemory.store({ agentId: 'planner' }, await describeConversation(input, embedder));
 * const [best] = await workingMemory.search({ agentId: 'planner' }, { text: 'the Lisbon offsite' });
 */
export function createInProcessWorkingMemory(options: InProcessWorkingMemoryOptions = {}): WorkingMemoryStore {
  const { capacity, ttlMs, clock, maxConversationBytes } = resolveStoreOptions(options);
  const agents = new Map<string, Map<string, WorkingConversation>>();

  // Purging on access keeps memory bounded without a timer that would keep the process alive.
  function visible(scope: WorkingMemoryScope): Map<string, WorkingConversation> {
    assertScope(scope);
    const conversations = agents.get(scope.agentId) ?? new Map<string, WorkingConversation>();
    const now = clock.now();
    for (const [id, conversation] of conversations) {
      if (!isFresh(conversation.timestamp, now, ttlMs)) conversations.delete(id);
    }
    if (conversations.size === 0) agents.delete(scope.agentId);
    return conversations;
  }

  function newestFirst(scope: WorkingMemoryScope): WorkingConversation[] {
    return [...visible(scope).values()].sort(compareNewestFirst);
  }

  return {
    async store(scope, input) {
      const conversation = normalizeConversation(scope, input, maxConversationBytes);
      const conversations = visible(scope);
      if (!isFresh(conversation.timestamp, clock.now(), ttlMs)) return { stored: false, evictedIds: [] };
      conversations.set(conversation.conversationId, conversation);
      agents.set(scope.agentId, conversations);
      const evicted = [...conversations.values()].sort(compareNewestFirst).slice(capacity).reverse();
      for (const old of evicted) conversations.delete(old.conversationId);
      return {
        stored: conversations.has(conversation.conversationId),
        evictedIds: evicted.map((old) => old.conversationId),
      };
    },

    async get(scope, conversationId) {
      const conversation = visible(scope).get(conversationId);
      return conversation ? copyConversation(conversation) : null;
    },

    ...createSearchMethods({
      weights: resolveWeights(options.weights),
      embedder: options.embedder,
      async candidates(scope) {
        return newestFirst(scope);
      },
      async hydrate(_scope, matches) {
        return matches.map((match) => ({ ...match, conversation: copyConversation(match.conversation) }));
      },
    }),

    async getAll(scope, limit = capacity) {
      assertLimit(limit, 'limit');
      return newestFirst(scope).slice(0, limit).map(copyConversation);
    },

    async delete(scope, conversationId) {
      return visible(scope).delete(conversationId);
    },

    async markConsolidated(scope, conversationIds, at) {
      assertTimestamp(at, 'at');
      const conversations = visible(scope);
      let marked = 0;
      for (const id of new Set(conversationIds)) {
        const conversation = conversations.get(id);
        if (!conversation) continue;
        conversation.consolidatedAt = at;
        marked += 1;
      }
      return marked;
    },

    async getStats(scope) {
      const conversations = newestFirst(scope);
      return {
        count: conversations.length,
        newest: conversations[0]?.timestamp ?? null,
        oldest: conversations[conversations.length - 1]?.timestamp ?? null,
        totalTextBytes: conversations.reduce((total, conversation) => total + textBytes(conversation.fullText), 0),
      };
    },

    async close() {
      agents.clear();
    },
  };
}

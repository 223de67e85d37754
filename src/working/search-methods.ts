import type { Embedder } from '../spec/embedder.ts';
import type {
  WorkingConversation,
  WorkingMemoryMatch,
  WorkingMemoryScope,
  WorkingMemoryStore,
} from '../spec/working-memory-store.ts';
import { describeQuery } from './conversation-features.ts';
import { rankConversations, weightsFor, type WorkingMemoryWeights } from './similarity.ts';
import { assertLimit, assertScope, DEFAULT_SEARCH_TOP_K } from './store-rules.ts';

export interface SearchSource {
  /** Every visible conversation of the agent; `fullText` may be left empty, `hydrate` fills it for the winners. */
  candidates(scope: WorkingMemoryScope): Promise<WorkingConversation[]>;
  /** Turns the ranked candidates into what the caller receives (full text, private copies). */
  hydrate(scope: WorkingMemoryScope, matches: WorkingMemoryMatch[]): Promise<WorkingMemoryMatch[]>;
  weights: WorkingMemoryWeights;
  /** Embeds a query's `text` when it comes without an embedding. */
  embedder: Embedder | undefined;
}

/**
 * The three search methods, written once: a backend only says which
 * conversations are visible and how to load their text, so every backend
 * ranks identically.
 */
export function createSearchMethods(
  source: SearchSource,
): Pick<WorkingMemoryStore, 'search' | 'searchByEntities' | 'searchByTopics'> {
  async function ranked(
    scope: WorkingMemoryScope,
    topK: number,
    rank: (candidates: WorkingConversation[]) => WorkingMemoryMatch[],
  ): Promise<WorkingMemoryMatch[]> {
    assertScope(scope);
    assertLimit(topK, 'topK');
    if (topK === 0) return [];
    const matches = rank(await source.candidates(scope));
    return matches.length === 0 ? [] : source.hydrate(scope, matches);
  }

  return {
    async search(scope, query, topK = DEFAULT_SEARCH_TOP_K) {
      assertScope(scope);
      const resolved = await describeQuery(query, source.embedder);
      return ranked(scope, topK, (candidates) => rankConversations(resolved, candidates, { topK, weights: source.weights }));
    },
    async searchByEntities(scope, entities, topK = DEFAULT_SEARCH_TOP_K) {
      return ranked(scope, topK, (candidates) =>
        rankConversations({ entities }, candidates, { topK, weights: weightsFor('entities'), requireOverlap: 'entities' }),
      );
    },
    async searchByTopics(scope, topics, topK = DEFAULT_SEARCH_TOP_K) {
      return ranked(scope, topK, (candidates) =>
        rankConversations({ topics }, candidates, { topK, weights: weightsFor('topics'), requireOverlap: 'topics' }),
      );
    },
  };
}

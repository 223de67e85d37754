import type { Hippocampus } from '../memory/hippocampus.ts';

/**
 * A small agent of mixed memories and the searches that exercise every path of `recallRelevant`
 * (vectors, keywords, type and importance filters, the filter language), shared by the tests that
 * compare one way of answering with another (searches at once, read workers).
 */
export const MIXED_TOPICS = ['billing invoices postgres', 'coffee standup preference', 'deploy canary friday', 'cache stampede incident', 'replica latency alert'];

export const MIXED_QUERIES = [
  { query: 'postgres invoices', options: {} },
  { query: 'coffee preference', options: { mode: 'keyword' as const } },
  { query: 'canary deploy', options: { types: ['decision' as const] } },
  { query: 'incident alert latency', options: { minImportance: 0.4, limit: 3 } },
  { query: 'billing replica', options: { filter: { importance: { $gte: 0.5 } } } },
];

/** `count` long-term memories: every third a decision, topics paired, importance 0–0.9 in turn. */
export async function seedMixedMemories(engine: Hippocampus, count: number): Promise<void> {
  await engine.rememberMany(
    Array.from({ length: count }, (_, index) => ({
      type: index % 3 === 0 ? ('decision' as const) : ('observation' as const),
      content: `note ${index} about ${MIXED_TOPICS[index % MIXED_TOPICS.length]} and ${MIXED_TOPICS[(index * 3) % MIXED_TOPICS.length]}`,
      importance: (index % 10) / 10,
    })),
    { longTerm: true },
  );
}

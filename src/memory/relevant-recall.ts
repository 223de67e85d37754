import { parseFilter } from '../core/filter-language.ts';
import { queryTerms } from '../core/query-terms.ts';
import { explainScore, memorySignals, relevanceOf, resolveWeights, type RecallExplanation, type RecallWeights } from '../core/recall-scoring.ts';
import { IMPORTANT_ENOUGH_TO_KEEP } from '../core/importance.ts';
import { FORGOTTEN_BELOW } from '../core/strength.ts';
import type { RecallRelevantOptions } from '../config/recall-relevant-schema.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope, MemoryQuery, MemoryStore } from '../spec/memory-store.ts';
import type { KeywordIndex, VectorIndex } from '../spec/search-index.ts';
import { embedWithCache, type EmbeddingCache } from './embedding-cache.ts';

/** A recalled memory with the reasons it came back. */
export interface RecallResult {
  memory: MemoryRecord;
  score: number;
  explain: RecallExplanation;
}

export interface RelevantRecallDependencies {
  scope: AgentScope;
  store: MemoryStore;
  vectorIndex: VectorIndex;
  keywordIndex: KeywordIndex;
  embedder: Embedder | null;
  queryCache: EmbeddingCache;
  now: number;
  weights: RecallWeights;
  decayRate: number;
}

/** How many of the best hits have their replies pulled in as candidates. */
const THREAD_SEEDS = 20;

/** Semantic and keyword relevance blended by their weights, 0..1. */
function blend(relevance: { semantic: number; keyword: number }, weights: RecallWeights): number {
  const total = weights.semantic + weights.keyword;
  return total === 0 ? 0 : (relevance.semantic * weights.semantic + relevance.keyword * weights.keyword) / total;
}

function topIds(semantic: Map<string, number>, keyword: Map<string, number>, weights: RecallWeights, bestKeyword: number, count: number): string[] {
  const ids = new Set([...semantic.keys(), ...keyword.keys()]);
  return [...ids]
    .map((id) => ({ id, relevance: blend({ semantic: Math.max(0, semantic.get(id) ?? 0), keyword: bestKeyword > 0 ? (keyword.get(id) ?? 0) / bestKeyword : 0 }, weights) }))
    .sort((left, right) => right.relevance - left.relevance)
    .slice(0, count)
    .map((entry) => entry.id);
}

/** Below this many filter matches, the search runs exactly over them instead of filtering index hits afterwards. */
const EXACT_FILTER_LIMIT = 5_000;

export function filtersOf(options: RecallRelevantOptions): MemoryQuery {
  return {
    ...(options.domain === undefined ? {} : { domain: options.domain }),
    ...(options.minImportance === undefined ? {} : { minImportance: options.minImportance }),
    ...(options.timeRange?.since === undefined ? {} : { since: options.timeRange.since }),
    ...(options.timeRange?.until === undefined ? {} : { until: options.timeRange.until }),
    ...(options.types === undefined ? {} : { types: options.types }),
    ...(options.kinds === undefined ? {} : { kinds: options.kinds }),
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.filter === undefined ? {} : { filter: parseFilter(options.filter) }),
  };
}

/**
 * Hybrid recall: candidates from the keyword index (BM25) and the vector index
 * (cosine), each candidate then scored on all five signals, so a memory found
 * by one index still gets its exact score from the other.
 */
export async function recallRelevant(deps: RelevantRecallDependencies, context: string, options: RecallRelevantOptions): Promise<RecallResult[]> {
  const { scope, store } = deps;
  const weights = resolveWeights({ ...deps.weights, ...options.weights }, options.mode, options.hybridRatio);
  const filters = filtersOf(options);
  const perIndex = options.candidates ?? Math.max(50, options.limit * 5);
  const hasFilters = Object.keys(filters).length > 0;
  const useSemantic = weights.semantic > 0 && deps.embedder !== null;
  // A selective filter is searched exactly over its matches; a broad one takes
  // more approximate neighbours and filters them (the records query below applies it).
  // Counted only for a vector search, and only up to the limit: counting every match
  // of a broad filter cost 62–92 ms a recall at 100k memories.
  const exactVectors = useSemantic && hasFilters && (await store.count(scope, { ...filters, limit: EXACT_FILTER_LIMIT + 1 })) <= EXACT_FILTER_LIMIT;
  const useKeyword = weights.keyword > 0;
  const terms = useKeyword ? queryTerms(context) : [];
  const queryVector = useSemantic ? (await embedWithCache(deps.embedder!, deps.queryCache, [context])).embeddings[0]! : null;

  const semantic = new Map<string, number>();
  const keyword = new Map<string, number>();
  if (queryVector) {
    const vectorOptions = exactVectors ? { limit: perIndex, where: filters } : { limit: hasFilters ? Math.min(1000, perIndex * 10) : perIndex };
    for (const hit of await deps.vectorIndex.search(scope, queryVector, vectorOptions)) semantic.set(hit.id, hit.similarity);
  }
  let bestKeyword = 0;
  if (terms.length > 0) {
    for (const hit of await deps.keywordIndex.search(scope, terms, { limit: perIndex, ...(hasFilters ? { where: filters } : {}), ...(options.neighbourWeight === undefined ? {} : { neighbourWeight: options.neighbourWeight }) })) {
      keyword.set(hit.id, hit.score);
      bestKeyword = Math.max(bestKeyword, hit.score);
    }
  }

  // Replies to the strongest hits join the candidates: in a conversation the answer
  // often lives in the turn after the one that matches the question's words.
  const seeds = topIds(semantic, keyword, weights, bestKeyword, THREAD_SEEDS);
  // Looked up by the reply link alone; the candidates' query below applies the filters. With the
  // filters here SQLite walked the importance index instead (130 ms a recall at 100k for `importance ≥ 0.5`).
  const replies = weights.thread > 0 && seeds.length > 0 ? await store.rankingRows(scope, { filter: [{ field: 'context.replyTo', operator: '$in', value: seeds }] }) : [];
  const candidateIds = [...new Set([...semantic.keys(), ...keyword.keys(), ...replies.map((row) => row.id)])];
  if (candidateIds.length === 0) return [];

  // Candidates are ranked on their ranking fields alone; whole records are read for the returned few.
  const rows = await store.rankingRows(scope, { ...filters, ids: candidateIds });
  const parents = weights.thread > 0 ? [...new Set(rows.map((row) => row.replyTo).filter((id): id is string => id !== null))] : [];
  const children = weights.thread > 0 ? await store.rankingRows(scope, { filter: [{ field: 'context.replyTo', operator: '$in', value: candidateIds }] }) : [];
  const childrenOf = new Map<string, string[]>();
  for (const child of children) {
    const parent = child.replyTo!;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child.id]);
  }
  // Fill in, exactly, the similarity of candidates (and of the turns around them)
  // that the vector index did not return. Keyword relevance comes from the BM25
  // list alone: scoring the rest costs a second full-text pass (12 ms a query at
  // 100k memories) and changed nothing on LoCoMo (R@5 0.614 → 0.615).
  const needed = [...new Set([...candidateIds, ...parents, ...children.map((child) => child.id)])];
  const noSimilarity = needed.filter((id) => !semantic.has(id));
  if (queryVector && noSimilarity.length > 0) for (const hit of await deps.vectorIndex.search(scope, queryVector, { limit: noSimilarity.length, withinIds: noSimilarity })) semantic.set(hit.id, hit.similarity);

  const relevanceOfId = (id: string) => ({ semantic: Math.max(0, semantic.get(id) ?? 0), keyword: bestKeyword > 0 ? (keyword.get(id) ?? 0) / bestKeyword : 0 });
  const ranked: { id: string; score: number; explain: RecallExplanation }[] = [];
  for (const row of rows) {
    const own = relevanceOfId(row.id);
    // The thread signal: how relevant the neighbouring turns are (the message replied to, and the replies).
    const neighbours = [...(row.replyTo === null ? [] : [row.replyTo]), ...(childrenOf.get(row.id) ?? [])];
    const thread = Math.max(0, ...neighbours.map((id) => blend(relevanceOfId(id), weights)));
    const signals = memorySignals(row, { ...own, thread }, deps.now, { temporalDecay: options.temporalDecay, decayRate: deps.decayRate });
    // Faded by disuse leaves results — except what was important: it moves down tiers and into archival
    // review, but stays within reach of relevant recall (a decision of 0.96 vanished after ~120 days before).
    if (signals.strength < FORGOTTEN_BELOW && row.importance < IMPORTANT_ENOUGH_TO_KEEP) continue;
    if (signals.semantic <= 0 && signals.keyword <= 0 && signals.thread <= 0) continue; // nothing ties it to the query
    if (options.similarityThreshold !== undefined && relevanceOf(signals, weights) < options.similarityThreshold) continue;
    const explain = explainScore(signals, weights);
    ranked.push({ id: row.id, score: explain.score, explain });
  }
  ranked.sort((left, right) => right.score - left.score || (right.id > left.id ? 1 : -1));
  const best = ranked.slice(0, options.limit);
  const records = new Map((await store.getMany(scope, best.map((entry) => entry.id))).map((memory) => [memory.id, memory]));
  // A memory deleted between the two reads is left out.
  return best.flatMap((entry) => (records.has(entry.id) ? [{ memory: records.get(entry.id)!, score: entry.score, explain: entry.explain }] : []));
}

import { queryTerms } from '../core/query-terms.ts';
import type { RecallWeights } from '../core/recall-scoring.ts';
import type { RecallHopOptions } from '../config/recall-relevant-schema.ts';
import type { AgentScope, MemoryStore } from '../spec/memory-store.ts';
import { l2Normalize } from '../providers/l2-normalize.ts';
import { keywordSearchOptions, vectorSearchOptions, type IndexProbe } from './index-search-options.ts';
import type { KeywordIndex, VectorIndex } from '../spec/search-index.ts';

/** How the second hop reads the first one's best hits, when the options say nothing. */
export const DEFAULT_HOP: Readonly<Required<RecallHopOptions>> = { seeds: 3, feedback: 0.5, terms: 8 };

/** What the second probe needs of the first pass and of the engine. */
export interface HopInputs extends IndexProbe {
  scope: AgentScope;
  store: MemoryStore;
  vectorIndex: VectorIndex;
  keywordIndex: KeywordIndex;
  weights: RecallWeights;
  neighbourWeight: number | undefined;
  terms: string[];
  queryVector: Float32Array | null;
  /** The first pass's best hits, best first. */
  seeds: string[];
}

/** What the second probe found: its own relevance for each memory it scored, and the query it searched with. */
export interface HopHits {
  semantic: Map<string, number>;
  keyword: Map<string, number>;
  bestKeyword: number;
  /** The query vector moved towards the seeds' vectors (Rocchio); null without a vector search. */
  vector: Float32Array | null;
}

/** The query vector plus `feedback` × the mean of the seeds' vectors, unit length (Rocchio's relevance feedback). */
export function feedbackVector(query: Float32Array, seeds: Float32Array[], feedback: number): Float32Array {
  const moved = l2Normalize(query);
  if (seeds.length === 0 || feedback === 0) return moved;
  for (const seed of seeds) {
    const unit = l2Normalize(seed);
    for (let index = 0; index < moved.length; index += 1) moved[index]! += (feedback * (unit[index] ?? 0)) / seeds.length;
  }
  return l2Normalize(moved);
}

/**
 * The words of the seeds the question did not use, those shared by more seeds first, then in the
 * order the best seed says them: what the first hits are about ("Sweden", "adoption") becomes a
 * question of its own, so a memory that shares it but no word with the question can be found.
 */
export function feedbackTerms(question: string[], seedTexts: string[], count: number): string[] {
  const asked = new Set(question);
  const seen = new Map<string, { seeds: number; first: number }>();
  let position = 0;
  for (const text of seedTexts) {
    for (const term of queryTerms(text)) {
      if (asked.has(term) || /^\d+$/.test(term)) continue;
      const entry = seen.get(term);
      if (entry === undefined) seen.set(term, { seeds: 1, first: position });
      else entry.seeds += 1;
      position += 1;
    }
  }
  return [...seen]
    .sort(([, left], [, right]) => right.seeds - left.seeds || left.first - right.first)
    .slice(0, count)
    .map(([term]) => term);
}

/**
 * The second hop (pseudo-relevance feedback): the first pass's best few hits are taken as relevant,
 * and the question is asked again with what they say — a vector moved towards theirs and the
 * question's words plus theirs — so memories joined to the question only through a first hit
 * (multi-hop) come in as candidates and every candidate gets a `hop` relevance.
 */
export async function secondHop(inputs: HopInputs, options: RecallHopOptions = {}): Promise<HopHits> {
  const { seeds: seedCount, feedback, terms: termCount } = { ...DEFAULT_HOP, ...options };
  const seeds = inputs.seeds.slice(0, seedCount);
  const semantic = new Map<string, number>();
  const keyword = new Map<string, number>();
  const result: HopHits = { semantic, keyword, bestKeyword: 0, vector: null };
  if (seeds.length === 0) return result;
  if (inputs.queryVector !== null && inputs.weights.semantic > 0) {
    const seedVectors = await inputs.vectorIndex.vectorsOf(inputs.scope, seeds);
    result.vector = feedbackVector(inputs.queryVector, [...seedVectors.values()], feedback);
    for (const hit of await inputs.vectorIndex.search(inputs.scope, result.vector, vectorSearchOptions(inputs))) semantic.set(hit.id, hit.similarity);
  }
  if (inputs.weights.keyword > 0 && termCount > 0) {
    const seedTexts = (await inputs.store.getMany(inputs.scope, seeds)).sort((left, right) => seeds.indexOf(left.id) - seeds.indexOf(right.id)).map((record) => record.content);
    const expansion = feedbackTerms(inputs.terms, seedTexts, termCount);
    if (expansion.length > 0) {
      // The seeds' own words only (the question's are scored by the first pass), measured against the
      // best memory other than the seeds: a seed always matches its own words best, and normalized by
      // it a memory the hop found ranked far below what it shares with the seed.
      for (const hit of await inputs.keywordIndex.search(inputs.scope, expansion, keywordSearchOptions(inputs, inputs.neighbourWeight))) {
        keyword.set(hit.id, hit.score);
        if (!seeds.includes(hit.id)) result.bestKeyword = Math.max(result.bestKeyword, hit.score);
      }
      for (const seed of seeds) if (keyword.has(seed)) keyword.set(seed, Math.min(keyword.get(seed)!, result.bestKeyword));
    }
  }
  return result;
}

/** The similarity to the moved vector, exactly, of the candidates its search did not return. */
export async function fillHopSimilarity(vectorIndex: VectorIndex, scope: AgentScope, hop: HopHits, ids: string[]): Promise<void> {
  const missing = ids.filter((id) => !hop.semantic.has(id));
  if (hop.vector === null || missing.length === 0) return;
  for (const hit of await vectorIndex.search(scope, hop.vector, { limit: missing.length, withinIds: missing })) hop.semantic.set(hit.id, hit.similarity);
}

import { queryTerms } from '../core/query-terms.ts';
import { sameNumbers } from '../core/stated-numbers.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { classifyByRules, type FactClassifier } from './fact-classifier.ts';
import { bandOf, type SimilarityBands } from './similarity-bands.ts';

/** How many stored facts an incoming one is compared with. */
export const RECOGNITION_CANDIDATES = 5;

/** A stored fact near an incoming one; similarity is null when recall ran on keywords (no embedder). */
export interface SimilarFact {
  record: MemoryRecord;
  similarity: number | null;
}

export type Recognition =
  | { outcome: 'new'; nearest: SimilarFact | null }
  | {
      outcome: 'duplicate' | 'supersedes';
      existing: SimilarFact;
      band: 'duplicate' | 'ambiguous';
      /** What made the call: the similarity alone, the rules, or the LLM classifier. */
      decidedBy: 'similarity' | 'rules' | 'llm';
    };

export interface RecognitionDependencies {
  memory: Hippocampus;
  bands: SimilarityBands;
  classifier: FactClassifier;
}

/**
 * The stored, non-superseded facts most similar to `vector` (cosine), or with
 * no embedder, the best keyword matches of the fact's words.
 */
export async function findSimilarFacts(memory: Hippocampus, fact: string, vector: Float32Array | null): Promise<SimilarFact[]> {
  const scope = { agentId: memory.agentId };
  const factIds = (await memory.store.query(scope, { kinds: ['fact'], orderBy: 'id' })).map((record) => record.id);
  if (factIds.length === 0) return [];
  const hits =
    vector === null
      ? (await memory.backend.keywords.search(scope, queryTerms(fact), { limit: RECOGNITION_CANDIDATES, withinIds: factIds })).map((hit) => ({ id: hit.id, similarity: null }))
      : await memory.backend.vectors.search(scope, vector, { limit: RECOGNITION_CANDIDATES, withinIds: factIds });
  const records = new Map((await memory.store.getMany(scope, hits.map((hit) => hit.id))).map((record) => [record.id, record]));
  return hits.flatMap((hit) => {
    const record = records.get(hit.id);
    return record ? [{ record, similarity: hit.similarity }] : [];
  });
}

/**
 * Recognises an incoming fact against the stored ones: at or above the
 * duplicate band it is the same fact again, unless the rules see a changed
 * value ("lives in Berlin" → "lives in Lisbon" can be that similar); in the
 * ambiguous band the classifier decides, in one call for all candidates there;
 * below, it is new.
 */
export async function recognizeFact(deps: RecognitionDependencies, fact: string, similar: readonly SimilarFact[]): Promise<Recognition> {
  const nearest = similar[0] ?? null;
  const band = (candidate: SimilarFact) => (candidate.similarity === null ? 'ambiguous' : bandOf(candidate.similarity, deps.bands));
  // In the duplicate band, a fact stating other numbers ("My locker code is 9920" beside "…4471", 0.96 on
  // USE-lite) is not said again by similarity alone: unless the rules see the changed value, the classifier
  // decides as in the ambiguous band (the rules' DISTINCT keeps both).
  const alike = (candidate: SimilarFact) => band(candidate) === 'duplicate' && (sameNumbers(candidate.record.content, fact) || classifyByRules(candidate.record.content, fact) === 'SUPERSEDES');
  const top = similar.find(alike);
  if (top) {
    const superseded = classifyByRules(top.record.content, fact) === 'SUPERSEDES';
    return { outcome: superseded ? 'supersedes' : 'duplicate', existing: top, band: 'duplicate', decidedBy: superseded ? 'rules' : 'similarity' };
  }
  // No duplicate-band candidate is alike here, so every one left in that band is the classifier's to decide.
  const ambiguous = similar.filter((candidate) => band(candidate) !== 'new');
  if (ambiguous.length === 0) return { outcome: 'new', nearest };
  const verdict = await deps.classifier.classify(fact, ambiguous.map((candidate) => candidate.record.content));
  const existing = verdict.existing === null ? undefined : ambiguous[verdict.existing];
  if (verdict.relation === 'DISTINCT' || existing === undefined) return { outcome: 'new', nearest };
  return { outcome: verdict.relation === 'DUPLICATE' ? 'duplicate' : 'supersedes', existing, band: 'ambiguous', decidedBy: deps.classifier.kind };
}

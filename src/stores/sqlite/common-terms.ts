/**
 * How a keyword query runs, decided by how many memories each term is in.
 * - exact: no term is common; plain BM25 over all matches of any term.
 * - rare-with-common: memories must hold a rare term; each common term the
 *   memory also holds adds its IDF (`commonTermBoost`) to the rare terms' BM25.
 * - common-only: every term is common; memories must hold all of them.
 */
export type KeywordQueryPlan =
  | { kind: 'exact'; terms: string[] }
  | { kind: 'rare-with-common'; rare: string[]; common: string[] }
  | { kind: 'common-only'; common: string[] };

/**
 * Splits quoted FTS5 terms into rare and common by how many memories hold each
 * (`matchCount` may stop counting past `budget`): the rarest terms are rare
 * while their matches add up to at most `budget`, the others are common.
 */
export function planKeywordQuery(quotedTerms: string[], matchCount: (term: string) => number, budget: number): KeywordQueryPlan {
  const counted = quotedTerms.map((term) => ({ term, count: matchCount(term) })).sort((left, right) => left.count - right.count);
  const rare: string[] = [];
  let total = 0;
  for (const { term, count } of counted) {
    if (total + count > budget) break;
    rare.push(term);
    total += count;
  }
  if (rare.length === quotedTerms.length) return { kind: 'exact', terms: quotedTerms };
  const common = quotedTerms.filter((term) => !rare.includes(term));
  return rare.length === 0 ? { kind: 'common-only', common } : { kind: 'rare-with-common', rare, common };
}

/** An FTS5 expression matching any of the quoted terms. */
export function anyOf(quotedTerms: string[]): string {
  return quotedTerms.join(' OR ');
}

/**
 * What a common term adds to the BM25 score of a memory holding it: its IDF as
 * FTS5's bm25() computes it (floored at 1e-6), times the term-frequency part
 * taken at one occurrence in a memory of average length, which is 1. Exact
 * term counts would cost FTS5 a pass over every memory holding the term, the
 * very cost that common terms are kept out of matching to avoid.
 */
export function commonTermBoost(memories: number, memoriesWithTerm: number): number {
  return Math.max(1e-6, Math.log((memories - memoriesWithTerm + 0.5) / (memoriesWithTerm + 0.5)));
}

/** Adds each common term's boost to the hits whose row holds it, best first, top `limit`. */
export function boostCommonTerms<Hit extends { seq: number; score: number }>(hits: Hit[], holders: { boost: number; seqs: Set<number> }[], limit: number): Hit[] {
  return hits
    .map((hit) => ({ ...hit, score: holders.reduce((score, term) => score + (term.seqs.has(hit.seq) ? term.boost : 0), hit.score) }))
    .sort((left, right) => right.score - left.score || left.seq - right.seq)
    .slice(0, limit);
}

import type { Embedder } from '../spec/embedder.ts';

/**
 * Where an embedder's cosine similarity between two facts decides on its own,
 * and where it only says "look closer". At or above `duplicate`: the same fact
 * again (strengthen it). From `ambiguous` up to `duplicate`: the classifier
 * decides (DUPLICATE | SUPERSEDES | DISTINCT). Below `ambiguous`: a new fact.
 */
export interface SimilarityBands {
  duplicate: number;
  ambiguous: number;
}

/**
 * Calibrated defaults by embedder model id. Similarities are not comparable
 * across models (USE-lite puts unrelated sentences near 0.3, cloud models near
 * 0.1), so one pair of numbers cannot serve every model.
 *
 * - universal-sentence-encoder-lite: measured on the 134 labelled pairs of
 *   src/testing/fixtures/fact-pairs.ts with `npx tsx bench/fact-bands.bench.ts`.
 *   USE-lite packs short facts close together (DISTINCT pairs: median 0.78,
 *   max 0.90; DUPLICATE: min 0.78; SUPERSEDES: min 0.64), so similarity alone
 *   separates little: ≥ 0.91 is 97.7% precise as "same fact" (the rule veto
 *   catches value changes), and below 0.62 only DISTINCT pairs were seen; the
 *   rest is the classifier's. End to end with the rule classifier: 92.5%
 *   (the seed's 0.93 / 0.78: 87.3%).
 * - text-embedding-3-small / -large: the seed's bands, written for that family.
 */
export const SIMILARITY_BANDS: Readonly<Record<string, SimilarityBands>> = {
  'universal-sentence-encoder-lite': { duplicate: 0.91, ambiguous: 0.62 },
  'text-embedding-3-small': { duplicate: 0.93, ambiguous: 0.78 },
  'text-embedding-3-large': { duplicate: 0.93, ambiguous: 0.78 },
};

/**
 * For a model nobody calibrated: a duplicate band so high only near-verbatim
 * repeats reach it and an ambiguous band wide enough that the classifier sees
 * anything plausibly related. Erring this way costs classifier calls, never a
 * wrongly merged fact. Calibrate a new model with bench/fact-bands.bench.ts.
 */
export const FALLBACK_BANDS: Readonly<SimilarityBands> = { duplicate: 0.97, ambiguous: 0.5 };

/**
 * The bands for an embedder: an explicit override, else the calibrated
 * default for its model id, else the fallback.
 *
 * @example
 * bandsFor(createUseLiteEmbedder()) // { duplicate: 0.91, ambiguous: 0.62 }
 * bandsFor(embedder, { 'my-model': { duplicate: 0.95, ambiguous: 0.7 } })
 */
export function bandsFor(embedder: Pick<Embedder, 'modelId'> | null, overrides: Readonly<Record<string, SimilarityBands>> = {}): SimilarityBands {
  if (embedder === null) return FALLBACK_BANDS;
  return overrides[embedder.modelId] ?? SIMILARITY_BANDS[embedder.modelId] ?? FALLBACK_BANDS;
}

/** Which band a similarity falls in. */
export function bandOf(similarity: number, bands: SimilarityBands): 'duplicate' | 'ambiguous' | 'new' {
  if (similarity >= bands.duplicate) return 'duplicate';
  return similarity >= bands.ambiguous ? 'ambiguous' : 'new';
}

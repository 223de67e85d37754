import type { Embedder } from '../spec/embedder.ts';

/**
 * The cosine similarity a memory must reach to a "forget ..." description
 * before it is deleted, by embedder model id. Deleting is not undoable, so the
 * threshold sits where the calibration saw no unrelated memory
 * (`npx tsx bench/fact-bands.bench.ts`). USE-lite: the most similar DISTINCT
 * pair of the 134 labelled fact pairs scores 0.788 (description as typed vs
 * stored fact); at 0.8 none is deleted and 58% of paraphrases still match.
 * At 0.6, 33 of 47 distinct pairs would have been deleted.
 */
export const FORGET_THRESHOLDS: Readonly<Record<string, ForgetThreshold>> = {
  // With every word: at 0.6 one DISTINCT fixture pair still qualifies, at 0.7 none (the bench counts them).
  'universal-sentence-encoder-lite': { similarity: 0.8, withEveryWord: 0.7 },
};

/**
 * A memory matches at `similarity`; or at `withEveryWord` when it also holds
 * every content word of the description (real descriptions such as "the door
 * code of my Kreuzberg flat" reach only ~0.77 against the memory they mean).
 */
export interface ForgetThreshold {
  similarity: number;
  withEveryWord: number;
}

/** For an uncalibrated model: high, so only close paraphrases of the description go. */
export const FALLBACK_FORGET_THRESHOLD: ForgetThreshold = { similarity: 0.85, withEveryWord: 0.75 };

/**
 * @example
 * forgetThresholdFor(createUseLiteEmbedder()) // { similarity: 0.8, withEveryWord: 0.7 }
 */
export function forgetThresholdFor(embedder: Pick<Embedder, 'modelId'> | null, overrides: Readonly<Record<string, ForgetThreshold>> = {}): ForgetThreshold {
  if (embedder === null) return FALLBACK_FORGET_THRESHOLD;
  return overrides[embedder.modelId] ?? FORGET_THRESHOLDS[embedder.modelId] ?? FALLBACK_FORGET_THRESHOLD;
}

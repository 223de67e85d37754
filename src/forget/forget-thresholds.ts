import type { Embedder } from '../spec/embedder.ts';

/**
 * The cosine similarity a memory must reach to a "forget ..." description
 * before it is deleted, by embedder model id. Deleting is not undoable, so the
 * threshold sits where the calibration saw no unrelated memory
 * (`npx tsx bench/fact-bands.bench.ts` measures it for USE-lite).
 */
export const FORGET_THRESHOLDS: Readonly<Record<string, number>> = {
  'universal-sentence-encoder-lite': 0.6,
};

/** For an uncalibrated model: high, so only close paraphrases of the description go. */
export const FALLBACK_FORGET_THRESHOLD = 0.7;

/**
 * @example
 * forgetThresholdFor(createUseLiteEmbedder()) // 0.6
 */
export function forgetThresholdFor(embedder: Pick<Embedder, 'modelId'> | null, overrides: Readonly<Record<string, number>> = {}): number {
  if (embedder === null) return FALLBACK_FORGET_THRESHOLD;
  return overrides[embedder.modelId] ?? FORGET_THRESHOLDS[embedder.modelId] ?? FALLBACK_FORGET_THRESHOLD;
}

import { createHash } from 'node:crypto';
import type { Embedder } from '../spec/embedder.ts';

/**
 * A deterministic, dependency-free embedder for tests: a hashed bag of
 * lower-cased word tokens, L2-normalized. Texts that share words are close;
 * texts that share none are orthogonal. It is a real embedder (it passes the
 * embedder contract), just not a semantic one.
 */
export function createHashEmbedder(options: { dimensions?: number; modelId?: string } = {}): Embedder {
  const dimensions = options.dimensions ?? 64;
  return {
    provider: 'hash',
    modelId: options.modelId ?? `hash-bag-of-words-${dimensions}`,
    dimensions,
    maxBatchSize: 256,
    async doEmbed({ values }) {
      return { embeddings: values.map((value) => embedText(value, dimensions)) };
    },
  };
}

function embedText(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  const tokens = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const token of tokens) {
    const digest = createHash('sha256').update(token).digest();
    const slot = digest.readUInt32BE(0) % dimensions;
    vector[slot] = (vector[slot] ?? 0) + (digest[4]! & 1 ? 1 : -1);
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let index = 0; index < dimensions; index += 1) vector[index] = vector[index]! / norm;
  return vector;
}

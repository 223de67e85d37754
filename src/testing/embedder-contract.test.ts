import { describe, expect, it } from 'vitest';
import type { Embedder } from '../spec/embedder.ts';
import { EMBEDDER_CONTRACT_CHECKS, runEmbedderContract } from './embedder-contract.ts';
import { createHashEmbedder } from './hash-embedder.ts';

runEmbedderContract({ name: 'hash', create: () => createHashEmbedder({ dimensions: 64 }) });
runEmbedderContract({ name: 'hash with a tiny batch size', create: () => ({ ...createHashEmbedder(), maxBatchSize: 2 }) });

/** Each broken embedder must fail the named rule: a contract that cannot fail protects nothing. */
const base = createHashEmbedder({ dimensions: 16 });
const mapOutput = (transform: (embeddings: Float32Array[], values: string[]) => Float32Array[]): Embedder => ({
  ...base,
  doEmbed: async (input) => ({ embeddings: transform((await base.doEmbed(input)).embeddings, input.values) }),
});

const BROKEN: Record<string, Embedder> = {
  'declares sane metadata': { ...base, dimensions: 0 },
  'returns one Float32Array of `dimensions` numbers per input': mapOutput((embeddings) => embeddings.map((vector) => vector.subarray(1))),
  'returns L2-normalized vectors': mapOutput((embeddings) => embeddings.map((vector) => vector.map((value) => value * 2))),
  'answers empty input with empty output': mapOutput((embeddings, values) => (values.length === 0 ? [new Float32Array(16)] : embeddings)),
  'preserves batch order: a batch equals the texts embedded one by one': mapOutput((embeddings) => embeddings.reverse()),
  'gives identical text an identical vector, and different texts different vectors': mapOutput((embeddings) =>
    embeddings.map(() => embeddings[0]!),
  ),
  // Promises batches of 4 but cannot take more than 3: the full-batch path of the rule must trip.
  'handles inputs larger than maxBatchSize through the caller helper, never receiving an oversized batch': {
    ...base,
    maxBatchSize: 4,
    doEmbed: async (input) => {
      if (input.values.length > 3) throw new Error('batch too large');
      return base.doEmbed(input);
    },
  },
};

describe('embedder contract rules fail on broken embedders', () => {
  for (const check of EMBEDDER_CONTRACT_CHECKS) {
    it(`"${check.name}" rejects its broken embedder`, async () => {
      const broken = BROKEN[check.name];
      expect(broken, `no broken embedder for "${check.name}"`).toBeDefined();
      await expect(check.run(broken!, 1e-5)).rejects.toThrow();
    });
  }
});

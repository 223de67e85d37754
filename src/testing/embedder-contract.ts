import { describe, expect, it } from 'vitest';
import { embedWithCache } from '../memory/embedding-cache.ts';
import type { Embedder } from '../spec/embedder.ts';

export interface EmbedderContractOptions {
  /** Shown in the suite title, e.g. 'use-lite'. */
  name: string;
  /** Called once per test; may share an underlying model. */
  create: () => Embedder | Promise<Embedder>;
  /** When set, the suite is skipped and this reason is shown (Hono's habit: every skip says why). */
  skip?: string;
  /** Per-test timeout for slow real models. Default 30 000 ms. */
  timeoutMs?: number;
  /**
   * How far two embeddings of the same text may differ. Real models batch with
   * float32 math whose rounding depends on batch shape. Default 1e-5.
   */
  tolerance?: number;
}

const SENTENCES = [
  'The cat sat on the mat.',
  'Quarterly revenue grew by twelve percent.',
  'She prefers green tea over coffee in the morning.',
  'Deploy the service to the staging cluster tonight.',
  'My daughter’s birthday is on the fourth of June.',
];

/**
 * The behaviour every embedder must show, run as one vitest suite per
 * implementation so a new provider cannot quietly differ.
 *
 * @example
 * runEmbedderContract({ name: 'hash', create: () => createHashEmbedder() });
 * runEmbedderContract({ name: 'transformers', create, skip: 'no local weights in CI' });
 */
export function runEmbedderContract(options: EmbedderContractOptions): void {
  const title = `embedder contract: ${options.name}`;
  if (options.skip !== undefined) {
    describe.skip(`${title} (skipped: ${options.skip})`, () => {
      it('is skipped', () => undefined);
    });
    return;
  }
  const timeout = options.timeoutMs ?? 30_000;
  const tolerance = options.tolerance ?? 1e-5;

  describe(title, () => {
    for (const check of EMBEDDER_CONTRACT_CHECKS) {
      it(check.name, async () => check.run(await options.create(), tolerance), timeout);
    }
  });
}

/** One rule of the contract; exported so the contract's own test can prove each rule fails on a broken embedder. */
export interface EmbedderContractCheck {
  name: string;
  run(embedder: Embedder, tolerance: number): Promise<void>;
}

export const EMBEDDER_CONTRACT_CHECKS: readonly EmbedderContractCheck[] = [
  {
    name: 'declares sane metadata',
    async run(embedder) {
      expect(embedder.provider).not.toBe('');
      expect(embedder.modelId).not.toBe('');
      expect(Number.isInteger(embedder.dimensions) && embedder.dimensions > 0).toBe(true);
      expect(Number.isInteger(embedder.maxBatchSize) && embedder.maxBatchSize > 0).toBe(true);
    },
  },
  {
    name: 'returns one Float32Array of `dimensions` numbers per input',
    async run(embedder) {
      const { embeddings } = await embedder.doEmbed({ values: SENTENCES.slice(0, 3) });
      expect(embeddings).toHaveLength(3);
      for (const vector of embeddings) {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector).toHaveLength(embedder.dimensions);
        expect(vector.every(Number.isFinite)).toBe(true);
      }
    },
  },
  {
    name: 'returns L2-normalized vectors',
    async run(embedder) {
      const { embeddings } = await embedder.doEmbed({ values: SENTENCES });
      expect(embeddings).toHaveLength(SENTENCES.length);
      for (const vector of embeddings) expect(norm(vector)).toBeCloseTo(1, 3);
    },
  },
  {
    name: 'answers empty input with empty output',
    async run(embedder) {
      expect((await embedder.doEmbed({ values: [] })).embeddings).toEqual([]);
    },
  },
  {
    name: 'preserves batch order: a batch equals the texts embedded one by one',
    async run(embedder, tolerance) {
      const values = SENTENCES.slice(0, Math.min(SENTENCES.length, embedder.maxBatchSize));
      const { embeddings } = await embedder.doEmbed({ values });
      for (const [index, value] of values.entries()) {
        const [alone] = (await embedder.doEmbed({ values: [value] })).embeddings;
        expect(maxDifference(embeddings[index]!, alone!)).toBeLessThan(tolerance);
      }
    },
  },
  {
    name: 'gives identical text an identical vector, and different texts different vectors',
    async run(embedder, tolerance) {
      const text = SENTENCES[1]!;
      const { embeddings } = await embedder.doEmbed({ values: [text, SENTENCES[0]!, text] });
      const [again] = (await embedder.doEmbed({ values: [text] })).embeddings;
      expect(maxDifference(embeddings[0]!, embeddings[2]!)).toBeLessThan(tolerance);
      expect(maxDifference(embeddings[0]!, again!)).toBeLessThan(tolerance);
      expect(maxDifference(embeddings[0]!, embeddings[1]!)).toBeGreaterThan(tolerance * 100);
    },
  },
  {
    name: 'handles inputs larger than maxBatchSize through the caller helper, never receiving an oversized batch',
    async run(embedder, tolerance) {
      const count = embedder.maxBatchSize * 2 + 1;
      const texts = Array.from({ length: count }, (_, index) => `${SENTENCES[index % SENTENCES.length]} (#${index})`);
      const batchSizes: number[] = [];
      const watched: Embedder = {
        provider: embedder.provider,
        modelId: embedder.modelId,
        dimensions: embedder.dimensions,
        maxBatchSize: embedder.maxBatchSize,
        doEmbed: (input) => {
          batchSizes.push(input.values.length);
          return embedder.doEmbed(input);
        },
      };
      const { embeddings } = await embedWithCache(watched, undefined, texts);
      expect(embeddings).toHaveLength(count);
      expect(batchSizes).toEqual([embedder.maxBatchSize, embedder.maxBatchSize, 1]);
      const [last] = (await embedder.doEmbed({ values: [texts[count - 1]!] })).embeddings;
      expect(maxDifference(embeddings[count - 1]!, last!)).toBeLessThan(tolerance);
    },
  },
];

function norm(vector: Float32Array): number {
  let sum = 0;
  for (const value of vector) sum += value * value;
  return Math.sqrt(sum);
}

function maxDifference(left: Float32Array, right: Float32Array): number {
  if (left.length !== right.length) return Number.POSITIVE_INFINITY;
  let largest = 0;
  for (let index = 0; index < left.length; index += 1) largest = Math.max(largest, Math.abs(left[index]! - right[index]!));
  return largest;
}

import { HippocampusError } from './hippocampus-error.ts';

/**
 * An embedder returned vectors of a length other than the one it promised (or
 * the one the index was built with). Mixing lengths would corrupt similarity
 * search silently, so this is always fatal for the call.
 */
export class EmbeddingDimensionMismatchError extends HippocampusError {
  readonly expected: number;
  readonly actual: number;

  constructor(options: { expected: number; actual: number; provider: string; modelId: string; cause?: unknown }) {
    super({
      code: 'EMBEDDING_DIMENSION_MISMATCH',
      message: `[${options.provider}] model "${options.modelId}" returned ${options.actual}-dimensional embeddings, expected ${options.expected}`,
      cause: options.cause,
      details: { provider: options.provider, modelId: options.modelId, expected: options.expected, actual: options.actual },
    });
    this.name = 'EmbeddingDimensionMismatchError';
    this.expected = options.expected;
    this.actual = options.actual;
  }
}

import type { EmbeddingModelInfo } from '../spec/search-index.ts';
import { HippocampusError } from './hippocampus-error.ts';

/**
 * Why an agent bound to `bound` cannot take vectors of `requested` (another dimension, or another model
 * whose vectors cannot be compared), or null when they are the same model. Every backend's `bind` uses it.
 *
 * @example
 * const refused = embeddingModelMismatch('ada', bound, model);
 * if (refused) throw refused;
 */
export function embeddingModelMismatch(agentId: string, bound: EmbeddingModelInfo, requested: EmbeddingModelInfo): HippocampusError | null {
  const reembed = 'Re-embed the agent (hippocampus data backfill-vectors --reembed) or use the original embedder.';
  if (bound.dimensions !== requested.dimensions) {
    return new HippocampusError({
      code: 'EMBEDDING_DIMENSION_MISMATCH',
      message: `Agent "${agentId}" holds ${bound.dimensions}-d vectors from ${bound.provider}/${bound.modelId}, but the embedder ${requested.provider}/${requested.modelId} makes ${requested.dimensions}-d vectors. ${reembed}`,
      details: { bound, requested },
    });
  }
  if (bound.modelId !== requested.modelId) {
    return new HippocampusError({
      code: 'EMBEDDING_MODEL_MISMATCH',
      message: `Agent "${agentId}" was embedded with ${bound.provider}/${bound.modelId}, not ${requested.provider}/${requested.modelId}: vectors of different models cannot be compared. ${reembed}`,
      details: { bound, requested },
    });
  }
  return null;
}

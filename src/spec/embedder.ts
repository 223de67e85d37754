/**
 * A text embedding model. Batches in, batches out. `doEmbed` is named so app
 * code does not call it by accident: the engine goes through its cache.
 */
export interface Embedder {
  /** e.g. 'use-lite', 'transformers', 'openai-compatible' */
  readonly provider: string;
  /** e.g. 'universal-sentence-encoder-lite', 'Xenova/all-MiniLM-L6-v2' */
  readonly modelId: string;
  readonly dimensions: number;
  /** The largest batch one `doEmbed` call accepts; callers split larger inputs. */
  readonly maxBatchSize: number;
  doEmbed(input: { values: string[]; abortSignal?: AbortSignal }): Promise<{ embeddings: Float32Array[] }>;
}

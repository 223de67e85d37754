export const USE_LITE_PROVIDER = 'use-lite';
/** The width of every USE-lite vector, whichever runtime computed it. */
export const USE_LITE_DIMENSIONS = 512;

/**
 * What every USE-lite embedder is, in process or pooled, on onnxruntime or tfjs
 * WASM: the same model and weights, the same vectors (within float rounding),
 * so an agent's stored vectors stay valid when the runtime changes.
 */
export const USE_LITE_IDENTITY = { provider: USE_LITE_PROVIDER, modelId: 'universal-sentence-encoder-lite', dimensions: USE_LITE_DIMENSIONS } as const;

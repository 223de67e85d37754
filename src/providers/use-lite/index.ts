export { createUseLiteEmbedder, type UseLiteEmbedderOptions } from './use-lite-embedder.ts';
export { USE_LITE_DIMENSIONS } from './use-lite-identity.ts';
export { resolveUseLiteRuntime, type UseLiteRuntime, type UseLiteRuntimeOption } from './use-lite-runtime.ts';
export { loadUseLiteModel } from './use-lite-wasm-model.ts';
export { closeUseLitePool } from './worker-pool.ts';

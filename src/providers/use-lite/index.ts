export { createUseLiteEmbedder, loadUseLiteModel, USE_LITE_DIMENSIONS, type UseLiteEmbedderOptions } from './use-lite-embedder.ts';
export { closeUseLitePool } from './worker-pool.ts';

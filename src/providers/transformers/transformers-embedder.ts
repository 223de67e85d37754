import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbeddingDimensionMismatchError, ProviderError } from '../../errors/index.ts';
import type { Embedder } from '../../spec/embedder.ts';

const PROVIDER = 'transformers';
/** A variable, not a literal, so TypeScript and bundlers do not require the optional dependency. */
const TRANSFORMERS_PACKAGE = '@huggingface/transformers';

export interface TransformersEmbedderOptions {
  /** A Hugging Face model id with ONNX weights, e.g. 'Xenova/all-MiniLM-L6-v2'. */
  model: string;
  /**
   * Folder holding `<model>/config.json`, `<model>/tokenizer.json`, `<model>/onnx/model*.onnx`.
   * Default: the library's own (`node_modules/@huggingface/transformers/models/`).
   */
  localModelPath?: string;
  /** Download from the Hugging Face Hub when not found locally. Default false: offline first. */
  allowRemote?: boolean;
  /** Where downloads are cached when allowRemote is on. */
  cacheDir?: string;
  /** How token vectors become one sentence vector. Default 'mean' (what sentence-transformers models expect). */
  pooling?: 'mean' | 'cls';
  /** Default true. Leave it on: the index compares unit vectors with a dot product. */
  normalize?: boolean;
  /**
   * The model's output width. When omitted it is read from the model config
   * (`hidden_size`, else `d_model`, else one probe embedding) at first load, and
   * reading `embedder.dimensions` before `await embedder.load()` throws.
   * When given, the loaded model must agree (else EMBEDDING_DIMENSION_MISMATCH).
   */
  dimensions?: number;
  /** Texts per model call. Default 32. */
  maxBatchSize?: number;
  /** ONNX weight variant, e.g. 'fp32' or 'q8'. Default: the library's choice. */
  dtype?: string;
  /** Loads the package; injectable for bundlers that need a static import, and for tests. */
  importTransformers?: () => Promise<unknown>;
}

/** An Embedder whose model is loaded on first use or explicitly via `load()`. */
export interface TransformersEmbedder extends Embedder {
  /** Loads (once) and resolves the output width. Safe to call repeatedly. */
  load(): Promise<{ dimensions: number }>;
}

/** Only the parts of @huggingface/transformers this adapter touches; the package is optional and its types may be absent. */
interface TransformersModule {
  env: { localModelPath: string; allowRemoteModels: boolean; allowLocalModels: boolean };
  pipeline(task: 'feature-extraction', model: string, options: Record<string, unknown>): Promise<FeatureExtractor>;
}
interface FeatureExtractor {
  (texts: string[], options: { pooling: string; normalize: boolean }): Promise<{ dims: number[]; data: ArrayLike<number>; dispose?(): void }>;
  model?: { config?: Record<string, unknown> };
}

interface LoadedModel {
  extractor: FeatureExtractor;
  dimensions: number;
}

/**
 * Pipelines are shared across instances with the same settings. Loads run one at
 * a time because the library reads `localModelPath` and `allowRemoteModels` from
 * its global `env`, which each load sets just before calling `pipeline`.
 */
const loadedModels = new Map<string, Promise<LoadedModel>>();
let loadQueue: Promise<unknown> = Promise.resolve();

/**
 * A local embedder running any ONNX sentence-embedding model through
 * @huggingface/transformers (an optional dependency, imported only when first
 * used). Offline by default: a model folder that is not there fails with
 * EMBEDDING_MODEL_NOT_FOUND naming the path, rather than reaching for the Hub.
 *
 * @example
 * import { createTransformersEmbedder } from 'hippocampus/providers/transformers';
 * const embedder = createTransformersEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', localModelPath: './models' });
 * const { dimensions } = await embedder.load(); // 384, from the model config
 * const { embeddings } = await embedder.doEmbed({ values: ['hello'] });
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions): TransformersEmbedder {
  const maxBatchSize = options.maxBatchSize ?? 32;
  const settings = { pooling: options.pooling ?? 'mean', normalize: options.normalize ?? true };
  let resolvedDimensions = options.dimensions;
  const load = async (): Promise<LoadedModel> => {
    const loaded = await loadShared(options);
    resolvedDimensions = loaded.dimensions;
    return loaded;
  };

  return {
    provider: PROVIDER,
    modelId: options.model,
    get dimensions(): number {
      if (resolvedDimensions === undefined) {
        throw new ProviderError({
          code: 'EMBEDDING_ERROR',
          provider: PROVIDER,
          message: `the width of "${options.model}" is known only after it loads: pass \`dimensions\` or \`await embedder.load()\` first`,
        });
      }
      return resolvedDimensions;
    },
    maxBatchSize,
    async load() {
      return { dimensions: (await load()).dimensions };
    },
    async doEmbed({ values, abortSignal }) {
      if (values.length === 0) return { embeddings: [] };
      const { extractor, dimensions } = await load();
      const embeddings: Float32Array[] = [];
      for (let start = 0; start < values.length; start += maxBatchSize) {
        abortSignal?.throwIfAborted();
        embeddings.push(...(await runBatch(extractor, values.slice(start, start + maxBatchSize), settings, dimensions, options.model)));
      }
      return { embeddings };
    },
  };
}

function loadShared(options: TransformersEmbedderOptions): Promise<LoadedModel> {
  const key = JSON.stringify([options.model, options.localModelPath, options.allowRemote ?? false, options.cacheDir, options.dtype]);
  let loaded = loadedModels.get(key);
  if (loaded === undefined) {
    loaded = loadQueue.then(() => loadModel(options));
    loadQueue = loaded.catch(() => undefined);
    // A failed load is forgotten so that adding the model files and retrying works without a restart.
    loaded.catch(() => loadedModels.delete(key));
    loadedModels.set(key, loaded);
  }
  return loaded;
}

async function loadModel(options: TransformersEmbedderOptions): Promise<LoadedModel> {
  const allowRemote = options.allowRemote ?? false;
  // Check first when we can: a missing folder is the common mistake, and saying so needs no 2 s package import.
  if (!allowRemote && options.localModelPath !== undefined) await requireModelFolder(options.localModelPath, options.model);
  const transformers = await importTransformers(options.importTransformers);
  const modelRoot = options.localModelPath ?? transformers.env.localModelPath;
  if (!allowRemote && options.localModelPath === undefined) await requireModelFolder(modelRoot, options.model);

  transformers.env.localModelPath = modelRoot;
  transformers.env.allowLocalModels = true;
  // `local_files_only` alone still lets the library try the Hub for some files; the global switch does not.
  transformers.env.allowRemoteModels = allowRemote;
  let extractor: FeatureExtractor;
  try {
    extractor = await transformers.pipeline('feature-extraction', options.model, {
      local_files_only: !allowRemote,
      ...(options.cacheDir === undefined ? {} : { cache_dir: options.cacheDir }),
      ...(options.dtype === undefined ? {} : { dtype: options.dtype }),
    });
  } catch (cause) {
    throw loadError(cause, join(modelRoot, options.model), options.model);
  }
  const dimensions = await resolveDimensions(extractor, options);
  return { extractor, dimensions };
}

async function importTransformers(load: (() => Promise<unknown>) | undefined): Promise<TransformersModule> {
  let loaded: unknown;
  try {
    loaded = await (load ?? (() => import(TRANSFORMERS_PACKAGE)))();
  } catch (cause) {
    throw new ProviderError({
      code: 'EMBEDDING_ERROR',
      provider: PROVIDER,
      message: `could not load ${TRANSFORMERS_PACKAGE} (an optional dependency: install it, and make sure onnxruntime-node has its native binary for this platform): ${describe(cause)}`,
      cause,
    });
  }
  const module = loaded as Partial<TransformersModule> | undefined;
  if (typeof module?.pipeline !== 'function' || typeof module.env !== 'object') {
    throw new ProviderError({ code: 'EMBEDDING_ERROR', provider: PROVIDER, message: `${TRANSFORMERS_PACKAGE} loaded but has no pipeline() or env: unsupported version` });
  }
  return module as TransformersModule;
}

async function requireModelFolder(root: string, model: string): Promise<void> {
  const folder = join(root, model);
  const config = join(folder, 'config.json');
  try {
    await stat(config);
  } catch (cause) {
    throw new ProviderError({
      code: 'EMBEDDING_MODEL_NOT_FOUND',
      provider: PROVIDER,
      message: `model "${model}" is not at ${folder} (no ${config}); download it there, point localModelPath at its parent folder, or set allowRemote: true`,
      cause,
    });
  }
}

function loadError(cause: unknown, folder: string, model: string): ProviderError {
  const message = describe(cause);
  if ((cause instanceof Error && cause.name === 'ModelFileNotFoundError') || /not found locally|could not locate file/i.test(message)) {
    return new ProviderError({
      code: 'EMBEDDING_MODEL_NOT_FOUND',
      provider: PROVIDER,
      message: `model "${model}" at ${folder} is incomplete: ${message}`,
      cause,
    });
  }
  const hint = /onnx/i.test(message) ? ' (is the onnxruntime-node native binary installed for this platform?)' : '';
  return new ProviderError({ code: 'EMBEDDING_ERROR', provider: PROVIDER, message: `could not load model "${model}" from ${folder}: ${message}${hint}`, cause });
}

async function resolveDimensions(extractor: FeatureExtractor, options: TransformersEmbedderOptions): Promise<number> {
  const config = extractor.model?.config ?? {};
  const fromConfig = [config.hidden_size, config.d_model, config.dim].find((value): value is number => typeof value === 'number');
  const actual = fromConfig ?? (await extractor(['dimension probe'], { pooling: options.pooling ?? 'mean', normalize: true })).dims.at(-1);
  if (actual === undefined) {
    throw new ProviderError({ code: 'EMBEDDING_ERROR', provider: PROVIDER, message: `could not tell the output width of "${options.model}"` });
  }
  if (options.dimensions !== undefined && options.dimensions !== actual) {
    throw new EmbeddingDimensionMismatchError({ expected: options.dimensions, actual, provider: PROVIDER, modelId: options.model });
  }
  return actual;
}

async function runBatch(
  extractor: FeatureExtractor,
  batch: string[],
  settings: { pooling: string; normalize: boolean },
  dimensions: number,
  model: string,
): Promise<Float32Array[]> {
  let output: Awaited<ReturnType<FeatureExtractor>>;
  try {
    output = await extractor(batch, settings);
  } catch (cause) {
    throw new ProviderError({ code: 'EMBEDDING_ERROR', provider: PROVIDER, message: `model call failed: ${describe(cause)}`, cause });
  }
  const [rows, width] = output.dims;
  if (output.dims.length !== 2 || rows !== batch.length || width === undefined) {
    throw new ProviderError({ code: 'EMBEDDING_ERROR', provider: PROVIDER, message: `expected a [${batch.length}, ${dimensions}] tensor, got [${output.dims.join(', ')}]` });
  }
  if (width !== dimensions) throw new EmbeddingDimensionMismatchError({ expected: dimensions, actual: width, provider: PROVIDER, modelId: model });
  const data = Float32Array.from(output.data);
  output.dispose?.();
  return Array.from({ length: rows }, (_, row) => data.slice(row * width, (row + 1) * width));
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

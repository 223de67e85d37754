import { availableParallelism } from 'node:os';
import { HippocampusError, ValidationError } from '../../errors/index.ts';
import type { ImportOnnxRuntime } from './onnx/onnx-runtime.ts';
import { loadUseLiteOnnxModel } from './onnx/use-lite-onnx-model.ts';
import { loadUseLiteModel, runWasmModel } from './use-lite-wasm-model.ts';

/** Where the model runs: onnxruntime-node (native, multi-threaded) or tfjs on its WASM backend (one thread). */
export type UseLiteRuntime = 'onnx' | 'wasm';
/** 'auto': onnx when onnxruntime-node loads, otherwise wasm. */
export type UseLiteRuntimeOption = UseLiteRuntime | 'auto';

/** One loaded model: texts that tokenize to at least one token in, one raw vector per text out. */
export interface UseLiteBatchRunner {
  readonly runtime: UseLiteRuntime;
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

export interface UseLiteRuntimeOptions {
  runtime?: UseLiteRuntimeOption;
  /** onnx intra-op threads; default: the number of cores. */
  threads?: number;
  importOnnxRuntime?: ImportOnnxRuntime;
}

const RUNTIMES: readonly UseLiteRuntimeOption[] = ['auto', 'onnx', 'wasm'];

/** Checks the runtime options a caller passed, before anything loads. */
export function validateRuntimeOptions({ runtime, threads }: UseLiteRuntimeOptions): void {
  if (runtime !== undefined && !RUNTIMES.includes(runtime)) {
    throw new ValidationError({ message: `runtime must be 'auto', 'onnx' or 'wasm', got ${JSON.stringify(runtime)}`, issues: [{ path: 'runtime', message: "'auto' | 'onnx' | 'wasm'" }] });
  }
  if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) {
    throw new ValidationError({ message: `threads must be a positive integer, got ${threads}`, issues: [{ path: 'threads', message: 'positive integer' }] });
  }
}

/**
 * Loads the model on the runtime asked for. 'auto' tries onnxruntime-node and
 * falls back to tfjs WASM only when the package or its native binary cannot be
 * loaded (EMBEDDING_RUNTIME_UNAVAILABLE); any other failure is reported, not
 * hidden behind a runtime five times slower.
 */
export async function loadUseLiteRunner(options: UseLiteRuntimeOptions = {}): Promise<UseLiteBatchRunner> {
  const runtime = options.runtime ?? 'auto';
  if (runtime === 'wasm') return wasmRunner();
  try {
    const model = await loadUseLiteOnnxModel({ threads: options.threads ?? availableParallelism(), importRuntime: options.importOnnxRuntime });
    return { runtime: 'onnx', embed: (texts) => model.embed(texts) };
  } catch (error) {
    if (runtime === 'auto' && HippocampusError.isInstance(error) && error.code === 'EMBEDDING_RUNTIME_UNAVAILABLE') {
      warnWasmFallbackOnce();
      return wasmRunner();
    }
    throw error;
  }
}

let warnedWasmFallback = false;

/** Says once per process that embeddings run on the slow runtime, and how to get the fast one (an install with --omit=optional has no onnxruntime-node). */
function warnWasmFallbackOnce(): void {
  if (warnedWasmFallback) return;
  warnedWasmFallback = true;
  process.emitWarning('onnxruntime-node is not installed: USE-lite embeddings run on tfjs WASM, about 7x slower (install onnxruntime-node for the native runtime)', { code: 'HIPPOCAMPUS_WASM_RUNTIME' });
}

/**
 * Which runtime `createUseLiteEmbedder(options)` runs on here, loading it if
 * needed: how a caller (a bench, a status page) tells 'auto' apart.
 *
 * @example
 * await resolveUseLiteRuntime(); // 'onnx' when onnxruntime-node is installed
 */
export async function resolveUseLiteRuntime(options: UseLiteRuntimeOptions = {}): Promise<UseLiteRuntime> {
  validateRuntimeOptions(options);
  return (await loadUseLiteRunner(options)).runtime;
}

async function wasmRunner(): Promise<UseLiteBatchRunner> {
  const model = await loadUseLiteModel();
  return { runtime: 'wasm', embed: (texts) => runWasmModel(model, texts) };
}

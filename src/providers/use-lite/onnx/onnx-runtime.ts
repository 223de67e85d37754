import { useLiteError } from '../use-lite-error.ts';

/** A variable, not a literal, so TypeScript and bundlers do not require the optional dependency. */
const ONNX_RUNTIME_PACKAGE = 'onnxruntime-node';

/** Only the parts of onnxruntime-node this provider touches; the package is optional and its types may be absent. */
export interface OnnxRuntime {
  InferenceSession: { create(model: Uint8Array, options: OnnxSessionOptions): Promise<OnnxSession> };
  Tensor: new (type: 'float32' | 'int32', data: Float32Array | Int32Array, dims: readonly number[]) => OnnxTensor;
}

export interface OnnxSessionOptions {
  intraOpNumThreads: number;
  interOpNumThreads: number;
  graphOptimizationLevel: 'all';
  executionMode: 'sequential';
  /** Session config entries (onnxruntime_session_options_config_keys.h), nested by their dotted names; values are strings. */
  extra?: Record<string, unknown>;
}

export interface OnnxSession {
  run(feeds: Record<string, OnnxTensor>): Promise<Record<string, OnnxTensor | undefined>>;
  release(): Promise<void>;
}

export interface OnnxTensor {
  readonly data: unknown;
  readonly dims: readonly number[];
}

/** Loads the onnxruntime-node module; injectable so a test can stand in for a machine without it. */
export type ImportOnnxRuntime = () => Promise<unknown>;

export const importOnnxRuntimePackage: ImportOnnxRuntime = () => import(ONNX_RUNTIME_PACKAGE);

const loaded = new Map<ImportOnnxRuntime, Promise<OnnxRuntime>>();

/**
 * onnxruntime-node, imported on first use (once per import function). A
 * missing package or native binary rejects with EMBEDDING_RUNTIME_UNAVAILABLE;
 * the failure is remembered, so 'auto' asks once per process, not per batch.
 */
export function loadOnnxRuntime(importRuntime: ImportOnnxRuntime = importOnnxRuntimePackage): Promise<OnnxRuntime> {
  let runtime = loaded.get(importRuntime);
  if (runtime === undefined) {
    runtime = importRuntime().then(
      (module) => asOnnxRuntime(module),
      (cause: unknown) => {
        throw useLiteError(`${ONNX_RUNTIME_PACKAGE} cannot be loaded (${cause instanceof Error ? cause.message : String(cause)}); install it, or use runtime: 'wasm'`, {
          code: 'EMBEDDING_RUNTIME_UNAVAILABLE',
          cause,
        });
      },
    );
    loaded.set(importRuntime, runtime);
  }
  return runtime;
}

function asOnnxRuntime(module: unknown): OnnxRuntime {
  // CommonJS through import(): the API may sit on `default`.
  const candidates = [module, (module as { default?: unknown } | undefined)?.default];
  const runtime = candidates.find(
    (candidate): candidate is OnnxRuntime =>
      typeof (candidate as Partial<OnnxRuntime> | undefined)?.InferenceSession?.create === 'function' &&
      typeof (candidate as Partial<OnnxRuntime>).Tensor === 'function',
  );
  if (runtime === undefined) {
    throw useLiteError(`${ONNX_RUNTIME_PACKAGE} loaded but has no InferenceSession.create or Tensor: unsupported version`, { code: 'EMBEDDING_RUNTIME_UNAVAILABLE' });
  }
  return runtime;
}

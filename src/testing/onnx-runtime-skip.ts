import { loadOnnxRuntime } from '../providers/use-lite/onnx/onnx-runtime.ts';

/**
 * Why tests of the onnx runtime cannot run here, or undefined when they can.
 * onnxruntime-node is an optional dependency: a platform without its native
 * binary skips those suites, saying so, instead of failing them.
 *
 * @example
 * const skip = await onnxRuntimeSkipReason();
 * describe.skipIf(skip !== undefined)(`onnx graph${skip ? ` (skipped: ${skip})` : ''}`, () => { ... });
 */
export async function onnxRuntimeSkipReason(): Promise<string | undefined> {
  return loadOnnxRuntime().then(
    () => undefined,
    (error: unknown) => `onnxruntime-node cannot be loaded here (${error instanceof Error ? error.message : String(error)})`,
  );
}

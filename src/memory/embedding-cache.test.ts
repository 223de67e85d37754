import { describe, expect, it } from 'vitest';
import { HippocampusError } from '../errors/index.ts';
import type { Embedder } from '../spec/embedder.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createEmbeddingCache, embedWithCache } from './embedding-cache.ts';

function manualClock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Wraps an embedder and records the batches it is asked for. */
function recording(embedder: Embedder, overrides: Partial<Embedder> = {}) {
  const calls: string[][] = [];
  const wrapped: Embedder = {
    provider: embedder.provider,
    modelId: embedder.modelId,
    dimensions: embedder.dimensions,
    maxBatchSize: embedder.maxBatchSize,
    ...overrides,
    doEmbed: (input) => {
      calls.push([...input.values]);
      return embedder.doEmbed(input);
    },
  };
  return { embedder: wrapped, calls };
}

const vector = (...values: number[]) => Float32Array.from(values);

describe('createEmbeddingCache', () => {
  it('returns what was stored, per model', () => {
    const cache = createEmbeddingCache({ clock: manualClock() });
    cache.set('model-a', 'hello', vector(1, 0));
    expect(cache.get('model-a', 'hello')).toEqual(vector(1, 0));
    expect(cache.get('model-b', 'hello')).toBeUndefined();
    expect(cache.get('model-a', 'hello!')).toBeUndefined();
    expect(cache.stats()).toEqual({ hits: 1, misses: 2, evictions: 0, size: 1 });
  });

  it('does not let a caller corrupt a cached vector by mutating it', () => {
    const cache = createEmbeddingCache({ clock: manualClock() });
    const stored = vector(1, 2);
    cache.set('m', 't', stored);
    stored[0] = 99;
    cache.get('m', 't')![1] = 99;
    expect(cache.get('m', 't')).toEqual(vector(1, 2));
  });

  it('expires entries after ttlMs', () => {
    const clock = manualClock();
    const cache = createEmbeddingCache({ ttlMs: 1000, clock });
    cache.set('m', 't', vector(1));
    clock.advance(999);
    expect(cache.get('m', 't')).toBeDefined();
    clock.advance(1);
    expect(cache.get('m', 't')).toBeUndefined();
    expect(cache.stats().size).toBe(0);
  });

  it('evicts the least recently used entry, where reading counts as use', () => {
    const cache = createEmbeddingCache({ maxEntries: 2, clock: manualClock() });
    cache.set('m', 'a', vector(1));
    cache.set('m', 'b', vector(2));
    cache.get('m', 'a');
    cache.set('m', 'c', vector(3));
    expect(cache.get('m', 'b')).toBeUndefined();
    expect(cache.get('m', 'a')).toEqual(vector(1));
    expect(cache.get('m', 'c')).toEqual(vector(3));
    expect(cache.stats()).toMatchObject({ evictions: 1, size: 2 });
  });

  it('defaults to 100 entries', () => {
    const cache = createEmbeddingCache({ clock: manualClock() });
    for (let index = 0; index < 150; index += 1) cache.set('m', `t${index}`, vector(index));
    expect(cache.stats().size).toBe(100);
    expect(cache.get('m', 't49')).toBeUndefined();
    expect(cache.get('m', 't50')).toEqual(vector(50));
  });

  it('rejects a nonsensical size with a typed error', () => {
    expect(() => createEmbeddingCache({ maxEntries: -1, clock: manualClock() })).toThrow(HippocampusError);
  });
});

describe('embedWithCache', () => {
  it('splits misses into chunks of maxBatchSize and keeps input order', async () => {
    const base = createHashEmbedder({ dimensions: 16 });
    const { embedder, calls } = recording(base, { maxBatchSize: 3 });
    const texts = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const result = await embedWithCache(embedder, undefined, texts);
    expect(calls.map((call) => call.length)).toEqual([3, 3, 1]);
    const expected = (await base.doEmbed({ values: texts })).embeddings;
    expect(result.embeddings).toEqual(expected);
    expect(result).toMatchObject({ hits: 0, misses: 7 });
  });

  it('serves repeats from the cache and only embeds what is new', async () => {
    const { embedder, calls } = recording(createHashEmbedder({ dimensions: 16 }));
    const cache = createEmbeddingCache({ clock: manualClock() });
    const first = await embedWithCache(embedder, cache, ['alpha', 'beta', 'alpha']);
    expect(first).toMatchObject({ hits: 1, misses: 2 });
    expect(calls).toEqual([['beta', 'alpha']]); // misses go out shortest first
    expect(first.embeddings[0]).toEqual(first.embeddings[2]);
    expect(first.embeddings[0]).not.toBe(first.embeddings[2]);

    const second = await embedWithCache(embedder, cache, ['beta', 'gamma']);
    expect(second).toMatchObject({ hits: 1, misses: 1 });
    expect(calls).toEqual([['beta', 'alpha'], ['gamma']]);
    expect(second.embeddings[0]).toEqual(first.embeddings[1]);
  });

  it('does not share entries between models of different widths', async () => {
    const cache = createEmbeddingCache({ clock: manualClock() });
    const narrow = recording(createHashEmbedder({ dimensions: 8, modelId: 'same' }));
    const wide = recording(createHashEmbedder({ dimensions: 32, modelId: 'same' }));
    await embedWithCache(narrow.embedder, cache, ['x']);
    const result = await embedWithCache(wide.embedder, cache, ['x']);
    expect(result.misses).toBe(1);
    expect(result.embeddings[0]).toHaveLength(32);
  });

  it('makes no call for empty input', async () => {
    const { embedder, calls } = recording(createHashEmbedder());
    expect(await embedWithCache(embedder, undefined, [])).toEqual({ embeddings: [], hits: 0, misses: 0 });
    expect(calls).toEqual([]);
  });

  it('refuses vectors whose length differs from the embedder dimensions', async () => {
    const { embedder } = recording(createHashEmbedder({ dimensions: 8 }), { dimensions: 9 });
    await expect(embedWithCache(embedder, undefined, ['x'])).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
  });

  it('refuses an answer with the wrong number of vectors', async () => {
    const broken: Embedder = { ...createHashEmbedder(), doEmbed: async () => ({ embeddings: [] }) };
    await expect(embedWithCache(broken, undefined, ['x'])).rejects.toMatchObject({ code: 'EMBEDDING_ERROR' });
  });
});

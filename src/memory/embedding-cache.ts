import { EmbeddingDimensionMismatchError, ProviderError, ValidationError } from '../errors/index.ts';
import type { Clock } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';

export interface EmbeddingCacheStats {
  hits: number;
  misses: number;
  /** Entries dropped to stay under maxEntries (expired entries are not counted). */
  evictions: number;
  size: number;
}

/** An in-process LRU of embeddings with a time-to-live, keyed by model and text. */
export interface EmbeddingCache {
  /** A copy of the cached vector, or undefined when absent or expired. */
  get(modelKey: string, text: string): Float32Array | undefined;
  set(modelKey: string, text: string, vector: Float32Array): void;
  clear(): void;
  stats(): EmbeddingCacheStats;
}

interface Entry {
  vector: Float32Array;
  expiresAt: number;
}

/**
 * Creates an LRU embedding cache. Agents ask the same query again within a turn
 * (recall, then rerank, then a tool call), so a small cache saves whole model
 * calls; the TTL bounds how long a vector from a since-changed model can live.
 *
 * @example
 * const cache = createEmbeddingCache({ maxEntries: 500, ttlMs: 60_000, clock: { now: Date.now } });
 * const { embeddings, hits, misses } = await embedWithCache(embedder, cache, ['hello', 'hello', 'world']);
 */
export function createEmbeddingCache(options: { maxEntries?: number; ttlMs?: number; clock: Clock }): EmbeddingCache {
  const maxEntries = options.maxEntries ?? 100;
  const ttlMs = options.ttlMs ?? 600_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 0) {
    throw new ValidationError({ message: `maxEntries must be a non-negative integer, got ${maxEntries}`, issues: [{ path: 'maxEntries', message: 'non-negative integer' }] });
  }
  // A Map iterates in insertion order, so re-inserting on read keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const counters = { hits: 0, misses: 0, evictions: 0 };
  const keyOf = (modelKey: string, text: string) => `${modelKey}\u0000${text}`;

  return {
    get(modelKey, text) {
      const key = keyOf(modelKey, text);
      const entry = entries.get(key);
      if (entry === undefined || entry.expiresAt <= options.clock.now()) {
        if (entry !== undefined) entries.delete(key);
        counters.misses += 1;
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      counters.hits += 1;
      // A copy, so a caller that normalizes or scales in place cannot corrupt the cache.
      return entry.vector.slice();
    },
    set(modelKey, text, vector) {
      if (maxEntries === 0) return;
      const key = keyOf(modelKey, text);
      entries.delete(key);
      entries.set(key, { vector: vector.slice(), expiresAt: options.clock.now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
        counters.evictions += 1;
      }
    },
    clear() {
      entries.clear();
    },
    stats() {
      return { ...counters, size: entries.size };
    },
  };
}

export interface EmbedWithCacheResult {
  /** One vector per input text, in input order. */
  embeddings: Float32Array[];
  /** Texts answered from the cache (a repeat inside one call counts as a hit). */
  hits: number;
  /** Distinct texts sent to the embedder. */
  misses: number;
}

/**
 * Embeds texts through the cache: hits come from memory, distinct misses go to
 * `embedder.doEmbed` in chunks of at most `maxBatchSize`, and are stored. This
 * is the one place callers split batches, so no embedder sees an oversized one.
 * Pass `cache: undefined` to get just the batching.
 *
 * @example
 * const result = await embedWithCache(createUseLiteEmbedder(), cache, texts);
 * console.log(result.hits, result.misses);
 */
export async function embedWithCache(
  embedder: Embedder,
  cache: EmbeddingCache | undefined,
  texts: readonly string[],
  options: { abortSignal?: AbortSignal } = {},
): Promise<EmbedWithCacheResult> {
  // Provider and dimensions are part of the key: the same model name served at two widths gives different vectors.
  const modelKey = `${embedder.provider}:${embedder.modelId}:${embedder.dimensions}`;
  const found = new Map<string, Float32Array>();
  const missing: string[] = [];
  let hits = 0;
  for (const text of texts) {
    if (found.has(text)) {
      hits += 1;
      continue;
    }
    const cached = cache?.get(modelKey, text);
    if (cached === undefined) {
      missing.push(text);
      found.set(text, new Float32Array(0));
    } else {
      hits += 1;
      found.set(text, cached);
    }
  }
  const batchSize = Math.max(1, embedder.maxBatchSize);
  // Models pad a batch to its longest text: batching texts of similar length wastes
  // less (12-35% less CPU for USE-lite, bench/embedding-throughput.bench.ts).
  missing.sort((left, right) => left.length - right.length);
  for (let start = 0; start < missing.length; start += batchSize) {
    const batch = missing.slice(start, start + batchSize);
    const { embeddings } = await embedder.doEmbed({ values: batch, abortSignal: options.abortSignal });
    checkBatch(embedder, batch, embeddings);
    batch.forEach((text, index) => {
      const vector = embeddings[index]!;
      found.set(text, vector);
      cache?.set(modelKey, text, vector);
    });
  }
  // Repeated texts get their own copy, so mutating one result cannot change another.
  const handedOut = new Set<string>();
  const embeddings = texts.map((text) => {
    const vector = found.get(text)!;
    if (handedOut.has(text)) return vector.slice();
    handedOut.add(text);
    return vector;
  });
  return { embeddings, hits, misses: missing.length };
}

function checkBatch(embedder: Embedder, batch: string[], embeddings: Float32Array[]): void {
  if (embeddings.length !== batch.length) {
    throw new ProviderError({
      code: 'EMBEDDING_ERROR',
      provider: embedder.provider,
      message: `returned ${embeddings.length} embeddings for ${batch.length} texts`,
    });
  }
  for (const vector of embeddings) {
    if (vector.length !== embedder.dimensions) {
      throw new EmbeddingDimensionMismatchError({
        expected: embedder.dimensions,
        actual: vector.length,
        provider: embedder.provider,
        modelId: embedder.modelId,
      });
    }
  }
}

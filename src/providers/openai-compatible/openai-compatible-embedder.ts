import { z } from 'zod';
import { EmbeddingDimensionMismatchError, ProviderError } from '../../errors/index.ts';
import type { Embedder } from '../../spec/embedder.ts';
import { connectionOptionsSchema, endpoint } from '../http/connection-options.ts';
import { postJsonWithRetry, type FetchFunction } from '../http/fetch-with-retry.ts';
import { parseResponse } from '../http/parse-response.ts';
import { l2Normalize } from '../l2-normalize.ts';
import { parseOptions } from '../parse-options.ts';
import { bearerHeaders } from './headers.ts';

const PROVIDER = 'openai-compatible';

export interface OpenAICompatibleEmbedderOptions {
  /** Up to and including the API version, e.g. 'https://api.openai.com/v1' or 'http://127.0.0.1:11434/v1' (Ollama). */
  baseURL: string;
  /** Sent as `Authorization: Bearer …` when present; Ollama, vLLM and LM Studio need none. */
  apiKey?: string;
  model: string;
  /** Width the model returns; every answer is checked against it. */
  dimensions: number;
  /** Texts per request. Default 64 (OpenAI accepts up to 2048; local servers are slower per request). */
  maxBatchSize?: number;
  fetch?: FetchFunction;
  /** Per request attempt. Default 60 000 ms. */
  timeoutMs?: number;
  /** Default 2. */
  maxRetries?: number;
  headers?: Record<string, string>;
  /**
   * Also send `dimensions` in the request, for models that shorten their output
   * on demand (OpenAI text-embedding-3-*). Off by default because servers such
   * as vLLM reject the field for models that cannot.
   */
  requestDimensions?: boolean;
}

const optionsSchema = connectionOptionsSchema.extend({
  model: z.string().min(1),
  dimensions: z.number().int().positive(),
  maxBatchSize: z.number().int().positive().optional(),
  requestDimensions: z.boolean().optional(),
});

const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) })),
});

/**
 * An embedder for any server that speaks OpenAI's `POST /embeddings`: OpenAI,
 * Ollama, vLLM, LM Studio, llama.cpp. Answers are validated, reordered by
 * `index`, checked for width and L2-normalized (not every server normalizes).
 *
 * @example
 * const embedder = createOpenAICompatibleEmbedder({
 *   baseURL: 'http://127.0.0.1:11434/v1',
 *   model: 'nomic-embed-text',
 *   dimensions: 768,
 * });
 * const { embeddings } = await embedder.doEmbed({ values: ['hello'] });
 */
export function createOpenAICompatibleEmbedder(options: OpenAICompatibleEmbedderOptions): Embedder {
  const settings = parseOptions(optionsSchema, options, 'createOpenAICompatibleEmbedder');
  const maxBatchSize = settings.maxBatchSize ?? 64;
  const url = endpoint(settings.baseURL, 'embeddings');

  async function embedBatch(values: string[], abortSignal: AbortSignal | undefined): Promise<Float32Array[]> {
    const { value } = await postJsonWithRetry({
      provider: PROVIDER,
      url,
      body: { model: settings.model, input: values, ...(settings.requestDimensions ? { dimensions: settings.dimensions } : {}) },
      headers: bearerHeaders(settings.apiKey, settings.headers),
      fetch: settings.fetch,
      timeoutMs: settings.timeoutMs,
      maxRetries: settings.maxRetries,
      abortSignal,
    });
    const { data } = parseResponse(embeddingsResponseSchema, value, PROVIDER, 'embeddings response');
    const ordered = [...data].sort((left, right) => left.index - right.index);
    // Sorting alone would hide a missing or duplicated item; each index 0..n-1 must appear once.
    if (ordered.length !== values.length || ordered.some((item, position) => item.index !== position)) {
      throw new ProviderError({
        code: 'PROVIDER_RESPONSE_INVALID',
        provider: PROVIDER,
        message: `sent ${values.length} texts, got embeddings for indexes [${data.map((item) => item.index).join(', ')}]`,
      });
    }
    return ordered.map((item) => {
      if (item.embedding.length !== settings.dimensions) {
        throw new EmbeddingDimensionMismatchError({
          expected: settings.dimensions,
          actual: item.embedding.length,
          provider: PROVIDER,
          modelId: settings.model,
        });
      }
      return l2Normalize(item.embedding);
    });
  }

  return {
    provider: PROVIDER,
    modelId: settings.model,
    dimensions: settings.dimensions,
    maxBatchSize,
    async doEmbed({ values, abortSignal }) {
      const embeddings: Float32Array[] = [];
      // Sequential on purpose: local servers embed one batch at a time anyway, and it keeps rate limits calm.
      for (let start = 0; start < values.length; start += maxBatchSize) {
        embeddings.push(...(await embedBatch(values.slice(start, start + maxBatchSize), abortSignal)));
      }
      return { embeddings };
    },
  };
}

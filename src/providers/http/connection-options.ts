import { z } from 'zod';
import type { FetchFunction } from './fetch-with-retry.ts';

/**
 * The transport options every HTTP provider takes, validated the same way.
 * `fetch` is injectable so tests aim a provider at a loopback server and apps
 * can add proxies or tracing.
 */
export const connectionOptionsSchema = z.object({
  baseURL: z.url({ protocol: /^https?$/, error: 'baseURL must be an http(s) URL' }),
  apiKey: z.string().optional(),
  fetch: z.custom<FetchFunction>((value) => typeof value === 'function', 'fetch must be a function').optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** `https://host/v1/` + `embeddings` → `https://host/v1/embeddings`, whatever the trailing slashes. */
export function endpoint(baseURL: string, path: string): string {
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

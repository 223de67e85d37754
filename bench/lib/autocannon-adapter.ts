import { createRequire } from 'node:module';

/** The slice of autocannon's API the HTTP benchmarks use (the package ships no types). */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Called before each request; returns the request to send (lets a run rotate bodies). */
  setupRequest?: (request: { body?: string }) => { body?: string };
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Stop after this many requests. */
  amount: number;
  /** Per-request timeout in seconds. */
  timeout: number;
  requests: LoadRequest[];
}

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface LoadInstance extends PromiseLike<LoadResult> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
  stop(): void;
}

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (options: LoadOptions) => LoadInstance;

/**
 * Runs autocannon bounded both in count (`amount`) and in time (`maxSeconds`),
 * and records each response time so any percentile can be computed; `seconds` runs from the
 * start to the last response, to take rates over.
 *
 * @example
 * const { result, latencies } = await runLoad({ url, connections: 8, amount: 2000, timeout: 10, requests }, 30);
 */
export async function runLoad(options: LoadOptions, maxSeconds: number): Promise<{ result: LoadResult; latencies: number[]; statusCounts: Map<number, number>; seconds: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  let lastResponse = started;
  const statusCounts = new Map<number, number>();
  const instance = autocannon(options);
  instance.on('response', (_client, status, _bytes, responseTimeMs) => {
    latencies.push(responseTimeMs);
    lastResponse = performance.now();
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  });
  const timer = setTimeout(() => instance.stop(), maxSeconds * 1000);
  try {
    const result = await instance;
    // autocannon ends a run at its next one-second sample tick after the last response, and its `duration`
    // counts up to that tick (4,000 searches answered in 12.07 s read 13.01 s: 307.5 a second where 331.3
    // were served, 2026-11-27), so a rate is taken from the start to the last response.
    return { result, latencies, statusCounts, seconds: (lastResponse - started) / 1000 };
  } finally {
    clearTimeout(timer);
  }
}

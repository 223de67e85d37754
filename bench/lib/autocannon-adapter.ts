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
 * and records each response time so any percentile can be computed.
 *
 * @example
 * const { result, latencies } = await runLoad({ url, connections: 8, amount: 2000, timeout: 10, requests }, 30);
 */
export async function runLoad(options: LoadOptions, maxSeconds: number): Promise<{ result: LoadResult; latencies: number[]; statusCounts: Map<number, number> }> {
  const latencies: number[] = [];
  const statusCounts = new Map<number, number>();
  const instance = autocannon(options);
  instance.on('response', (_client, status, _bytes, responseTimeMs) => {
    latencies.push(responseTimeMs);
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  });
  const timer = setTimeout(() => instance.stop(), maxSeconds * 1000);
  try {
    return { result: await instance, latencies, statusCounts };
  } finally {
    clearTimeout(timer);
  }
}

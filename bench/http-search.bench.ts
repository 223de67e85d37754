/**
 * POST /agents/:agent/search under load: requests/s and p95 at 100k memories,
 * autocannon against the server on 127.0.0.1, bounded in count and time.
 *
 *   npx tsx bench/http-search.bench.ts [--size 100000] [--amount 3000] [--connections 8] [--seconds 60]
 *
 * Rows are synthetic (bench/lib/synthetic-memories.ts) inserted in bulk with
 * insertMany; no vectors are backfilled and the server runs keyword-only
 * (embedder: null), so this measures the HTTP layer plus BM25 + strength,
 * recency and importance scoring, not an embedding model.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { startServer } from '../src/server/serve.ts';
import { runLoad } from './lib/autocannon-adapter.ts';
import { percentile, round } from './lib/stats.ts';
import { syntheticMemories } from './lib/synthetic-memories.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '100000' }, amount: { type: 'string', default: '3000' }, connections: { type: 'string', default: '8' }, seconds: { type: 'string', default: '60' } },
});
const size = Number(values.size);
const amount = Number(values.amount);
const connections = Number(values.connections);
const maxSeconds = Number(values.seconds);
const agentId = 'bench';
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-http-bench-'));

const QUERIES = [
  // Words of the synthetic vocabulary, so every query has keyword hits to rank.
  { query: 'billing migration invoice', limit: 10 },
  { query: 'postgres replica latency', limit: 10, filter: { importance: { $gte: 0.5 } } },
  { query: 'customer refund payment', limit: 20, types: ['decision', 'insight'] },
  { query: 'cache timeout retry worker', limit: 10, domain: 'world' },
  { query: 'dashboard metric alert', limit: 10, filter: { type: { $in: ['error', 'observation'] } } },
].map((body) => JSON.stringify({ ...body, recordAccess: false }));

try {
  const loadStarted = performance.now();
  const memory = await createHippocampus({ home, agentId, embedder: null });
  for (let start = 0; start < size; start += 5_000) await memory.store.insertMany({ agentId }, syntheticMemories(agentId, Math.min(5_000, size - start), start));
  await memory.stop();
  console.log(`loaded ${size.toLocaleString()} memories in ${round((performance.now() - loadStarted) / 1000, 1)} s`);

  const server = await startServer({ home, host: '127.0.0.1', port: 0, embedder: null });
  try {
    let next = 0;
    const request = { method: 'POST' as const, path: `/agents/${agentId}/search`, headers: { 'content-type': 'application/json' }, setupRequest: (sent: { body?: string }) => ({ ...sent, body: QUERIES[next++ % QUERIES.length]! }) };
    // Warm the page cache and the statement cache before measuring.
    await runLoad({ url: server.url, connections: 2, amount: 100, timeout: 30, requests: [request] }, 30);
    const { result, latencies } = await runLoad({ url: server.url, connections, amount, timeout: 30, requests: [request] }, maxSeconds);
    // The same server answering GET /health: what the HTTP layer alone costs, for comparison.
    const baseline = await runLoad({ url: server.url, connections, amount: 2000, timeout: 30, requests: [{ method: 'GET', path: '/health' }] }, 20);
    const summary = {
      memories: size,
      embedder: 'none (keyword-only, no vectors)',
      connections,
      requests: result.requests.total,
      seconds: round(result.duration, 2),
      requestsPerSecond: round(result.requests.total / result.duration, 1),
      latencyMs: { p50: round(percentile(latencies, 50), 1), p95: round(percentile(latencies, 95), 1), p99: round(percentile(latencies, 99), 1), max: round(Math.max(...latencies), 1) },
      healthBaseline: { requestsPerSecond: round(baseline.result.requests.total / baseline.result.duration, 1), p95Ms: round(percentile(baseline.latencies, 95), 2) },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      node: process.version,
      cpus: os.cpus().length,
    };
    console.log(JSON.stringify(summary, null, 2));
    if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.close();
  }
} finally {
  fs.rmSync(home, { recursive: true, force: true });
}

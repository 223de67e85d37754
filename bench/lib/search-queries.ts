/**
 * The five searches of the HTTP and statement benches: words of the synthetic vocabulary (so every
 * query has keyword hits to rank), with the filters a dashboard or agent sends.
 */
export const BENCH_SEARCHES = [
  { query: 'billing migration invoice', limit: 10 },
  { query: 'postgres replica latency', limit: 10, filter: { importance: { $gte: 0.5 } } },
  { query: 'customer refund payment', limit: 20, types: ['decision', 'insight'] },
  { query: 'cache timeout retry worker', limit: 10, domain: 'world' },
  { query: 'dashboard metric alert', limit: 10, filter: { type: { $in: ['error', 'observation'] } } },
] as const;

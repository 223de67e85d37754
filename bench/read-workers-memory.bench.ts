/**
 * What read workers cost in memory: an agent opened with `--read-workers N`, searched (the http bench's
 * five queries, one at a time) for `--seconds` so every worker has built its keyword postings and filled
 * its page cache, then the process's RSS. Run it with 0, 1, 2 on the same home and take the differences.
 *
 *   npx tsx bench/read-workers-memory.bench.ts --home DIR [--agent bench] [--read-workers 1] [--seconds 20]
 *
 * DIR holds the agent already (e.g. the home `bench/search-statements.bench.ts --home DIR` loaded).
 */
import { parseArgs } from 'node:util';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { BENCH_SEARCHES } from './lib/search-queries.ts';

const { values } = parseArgs({ options: { home: { type: 'string' }, agent: { type: 'string', default: 'bench' }, 'read-workers': { type: 'string', default: '1' }, seconds: { type: 'string', default: '20' } } });
const readWorkers = Number(values['read-workers']);
const memory = await createHippocampus({ home: values.home!, agentId: values.agent, embedder: null, readWorkers });
memory.start();
const started = performance.now();
let searches = 0;
// Two at a time, so that with two workers both are used.
while (performance.now() - started < Number(values.seconds) * 1000) {
  await Promise.all([0, 1].map(() => {
    const { query, ...options } = BENCH_SEARCHES[searches++ % BENCH_SEARCHES.length]!;
    return memory.recallRelevant(query, { ...options, recordAccess: false } as Parameters<typeof memory.recallRelevant>[1]);
  }));
}
const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
const mb = (bytes: number) => Math.round(bytes / 1e6);
console.log(JSON.stringify({ readWorkers, memories: (await memory.stats()).total, searches, rssMb: mb(rss), mainHeapMb: mb(heapUsed), externalMb: mb(external), arrayBuffersMb: mb(arrayBuffers) }));
await memory.stop();

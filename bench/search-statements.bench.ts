/**
 * Where one search spends its time: the http bench's five queries run one at a time in
 * process through `recallRelevant`, every SQLite statement timed by its SQL, and
 * statement compilation (`prepare`) counted. With `--write`, a `remember` before each
 * search (a writer interleaved), timed on its own.
 *
 *   npx tsx bench/search-statements.bench.ts [--size 100000] [--home DIR] [--rounds 100] [--write] [--plain] [--profile FILE]
 *
 * `--plain` times the searches without timing statements (the timing wrapper costs ~0.5 ms a
 * search itself): the figure to compare, and the run to profile with `node --cpu-prof --import tsx`.
 *
 * A `--home` already holding the agent is reused as it is (the load takes a minute at 100k).
 * `--profile FILE` writes a CPU profile (.cpuprofile) of the timed searches alone: started after the
 * load, the postings build and the warm-up, which `node --cpu-prof` would count too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import Database from 'better-sqlite3';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { percentile, round } from './lib/stats.ts';
import { syntheticMemories } from './lib/synthetic-memories.ts';
import { BENCH_SEARCHES } from './lib/search-queries.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '100000' }, home: { type: 'string' }, rounds: { type: 'string', default: '100' }, write: { type: 'boolean', default: false }, plain: { type: 'boolean', default: false }, profile: { type: 'string' } },
});
const size = Number(values.size);
const rounds = Number(values.rounds);
const home = values.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-search-statements-'));
const agentId = 'bench';
const QUERIES = BENCH_SEARCHES;

// Every statement's run is timed by its SQL and by the step it ran in (a query, or the write).
let step = 'load';
const statementMs = new Map<string, { runs: number; ms: number }>();
let prepares = 0;
let prepareMs = 0;
const probe = new Database(':memory:');
const statementPrototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
probe.close();
for (const method of values.plain ? [] : ['all', 'get', 'run', 'iterate']) {
  const original = statementPrototype[method]!;
  statementPrototype[method] = function (this: { source: string }, ...args: unknown[]) {
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const sql = this.source.replace(/\s+/g, ' ').replace(/(\?, )+\?/g, '…');
      const key = `${step} ${method} ${sql.length > 200 ? `${sql.slice(0, 90)} … ${sql.slice(-100)}` : sql}`;
      const entry = statementMs.get(key) ?? { runs: 0, ms: 0 };
      entry.runs += 1;
      entry.ms += performance.now() - started;
      statementMs.set(key, entry);
    }
  };
}
const originalPrepare = Database.prototype.prepare;
// Which statements were compiled during the timed searches, and how often (a statement compiled at every search or write is a cost to cut).
const compiled = new Map<string, number>();
if (!values.plain) Database.prototype.prepare = function (this: Database.Database, sql: string) {
  const started = performance.now();
  try {
    return originalPrepare.call(this, sql);
  } finally {
    prepares += 1;
    prepareMs += performance.now() - started;
    const key = `${step} ${sql.replace(/\s+/g, ' ').replace(/(\?, )+\?/g, '…').slice(0, 160)}`;
    compiled.set(key, (compiled.get(key) ?? 0) + 1);
  }
} as typeof Database.prototype.prepare;

try {
  const memory = await createHippocampus({ home, agentId, embedder: null });
  // A kept home is used as it is (its agent may have been pruned to longTerm.maxMemories, or written to).
  if ((await memory.stats()).total === 0) {
    for (let start = 0; start < size; start += 5_000) await memory.store.insertMany({ agentId }, syntheticMemories(agentId, Math.min(5_000, size - start), start));
  }
  // The keyword postings, built in a worker: searched from once ready (a server starts this on open).
  await memory.maintain();
  memory.start();
  const search = (index: number) => {
    const { query, ...options } = QUERIES[index]!;
    return memory.recallRelevant(query, { ...options, recordAccess: false } as Parameters<typeof memory.recallRelevant>[1]);
  };
  for (let warm = 0; warm < 50; warm += 1) for (let index = 0; index < QUERIES.length; index += 1) await search(index);
  statementMs.clear();
  prepares = 0;
  prepareMs = 0;
  compiled.clear();

  const profiler = values.profile === undefined ? null : new Session();
  if (profiler !== null) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const searchMs: number[][] = QUERIES.map(() => []);
  const writeMs: number[] = [];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let round_ = 0; round_ < rounds; round_ += 1) {
    for (let index = 0; index < QUERIES.length; index += 1) {
      if (values.write) {
        step = 'write';
        const writeStarted = performance.now();
        await memory.remember({ type: 'observation', content: `written ${round_}.${index}: billing cache replica latency`, importance: 0.4 });
        writeMs.push(performance.now() - writeStarted);
      }
      step = `q${index}`;
      const searchStarted = performance.now();
      await search(index);
      searchMs[index]!.push(performance.now() - searchStarted);
    }
  }
  const cpu = process.cpuUsage(cpuStarted);
  if (profiler !== null) {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(values.profile!, JSON.stringify(profile));
    profiler.disconnect();
  }
  const searches = rounds * QUERIES.length;
  const searchTotal = searchMs.flat().reduce((total, ms) => total + ms, 0);
  await memory.stop();
  console.log(`${size.toLocaleString()} memories, ${searches} searches one at a time: ${round(searchTotal / searches, 2)} ms a search (${round((searches / searchTotal) * 1000, 0)}/s), wall ${round((performance.now() - started) / 1000, 1)} s, CPU ${round((cpu.user + cpu.system) / 1000 / searches, 2)} ms a search (this process, all threads; less moved by other processes than wall time)`);
  searchMs.forEach((samples, index) => console.log(`  q${index} ${JSON.stringify(QUERIES[index])}: p50 ${round(percentile(samples, 50), 2)} ms, p95 ${round(percentile(samples, 95), 2)} ms`));
  if (writeMs.length > 0) console.log(`  remember between searches: p50 ${round(percentile(writeMs, 50), 2)} ms, p95 ${round(percentile(writeMs, 95), 2)} ms`);
  console.log(`prepare: ${prepares} compilations, ${round(prepareMs / searches, 3)} ms a search`);
  for (const [key, count] of [...compiled].sort((left, right) => right[1] - left[1]).slice(0, 10)) console.log(`  compiled ${count}×: ${key}`);
  console.log('statements, ms a search (averaged over all searches), runs, step, SQL:');
  for (const [key, entry] of [...statementMs].sort((left, right) => right[1].ms - left[1].ms).slice(0, 25)) {
    console.log(`${round(entry.ms / searches, 3).toFixed(3).padStart(8)} ${String(entry.runs).padStart(6)}  ${key}`);
  }
} finally {
  if (values.home === undefined) fs.rmSync(home, { recursive: true, force: true });
}

/**
 * POST /agents/:agent/search under load: searches/s and p50/p95, with a writer
 * storing memories beside them, one agent of `--size` memories or `--agents N`
 * agents of `--size` each in one server. autocannon against the server on
 * 127.0.0.1, the server in a process of its own (bench/lib/bench-server.ts), so
 * the load generator does not share its event loop.
 *
 *   npx tsx bench/http-search.bench.ts [--size 100000] [--agents 1] [--amount 3000] [--connections 8]
 *       [--seconds 60] [--writes-per-second 50] [--baseline REF] [--rounds 1] [--read-workers 0,2] [--baseline-read-workers 0]
 *
 * `--baseline REF` extracts that commit's src/ (git archive; or names a directory holding
 * an extracted tree) and runs its server on
 * the same databases, alternately with this checkout's, `--rounds` times each: the
 * same-run baseline. Rows are synthetic (bench/lib/synthetic-memories.ts) inserted
 * in bulk with insertMany; no vectors are backfilled and the server runs
 * keyword-only (embedder: null), so this measures the HTTP layer plus BM25 +
 * strength, recency and importance scoring, not an embedding model. The writer
 * POSTs /agents/:agent/memories (a durable `remember`), one at a time, at most
 * `--writes-per-second` (0: no writer), round-robin over the agents. `--read-workers`
 * lists the `readWorkers` settings of this checkout to run (each a variant of its own,
 * on the same databases; default 0); `--baseline-read-workers N` the baseline's (default 0).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runLoad } from './lib/autocannon-adapter.ts';
import { percentile, round } from './lib/stats.ts';
import { BENCH_SEARCHES } from './lib/search-queries.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    agents: { type: 'string', default: '1' },
    amount: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '60' },
    'writes-per-second': { type: 'string', default: '50' },
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    'read-workers': { type: 'string', default: '0' },
    'baseline-read-workers': { type: 'string', default: '0' },
  },
});
const size = Number(values.size);
const agentCount = Number(values.agents);
const amount = Number(values.amount);
const connections = Number(values.connections);
const maxSeconds = Number(values.seconds);
const writesPerSecond = Number(values['writes-per-second']);
const rounds = Number(values.rounds);
const agentIds = agentCount === 1 ? ['bench'] : Array.from({ length: agentCount }, (_, index) => `bench-${String(index).padStart(3, '0')}`);
const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-http-bench-'));

const QUERIES = BENCH_SEARCHES.map((body) => JSON.stringify({ ...body, recordAccess: false }));

/** The tree a variant's server runs from: this checkout, a directory holding src/, or `ref`'s src/ extracted beside the databases. */
function sourceOf(ref: string | undefined): string {
  if (ref === undefined) return checkout;
  if (fs.existsSync(path.join(ref, 'src/server/serve.ts'))) return path.resolve(ref);
  const directory = path.join(home, `src-${ref.replace(/[^\w.-]/g, '_')}`);
  fs.mkdirSync(directory);
  const archive = execFileSync('git', ['archive', ref, 'src', 'package.json'], { cwd: checkout, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', directory], { input: archive });
  fs.symlinkSync(path.join(checkout, 'node_modules'), path.join(directory, 'node_modules'));
  return directory;
}

/** Each variant's agents, written by its own code (a newer schema is refused by older code), in a home of its own. */
function loadAgents(source: string, variantHome: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(checkout, 'bench/lib/bench-load.ts'), '--home', variantHome, '--agents', agentIds.join(','), '--size', String(size), '--src', source], { cwd: checkout, stdio: 'inherit' });
}

async function startServerProcess(source: string, variantHome: string, readWorkers: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', path.join(checkout, 'bench/lib/bench-server.ts'), '--home', variantHome, '--src', source, '--read-workers', String(readWorkers)], { cwd: checkout, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  });
  return { url, child };
}

/**
 * The server process's CPU time so far, in ms, from /proc (Linux; null elsewhere): all its threads, or
 * its main thread alone (the event loop: not the keyword postings built in worker threads after opening).
 */
function cpuMsOf(child: ChildProcess, mainThread = false): number | null {
  try {
    const fields = fs.readFileSync(mainThread ? `/proc/${child.pid}/task/${child.pid}/stat` : `/proc/${child.pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command name: state is field 3, utime and stime fields 14 and 15 (clock ticks, 100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** CPU ms so far of each thread of the server process, by thread id (Linux; empty elsewhere). */
function threadCpuMsOf(child: ChildProcess): Map<number, number> {
  const threads = new Map<number, number>();
  try {
    for (const thread of fs.readdirSync(`/proc/${child.pid}/task`)) {
      const fields = fs.readFileSync(`/proc/${child.pid}/task/${thread}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      threads.set(Number(thread), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    }
  } catch {
    // A thread that ended between the listing and its read: the others stand.
  }
  return threads;
}

/**
 * The CPU each thread spent between two readings, per search: the event loop (main), the busiest
 * other thread (a read worker, when there is one), and all the rest (libuv, V8's helpers, postings builds).
 */
function threadSplit(before: Map<number, number>, after: Map<number, number>, mainThread: number, searches: number): { main: number; busiestOther: number; rest: number } {
  const spent = [...after].map(([thread, ms]) => ({ thread, ms: ms - (before.get(thread) ?? 0) }));
  const main = spent.find((entry) => entry.thread === mainThread)?.ms ?? 0;
  const others = spent.filter((entry) => entry.thread !== mainThread).sort((left, right) => right.ms - left.ms);
  const busiest = others[0]?.ms ?? 0;
  const rest = others.slice(1).reduce((total, entry) => total + entry.ms, 0);
  return { main: round(main / searches, 2), busiestOther: round(busiest / searches, 2), rest: round(rest / searches, 2) };
}

async function stopServerProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Stores memories one at a time, at most `perSecond`, until stopped; each write is acknowledged durable. */
function startWriter(url: string, perSecond: number): { stop: () => Promise<{ writes: number; failures: number; seconds: number; p95Ms: number }> } {
  let running = perSecond > 0;
  let writes = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const loop = (async () => {
    while (running) {
      const agentId = agentIds[writes % agentIds.length]!;
      const sent = performance.now();
      const response = await fetch(`${url}/agents/${agentId}/memories`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'observation', content: `written beside the searches ${writes}: billing cache replica latency ${Math.random()}`, importance: 0.4 }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status === 201 || response.status === 200) writes += 1;
      else failures += 1;
      const due = started + (writes + failures) * (1000 / perSecond);
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { writes, failures, seconds: round((performance.now() - started) / 1000, 2), p95Ms: latencies.length === 0 ? 0 : round(percentile(latencies, 95), 1) };
    },
  };
}

/** The server's CPU (all threads) per acknowledged write, with the writer alone for ten seconds. */
async function cpuPerWrite(child: ChildProcess, url: string): Promise<number | null> {
  const before = cpuMsOf(child);
  const writer = startWriter(url, writesPerSecond);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const { writes } = await writer.stop();
  const after = cpuMsOf(child);
  return before === null || after === null || writes === 0 ? null : (after - before) / writes;
}

async function measure(source: string, variantHome: string, readWorkers: number) {
  const { url, child } = await startServerProcess(source, variantHome, readWorkers);
  try {
    let next = 0;
    const request = {
      method: 'POST' as const,
      path: `/agents/${agentIds[0]}/search`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (sent: { body?: string; path?: string }) => {
        const index = next++;
        return { ...sent, path: `/agents/${agentIds[index % agentIds.length]}/search`, body: QUERIES[index % QUERIES.length]! };
      },
    };
    // Opens every agent and warms the page and statement caches, and waits for the keyword postings each
    // engine builds in a worker after opening (seconds at 100k, longer on a loaded machine): batches run
    // until one is no faster than the one before (p50 within 10%), for at most two minutes.
    const warmStarted = performance.now();
    let previous = Number.POSITIVE_INFINITY;
    for (;;) {
      const warm = await runLoad({ url, connections: 2, amount: Math.max(200, agentIds.length * 5), timeout: 30, requests: [request] }, 60);
      const p50 = percentile(warm.latencies, 50);
      if (p50 > 0.9 * previous || performance.now() - warmStarted > 120_000) break;
      previous = p50;
    }
    const writer = startWriter(url, writesPerSecond);
    const cpuBefore = cpuMsOf(child);
    const mainCpuBefore = cpuMsOf(child, true);
    const threadsBefore = threadCpuMsOf(child);
    const loadBefore = os.loadavg()[0]!;
    const { result, latencies, seconds } = await runLoad({ url, connections, amount, timeout: 30, requests: [request] }, maxSeconds);
    const cpuAfter = cpuMsOf(child);
    const mainCpuAfter = cpuMsOf(child, true);
    const threadsAfter = threadCpuMsOf(child);
    const loadAfter = os.loadavg()[0]!;
    const written = await writer.stop();
    // The writer alone for a while, at the same rate: the server's CPU per write, so the searches' own CPU can be told
    // from the writer's share (which per search grows as searches/s falls). A read worker replays the writes at its
    // next search: that part stays in the searches' figure.
    const writesAlone = writesPerSecond > 0 ? await cpuPerWrite(child, url) : null;
    // The same server answering GET /health: what the HTTP layer alone costs, for comparison.
    const health = await runLoad({ url, connections, amount: 2000, timeout: 30, requests: [{ method: 'GET', path: '/health' }] }, 20);
    return {
      searchesPerSecond: round(result.requests.total / seconds, 1),
      latencyMs: { p50: round(percentile(latencies, 50), 1), p95: round(percentile(latencies, 95), 1), p99: round(percentile(latencies, 99), 1) },
      searches: result.requests.total,
      // The server's CPU (every thread) while the searches ran, writes beside them included, per search.
      serverCpuMsPerSearch: cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / result.requests.total, 2),
      mainThreadCpuMsPerSearch: mainCpuBefore === null || mainCpuAfter === null ? null : round((mainCpuAfter - mainCpuBefore) / result.requests.total, 2),
      threadCpuMsPerSearch: threadSplit(threadsBefore, threadsAfter, child.pid!, result.requests.total),
      // The machine's 1-minute load average as the searches began and ended (other sessions' work shows here).
      loadAverage: [round(loadBefore, 1), round(loadAfter, 1)],
      // The server's CPU a search with the writer's share taken out (its writes × CPU a write measured alone).
      searchOnlyCpuMsPerSearch: writesAlone === null || cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore - written.writes * writesAlone) / result.requests.total, 2),
      cpuMsPerWrite: writesAlone === null ? null : round(writesAlone, 2),
      errors: result.errors + result.timeouts + result.non2xx,
      writer: { writesPerSecond: round(written.writes / written.seconds, 1), p95Ms: written.p95Ms, failures: written.failures },
      health: { requestsPerSecond: round(health.result.requests.total / health.seconds, 1), p95Ms: round(percentile(health.latencies, 95), 2) },
    };
  } finally {
    await stopServerProcess(child);
  }
}

try {
  const readWorkerSettings = values['read-workers'].split(',').map(Number);
  const checkoutHome = path.join(home, 'variant-checkout');
  const variants = [
    ...(values.baseline === undefined ? [] : [{ name: `baseline ${values.baseline}`, source: sourceOf(values.baseline), home: path.join(home, 'variant-baseline'), readWorkers: Number(values['baseline-read-workers']) }]),
    ...readWorkerSettings.map((readWorkers) => ({ name: readWorkerSettings.length === 1 && readWorkers === 0 ? 'this checkout' : `this checkout, readWorkers ${readWorkers}`, source: checkout, home: checkoutHome, readWorkers })),
  ];
  // Variants of this checkout share its databases (same code, same schema); the baseline loads its own.
  for (const variant of variants.filter((variant, index) => variants.findIndex((other) => other.home === variant.home) === index)) {
    const loadStarted = performance.now();
    loadAgents(variant.source, variant.home);
    console.log(`${variant.name}: loaded ${agentIds.length} × ${size.toLocaleString()} memories in ${round((performance.now() - loadStarted) / 1000, 1)} s`);
  }

  const results: Record<string, Awaited<ReturnType<typeof measure>>[]> = {};
  for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
    for (const variant of roundIndex % 2 === 0 ? variants : [...variants].reverse()) {
      const measured = await measure(variant.source, variant.home, variant.readWorkers);
      (results[variant.name] ??= []).push(measured);
      console.log(`${variant.name}, round ${roundIndex + 1}: ${JSON.stringify(measured)}`);
    }
  }
  const summary = {
    agents: agentIds.length,
    memoriesPerAgent: size,
    embedder: 'none (keyword-only, no vectors)',
    connections,
    writesPerSecondAsked: writesPerSecond,
    variants: Object.fromEntries(
      Object.entries(results).map(([name, runs]) => [
        name,
        {
          searchesPerSecond: runs.map((run) => run.searchesPerSecond),
          p50Ms: runs.map((run) => run.latencyMs.p50),
          p95Ms: runs.map((run) => run.latencyMs.p95),
          serverCpuMsPerSearch: runs.map((run) => run.serverCpuMsPerSearch),
          mainThreadCpuMsPerSearch: runs.map((run) => run.mainThreadCpuMsPerSearch),
          busiestOtherThreadCpuMsPerSearch: runs.map((run) => run.threadCpuMsPerSearch.busiestOther),
          searchOnlyCpuMsPerSearch: runs.map((run) => run.searchOnlyCpuMsPerSearch),
          cpuMsPerWrite: runs.map((run) => run.cpuMsPerWrite),
          loadAverage: runs.map((run) => run.loadAverage),
          writesPerSecond: runs.map((run) => run.writer.writesPerSecond),
          healthPerSecond: runs.map((run) => run.health.requestsPerSecond),
          errors: runs.reduce((total, run) => total + run.errors + run.writer.failures, 0),
        },
      ]),
    ),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((value) => round(value, 1)),
  };
  console.log(JSON.stringify(summary));
  if (Object.values(summary.variants).some((variant) => variant.errors > 0)) process.exitCode = 1;
} finally {
  fs.rmSync(home, { recursive: true, force: true });
}

/**
 * CPU a search, this tree against another, in one process: the http bench's five searches through
 * `recallRelevant` (in process, as a read worker runs them), each engine on its own copy of an agent
 * bench/lib/bench-load.ts filled, alternating blocks of `--block` rounds of the five, the order
 * swapped each block. Prints each side's CPU a search (process.cpuUsage: every thread) and p50, and
 * how many searches' results (ids in order, scores) differ between the two trees.
 *
 *   npx tsx bench/search-cpu-pairs.bench.ts --home DIR --baseline-src DIR --baseline-home DIR
 *       [--agent bench] [--blocks 20] [--block 20] [--write] [--read-workers 0]
 *
 * `--baseline-src DIR` holds the other tree's src/ (e.g. `git archive c88b97c src | tar -x -C DIR`,
 * node_modules linked). `--write`: a `remember` before each search, the same on both sides, timed
 * apart (so the searches' CPU includes catching up with it, not the write); each write into a full
 * short-term ring deletes the memory it evicts, so the agent's seqs run ahead of its memories.
 * `--read-workers N`: the engines answer on N worker threads of their own (the server's way); the CPU
 * a search (every thread) then holds what a write costs the reader: its catch-up, and the pages its
 * SQLite connection reads again after each commit it sees.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandLine } from './lib/command-line.ts';
import { percentile, round } from './lib/stats.ts';
import { BENCH_SEARCHES } from './lib/search-queries.ts';

type Hippocampus = typeof import('../src/memory/hippocampus.ts');
type Engine = Awaited<ReturnType<Hippocampus['createHippocampus']>>;

const { option, flag } = commandLine();
const agentId = option('agent', 'bench');
const blocks = Number(option('blocks', '20'));
const block = Number(option('block', '20'));
const write = flag('write');
const readWorkers = Number(option('read-workers', '0'));
const here = path.resolve(import.meta.dirname, '..');

async function open(root: string, home: string): Promise<Engine> {
  const { createHippocampus } = (await import(pathToFileURL(path.join(root, 'src/memory/hippocampus.ts')).href)) as Hippocampus;
  // A fixed clock and ids counted the same on both sides: the same writes, the same scores.
  let ids = 0;
  const memory = await createHippocampus({ home, agentId, embedder: null, clock: { now: () => 1_795_700_000_000 }, generateId: () => `bench-write-${String(ids++).padStart(8, '0')}`, readWorkers });
  await memory.maintain();
  memory.start();
  return memory;
}

const sides = [
  { name: 'baseline', engine: await open(option('baseline-src', ''), option('baseline-home', '')), cpuMs: 0, wallMs: [] as number[], writeCpuMs: 0 },
  { name: 'this tree', engine: await open(here, option('home', '')), cpuMs: 0, wallMs: [] as number[], writeCpuMs: 0 },
];

async function search(engine: Engine, index: number): Promise<string> {
  const { query, ...options } = BENCH_SEARCHES[index]!;
  const results = await engine.recallRelevant(query, { ...options, recordAccess: false } as Parameters<Engine['recallRelevant']>[1]);
  return JSON.stringify(results.map((result) => [result.memory.id, result.score]));
}

// Warm both: pages, statements, the postings' catch-up.
for (let warm = 0; warm < 30; warm += 1) for (const side of sides) for (let index = 0; index < BENCH_SEARCHES.length; index += 1) await search(side.engine, index);

let differing = 0;
let compared = 0;
let written = 0;
for (let blockIndex = 0; blockIndex < blocks; blockIndex += 1) {
  const answers: string[][] = [[], []];
  const order = blockIndex % 2 === 0 ? [0, 1] : [1, 0];
  const writes = Array.from({ length: block * BENCH_SEARCHES.length }, (_, index) => `written ${written + index}: billing cache replica latency note`);
  for (const sideIndex of order) {
    const side = sides[sideIndex]!;
    for (let step = 0; step < block * BENCH_SEARCHES.length; step += 1) {
      if (write) {
        const writeStarted = process.cpuUsage();
        await side.engine.remember({ type: 'observation', content: writes[step]!, importance: 0.4 });
        const writeCpu = process.cpuUsage(writeStarted);
        side.writeCpuMs += (writeCpu.user + writeCpu.system) / 1000;
      }
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      answers[sideIndex]!.push(await search(side.engine, step % BENCH_SEARCHES.length));
      side.wallMs.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStarted);
      side.cpuMs += (cpu.user + cpu.system) / 1000;
    }
  }
  written += writes.length;
  for (let index = 0; index < answers[0]!.length; index += 1) {
    compared += 1;
    if (answers[0]![index] !== answers[1]![index]) differing += 1;
  }
}
for (const side of sides) {
  const searches = side.wallMs.length;
  console.log(`${side.name}: ${searches} searches, CPU ${round(side.cpuMs / searches, 3)} ms a search, p50 ${round(percentile(side.wallMs, 50), 3)} ms${write ? `, CPU ${round(side.writeCpuMs / searches, 3)} ms a write` : ''}`);
}
console.log(`results differing: ${differing} of ${compared} searches`);
for (const side of sides) await side.engine.stop();

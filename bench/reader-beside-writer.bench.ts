/**
 * A writer beside the searches, in one process: one engine answering on `--read-workers` threads (the
 * server's way), `--in-flight` of the http bench's five searches always under way, and a `remember`
 * every `--every` ms beside them, for `--seconds`. Prints the searches and writes done, and the CPU a
 * search of the engine's thread and of the other threads (the read worker's, mostly), from /proc.
 * Run it under strace to count how often the read worker's SQLite connection drops its page cache and
 * maps the file again (a WAL reader does at every commit it finds; docs/recall.md, r15-write):
 *
 *   npx tsx bench/reader-beside-writer.bench.ts --home DIR [--src DIR] [--agent bench] [--seconds 15]
 *       [--in-flight 8] [--every 20] [--read-workers 1]
 *   strace -f -qq -e trace=munmap,write -o OUT node --import tsx bench/reader-beside-writer.bench.ts …
 *
 * `--src DIR` runs another tree's src/ (e.g. `git archive c548947 src | tar -x -C DIR`). The lines
 * `MARK start` and `MARK end` bound the measured part in strace's output. The agent is changed: copy it first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandLine } from './lib/command-line.ts';
import { BENCH_SEARCHES } from './lib/search-queries.ts';

const { option } = commandLine();
const root = path.resolve(option('src', path.resolve(import.meta.dirname, '..')));
const seconds = Number(option('seconds', '15'));
const inFlight = Number(option('in-flight', '8'));
const every = Number(option('every', '20'));
const { createHippocampus } = (await import(pathToFileURL(path.join(root, 'src/memory/hippocampus.ts')).href)) as typeof import('../src/memory/hippocampus.ts');
let ids = 0;
const memory = await createHippocampus({
  home: option('home', ''),
  agentId: option('agent', 'bench'),
  embedder: null,
  readWorkers: Number(option('read-workers', '1')),
  clock: { now: () => 1_795_700_000_000 },
  generateId: () => `bench-write-${String(ids++).padStart(8, '0')}`,
});
await memory.maintain();
memory.start();

let asked = 0;
async function search(): Promise<void> {
  const { query, ...options } = BENCH_SEARCHES[asked++ % BENCH_SEARCHES.length]!;
  await memory.recallRelevant(query, { ...options, recordAccess: false } as Parameters<typeof memory.recallRelevant>[1]);
}

/** CPU ms so far of the engine's thread and of every other thread of the process. */
function threadCpu(): { main: number; others: number } {
  const tickMs = 1000 / 100;
  let main = 0;
  let others = 0;
  for (const thread of fs.readdirSync('/proc/self/task')) {
    const fields = fs.readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const used = (Number(fields[11]) + Number(fields[12])) * tickMs;
    if (Number(thread) === process.pid) main += used;
    else others += used;
  }
  return { main, others };
}

for (let warm = 0; warm < 50; warm += 1) await search();
process.stdout.write('MARK start\n');
const before = threadCpu();
const deadline = performance.now() + seconds * 1000;
let searches = 0;
let writes = 0;
async function searcher(): Promise<void> {
  while (performance.now() < deadline) {
    await search();
    searches += 1;
  }
}
async function writer(): Promise<void> {
  while (performance.now() < deadline) {
    const started = performance.now();
    await memory.remember({ type: 'observation', content: `written ${writes}: billing cache replica latency note`, importance: 0.4 });
    writes += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, every - (performance.now() - started))));
  }
}
await Promise.all([writer(), ...Array.from({ length: inFlight }, searcher)]);
const after = threadCpu();
process.stdout.write('MARK end\n');
const perSearch = (ms: number) => Math.round((ms / searches) * 1000) / 1000;
console.log(JSON.stringify({ src: root, searches, writes, mainCpuMsPerSearch: perSearch(after.main - before.main), otherThreadsCpuMsPerSearch: perSearch(after.others - before.others) }));
await memory.stop();

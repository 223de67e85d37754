/**
 * A `remember` on PostgreSQL, this tree against another, in one process: each tree's engine on its own
 * database of one server, the short-term ring filled first (so every write also evicts a memory), then
 * alternating blocks of `--per` writes, the order swapped each block. Prints each side's median wall ms a
 * write, this process's CPU a write (the engine and the `pg` client) and the server's (every `postgres`
 * process, from /proc).
 *
 *   npx tsx bench/postgres-write-pairs.bench.ts --baseline-src DIR [--url postgres://…/postgres] [--blocks 12] [--per 100]
 *
 * `--baseline-src DIR` holds the other tree's src/ (`git archive c548947 src | tar -x -C DIR`, node_modules
 * linked). Without `--url` it starts a throwaway Debian PostgreSQL, which runs with `fsync=off` (a test
 * server: commits cost no flush); give `--url` of a server started with fsync on to count the flushes.
 * The server's CPU is read for processes named `postgres` on this machine: run nothing else on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startPostgresServer } from '../src/testing/postgres-server.ts';
import { createTempHome } from '../src/testing/temp-home.ts';
import { commandLine } from './lib/command-line.ts';
import { percentile, round } from './lib/stats.ts';

type Engine = Awaited<ReturnType<(typeof import('../src/memory/hippocampus.ts'))['createHippocampus']>>;

const { option } = commandLine();
const baselineSrc = path.resolve(option('baseline-src', ''));
const blocks = Number(option('blocks', '12'));
const per = Number(option('per', '100'));
const url = option('url', '');

const server = url === '' ? await startPostgresServer() : undefined;
const adminUrl = server?.url ?? url;
const databaseUrl = async (name: string): Promise<string> => {
  if (server !== undefined) return server.createDatabase(name);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name}`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const database = new URL(adminUrl);
  database.pathname = `/${name}`;
  return database.href;
};

/** CPU ms of every `postgres` process so far (utime + stime, clock ticks of 10 ms). */
function serverCpuMs(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!stat.includes('(postgres)')) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

const homes: Array<() => void> = [];
const sides: Array<{ name: string; memory: Engine; wall: number[]; cpu: number[]; server: number[] }> = [];
for (const [name, root] of [
  ['baseline', baselineSrc],
  ['this_tree', path.resolve(import.meta.dirname, '../src')],
] as const) {
  const { createHippocampus } = (await import(pathToFileURL(path.join(root, 'memory/hippocampus.ts')).href)) as typeof import('../src/memory/hippocampus.ts');
  const { createHashEmbedder } = (await import(pathToFileURL(path.join(root, 'testing/hash-embedder.ts')).href)) as typeof import('../src/testing/hash-embedder.ts');
  const { home, cleanup } = createTempHome('hippocampus-pg-writes-');
  homes.push(cleanup);
  const memory = await createHippocampus({ home, agentId: 'ada', store: await databaseUrl(name), embedder: createHashEmbedder() });
  // Past the ring's 100: from here on each write evicts one.
  for (let i = 0; i < 150; i++) await memory.remember({ type: 'observation', content: `warm-up ${i}: the invoice migration for billing` });
  sides.push({ name, memory, wall: [], cpu: [], server: [] });
}

for (let block = 0; block < blocks; block++) {
  for (const side of block % 2 === 0 ? sides : [...sides].reverse()) {
    const cpu = process.cpuUsage();
    const serverBefore = serverCpuMs();
    const start = performance.now();
    for (let i = 0; i < per; i++) await side.memory.remember({ type: 'observation', content: `block ${block} write ${i}: the customer asked about invoice ${i * 7} and the billing migration` });
    side.wall.push((performance.now() - start) / per);
    const used = process.cpuUsage(cpu);
    side.cpu.push((used.user + used.system) / 1000 / per);
    side.server.push((serverCpuMs() - serverBefore) / per);
  }
}

const report: Record<string, { wallMs: number; cpuMs: number; serverCpuMs: number }> = {};
for (const side of sides) {
  report[side.name] = { wallMs: round(percentile(side.wall, 50)), cpuMs: round(percentile(side.cpu, 50)), serverCpuMs: round(percentile(side.server, 50)) };
  console.log(`${side.name}: blocks' wall ms a write ${side.wall.map((ms) => round(ms, 2)).join(', ')}`);
  await side.memory.stop();
}
await server?.stop();
for (const cleanup of homes) cleanup();
console.log(JSON.stringify({ blocks, per, fsync: server === undefined ? 'as the server given' : 'off', ...report }));

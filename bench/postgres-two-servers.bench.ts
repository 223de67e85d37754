/**
 * Two `hippocampus serve --store postgres://…` processes on one database under concurrent load
 * (autocannon on 127.0.0.1): writes of unique memories to one shared agent through both servers at
 * once, searches beside them. Afterwards every acknowledged write (201) must be in the database once:
 * zero errors, zero lost, zero duplicated rows.
 *
 *   npx tsx bench/postgres-two-servers.bench.ts [--writes 2000] [--connections 8]
 *
 * Keyword-only servers (`--keyword-only`): this measures the write path shared across processes (the
 * agent's advisory lock, one transaction a write), not an embedding model.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgresServer } from '../src/testing/postgres-server.ts';
import { runLoad } from './lib/autocannon-adapter.ts';
import { percentile, round } from './lib/stats.ts';

const { values } = parseArgs({ options: { writes: { type: 'string', default: '2000' }, connections: { type: 'string', default: '8' } } });
const writes = Number(values.writes);
const connections = Number(values.connections);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const agent = 'shared';

async function startServe(url: string, home: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(root, 'bin/hippocampus.js'), '--home', home, '--store', url, 'serve', '--port', '0', '--keyword-only', '--consolidate-at', 'never'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}

const database = await startPostgresServer();
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-two-servers-'));
const servers: { child: ChildProcess; url: string }[] = [];
try {
  servers.push(await startServe(database.url, path.join(home, 'one')), await startServe(database.url, path.join(home, 'two')));
  // The agent exists before the load (its first write binds nothing: keyword-only).
  const first = await fetch(`${servers[0]!.url}/agents/${agent}/memories`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'observation', content: 'the shared agent begins' }) });
  if (first.status !== 201) throw new Error(`first write answered ${first.status}`);

  const acknowledged = [0, 0];
  const runs = servers.map((server, index) => {
    let next = 0;
    const write = {
      method: 'POST' as const,
      path: `/agents/${agent}/memories`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (sent: { body?: string }) => ({ ...sent, body: JSON.stringify({ type: 'observation', content: `server ${index} write ${next++} about billing migrations`, importance: 0.7 }) }),
    };
    const search = { method: 'POST' as const, path: `/agents/${agent}/search`, headers: { 'content-type': 'application/json' }, setupRequest: (sent: { body?: string }) => ({ ...sent, body: JSON.stringify({ query: 'billing migrations', limit: 5, recordAccess: false }) }) };
    const load = runLoad({ url: server.url, connections, amount: writes + writes / 2, timeout: 30, requests: [write, write, search] }, 300);
    return load;
  });
  const started = performance.now();
  const results = await Promise.all(runs);
  const seconds = (performance.now() - started) / 1000;

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ total: string; distinct_contents: string }>("SELECT count(*) AS total, count(DISTINCT content) AS distinct_contents FROM memories WHERE agent_id = $1 AND content LIKE 'server %'", [agent]);
  const perServer = await client.query<{ server: string; n: string }>("SELECT split_part(content, ' ', 2) AS server, count(*) AS n FROM memories WHERE agent_id = $1 AND content LIKE 'server %' GROUP BY 1 ORDER BY 1", [agent]);
  await client.end();
  // A write is acknowledged by 201 Created (a search answers 200): each must be in the database once.
  results.forEach((run, index) => (acknowledged[index] = run.statusCounts.get(201) ?? 0));
  const latencies = results.flatMap((run) => run.latencies);
  const summary = {
    servers: 2,
    connectionsPerServer: connections,
    requests: results.reduce((sum, run) => sum + run.result.requests.total, 0),
    seconds: round(seconds, 1),
    requestsPerSecond: round(results.reduce((sum, run) => sum + run.result.requests.total, 0) / seconds, 1),
    latencyMs: { p50: round(percentile(latencies, 50), 1), p95: round(percentile(latencies, 95), 1) },
    errors: results.reduce((sum, run) => sum + run.result.errors + run.result.timeouts, 0),
    non2xx: results.reduce((sum, run) => sum + run.result.non2xx, 0),
    rowsWritten: Number(rows[0]!.total),
    distinctContents: Number(rows[0]!.distinct_contents),
    rowsPerServer: Object.fromEntries(perServer.rows.map((row) => [row.server, Number(row.n)])),
    expectedPerServer: acknowledged,
  };
  console.log(JSON.stringify(summary, null, 2));
  const lost = acknowledged.some((count, index) => summary.rowsPerServer[String(index)] !== count);
  const duplicated = summary.rowsWritten !== summary.distinctContents;
  console.log(`${summary.errors === 0 && summary.non2xx === 0 && !lost && !duplicated ? 'OK' : 'FAILED'}: errors ${summary.errors}, non-2xx ${summary.non2xx}, lost ${lost ? 'yes' : 0}, duplicated ${duplicated ? 'yes' : 0}`);
  if (summary.errors > 0 || summary.non2xx > 0 || lost || duplicated) process.exitCode = 1;
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await database.stop();
  fs.rmSync(home, { recursive: true, force: true });
}

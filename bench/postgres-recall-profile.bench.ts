// Where an uncached recallRelevant's time goes on PostgreSQL, per statement: each query the backend
// makes is timed in process (round trip included), and pg_stat_statements (when the server preloads it)
// gives the server's own time, rows and buffers per statement. Wall time on a shared machine is noisy;
// the buffers and rows are not.
// npx tsx bench/postgres-recall-profile.bench.ts --store postgres://… --agent scale-100000 [--home DIR]
//   [--questions 100] [--from 220] [--data ../shared/data/locomo]
// --home: the directory the scale bench kept its PostgreSQL engines in (DIR/postgres-engines).
import os from 'node:os';
import path from 'node:path';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import type { PostgresBackend } from '../src/stores/postgres/postgres-backend.ts';
import { round, summarize } from './lib/stats.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const store = option('store', '');
if (!store.startsWith('postgres')) throw new Error('--store postgres://… is required');
const agentId = option('agent', 'scale-100000');
const home = path.join(path.resolve(option('home', os.tmpdir())), 'postgres-engines');
const count = Number(option('questions', '100'));
const from = Number(option('from', '220'));
const conversations = loadLocomoDirectory(option('data', '../shared/data/locomo'));
const questions = [...new Set(conversations.flatMap((conversation) => conversation.questions.map((question) => question.question)))].slice(from, from + count);

const embedder = createUseLiteEmbedder();
const memory = await createHippocampus({ agentId, embedder, store, home });
const database = (memory.backend as PostgresBackend).database;
// Warm the process (model, prepared statements), not the questions asked below.
await memory.recallRelevant('warm up the process', { recordAccess: false });

const byStatement = new Map<string, number[]>();
const original = database.rows.bind(database);
database.rows = async (sql, params) => {
  const started = performance.now();
  try {
    return await original(sql, params);
  } finally {
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 110);
    byStatement.set(key, [...(byStatement.get(key) ?? []), performance.now() - started]);
  }
};
// A read transaction (pgvector's HNSW search: BEGIN, SET LOCAL ef_search and iterative_scan, the search, COMMIT) is timed
// whole: its statements go to the transaction's client, not through database.rows.
const originalTransaction = database.readTransaction.bind(database);
database.readTransaction = async (work) => {
  const started = performance.now();
  try {
    return await originalTransaction(work);
  } finally {
    const key = 'readTransaction (BEGIN ... COMMIT: the HNSW search on pgvector)';
    byStatement.set(key, [...(byStatement.get(key) ?? []), performance.now() - started]);
  }
};
const [extension] = await original<{ present: boolean }>("SELECT count(*) > 0 AS present FROM pg_extension WHERE extname = 'pg_stat_statements'");
if (extension?.present) await original('SELECT pg_stat_statements_reset()');

const walls: number[] = [];
for (const question of questions) {
  const started = performance.now();
  await memory.recallRelevant(question, { recordAccess: false });
  walls.push(performance.now() - started);
}
console.log(`${questions.length} uncached recalls of ${agentId}, load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}: wall ${JSON.stringify(summarize(walls))}`);
console.log('in process (round trip included), per statement: calls, p50, p95, total ms per recall');
for (const [sql, times] of [...byStatement].sort((left, right) => right[1].reduce((a, b) => a + b, 0) - left[1].reduce((a, b) => a + b, 0))) {
  const summary = summarize(times);
  console.log(`  ${String(times.length).padStart(4)} ${String(summary.p50).padStart(6)} ${String(summary.p95).padStart(6)} ${String(round(times.reduce((a, b) => a + b, 0) / questions.length, 2)).padStart(6)}  ${sql}`);
}
if (extension?.present) {
  const rows = await original<{ query: string; calls: string; mean: number; total: number; rows: string; hit: string; read: string; read_ms: number }>(
    `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls, mean_exec_time AS mean, total_exec_time AS total, rows, shared_blks_hit AS hit, shared_blks_read AS read, blk_read_time AS read_ms
     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 15`,
  );
  console.log('server (pg_stat_statements): calls, mean ms, ms per recall, rows per call, buffers hit / read per call, read ms per call');
  for (const row of rows) {
    const calls = Number(row.calls);
    console.log(
      `  ${String(calls).padStart(4)} ${String(round(row.mean, 2)).padStart(6)} ${String(round(row.total / questions.length, 2)).padStart(6)} ${String(round(Number(row.rows) / calls, 0)).padStart(5)} ${String(round(Number(row.hit) / calls, 0)).padStart(6)} / ${String(round(Number(row.read) / calls, 0)).padStart(5)} ${String(round(row.read_ms / calls, 2)).padStart(5)}  ${row.query.slice(0, 110)}`,
    );
  }
}
await memory.stop();

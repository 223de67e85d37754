// npx tsx bench/write-cost.bench.ts [--size 100000] [--vectors] [--without name,name] [--sql "stmt; stmt"] [--data ../shared/data/locomo]
// Where the cost of a bulk write goes as an agent grows: loads `size` memories through the
// SQLite store in batches of 5,000 (as bench:scale does) and prints, per 25k, the mean time
// of one batch's store.insertMany and (with --vectors) vectors.upsert, and the WAL pages the
// batch wrote. Attribution is by experiment: --without drops the named indexes/triggers after
// the schema is made, --sql runs statements on the connection first (pragmas, FTS5 config),
// and two runs are compared. --attribute does it inside one run: at each 25k it also writes
// the next batch once per variant (the named indexes/triggers dropped) in a transaction that
// is rolled back, so every variant meets the same database at the same moment. The last line is JSON: { "<rows>": { insertMs, vectorMs, walPages } }.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { createSqliteBackend } from '../src/stores/sqlite/sqlite-backend.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import { perturbed, scaleMemory, sentenceVectors } from './lib/scale-memories.ts';
import { round } from './lib/stats.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const size = Number(option('size', '100000'));
const withVectors = args.includes('--vectors');
const without = option('without', '').split(',').filter((name) => name !== '');
const statements = option('sql', '');
const attribute = args.includes('--attribute');
/** What each attribution variant drops (none: the schema as it is). */
const VARIANTS: Record<string, string[]> = {
  schema: [],
  'verbatim index': ['memories_verbatim'],
  'order indexes': ['memories_agent_time', 'memories_agent_importance', 'memories_agent_type', 'memories_agent_domain'],
  'context indexes': ['memories_user', 'memories_room', 'memories_task', 'memories_reply_to', 'memories_source_hash'],
  'fts5 insert': ['memories_fts_insert'],
  'keyword log': ['memory_keyword_changes_insert'],
};
VARIANTS['row only'] = Object.values(VARIANTS).flat();
const conversations = loadLocomoDirectory(option('data', '../shared/data/locomo'));
const sentences = [...new Set(conversations.flatMap((conversation) => conversation.turns.map((turn) => turn.content)))];
const embedder = createUseLiteEmbedder();
const vectors = withVectors ? await sentenceVectors(embedder, sentences) : [];

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-write-cost-'));
const backend = createSqliteBackend({ home });
const agentId = 'write-cost';
const scope = { agentId };
const db = backend.pool.connection(agentId);
if (withVectors) await backend.vectors.bind(scope, { provider: embedder.provider, modelId: embedder.modelId, dimensions: embedder.dimensions });
function drop(names: string[]): void {
  for (const name of names) {
    const kind = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck().get(name) as string | undefined;
    if (kind !== 'index' && kind !== 'trigger') throw new Error(`${name} is not an index or trigger`);
    db.exec(`DROP ${kind.toUpperCase()} ${name}`);
  }
}
drop(without);

/** CPU ms of writing the batch after `rows` once per variant, each rolled back. */
async function attributeAt(rows: number): Promise<Record<string, number>> {
  const batch = Array.from({ length: BATCH }, (_, offset) => scaleMemory(sentences, agentId, rows + offset, now));
  const costs: Record<string, number> = {};
  for (const [variant, names] of Object.entries(VARIANTS)) {
    db.exec('BEGIN IMMEDIATE');
    try {
      drop(names.filter((name) => !without.includes(name)));
      const before = process.cpuUsage();
      await backend.store.insertMany(scope, batch);
      const cpu = process.cpuUsage(before);
      costs[variant] = round((cpu.user + cpu.system) / 1000, 0);
    } finally {
      db.exec('ROLLBACK');
    }
  }
  return costs;
}
if (statements !== '') db.exec(statements);
console.log(`write cost — ${size} memories${withVectors ? ' with vectors' : ''}${without.length > 0 ? `, without ${without.join(', ')}` : ''}${statements ? `, ${statements}` : ''}; load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);

const BATCH = 5_000;
const WINDOW = 25_000;
const now = Date.now();
const results: Record<string, { insertMs: number; insertCpuMs: number; vectorMs: number; walPages: number; attributionCpuMs?: Record<string, number> }> = {};
let window = { insert: 0, cpu: 0, vector: 0, pages: 0, batches: 0 };
for (let start = 0; start < size; start += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, size - start) }, (_, offset) => scaleMemory(sentences, agentId, start + offset, now));
  // The batch's own frames: checkpoint what came before (timed with the batch, as the
  // auto-checkpoint at commit would be), so the WAL restarts at this batch's first write.
  let started = performance.now();
  const cpuBefore = process.cpuUsage();
  db.pragma('wal_checkpoint(PASSIVE)');
  await backend.store.insertMany(scope, batch);
  window.insert += performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  window.cpu += (cpu.user + cpu.system) / 1000;
  window.pages += (db.pragma('wal_checkpoint(NOOP)') as { log: number }[])[0]?.log ?? 0;
  if (withVectors) {
    started = performance.now();
    await backend.vectors.upsert(scope, batch.map((record, offset) => ({ id: record.id, vector: perturbed(vectors[(start + offset) % vectors.length]!, start + offset) })));
    window.vector += performance.now() - started;
  }
  window.batches += 1;
  const rows = start + batch.length;
  if (rows % WINDOW === 0 || rows === size) {
    const entry = { insertMs: round(window.insert / window.batches, 0), insertCpuMs: round(window.cpu / window.batches, 0), vectorMs: round(window.vector / window.batches, 0), walPages: round(window.pages / window.batches, 0) };
    results[`${rows}`] = entry;
    console.log(`${String(rows).padStart(8)} rows: insertMany ${entry.insertMs} ms/5k (CPU ${entry.insertCpuMs} ms), vectors ${entry.vectorMs} ms/5k, WAL frames ${entry.walPages}/5k`);
    if (attribute && rows < size) {
      const costs = await attributeAt(rows);
      results[`${rows}`] = { ...entry, attributionCpuMs: costs };
      console.log(`          next 5k, CPU ms, rolled back: ${Object.entries(costs).map(([variant, ms]) => `${variant} ${ms}`).join(', ')}`);
    }
    window = { insert: 0, cpu: 0, vector: 0, pages: 0, batches: 0 };
  }
}
await backend.close();
fs.rmSync(home, { recursive: true, force: true });
console.log(JSON.stringify(results));

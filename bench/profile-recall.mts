import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { syntheticMemories } from './lib/synthetic-memories.ts';
import { createSqliteConnectionPool } from '../src/stores/sqlite/connection-pool.ts';
import { buildWhere, buildOrder } from '../src/stores/sqlite/query-builder.ts';
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const agentId = 'p';
const memory = await createHippocampus({ home, agentId, });
for (let s = 0; s < 100_000; s += 5000) await memory.store.insertMany({ agentId }, syntheticMemories(agentId, 5000, s));
const pool = createSqliteConnectionPool({ home });
const db = pool.connection(agentId);
const queries = [
  { types: ['decision' as const], minImportance: 0.5, limit: 20 },
  { tags: ['billing'], limit: 20 },
  { domain: 'user', since: Date.now() - 30 * 24 * 3600_000, limit: 20 },
  { types: ['error' as const, 'insight' as const], tags: ['latency'], minImportance: 0.7, limit: 10 },

];
for (const q of queries) {
  const w = buildWhere({ agentId }, q);
  const sql = `SELECT m.id FROM memories m WHERE ${w.sql} ORDER BY ${buildOrder(q)} LIMIT 20`;
  console.log(JSON.stringify(q), db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...w.params).map((r: any) => r.detail).join(' | '));
  const t = performance.now();
  for (let i = 0; i < 20; i++) await memory.recall(q as never);
  console.log('  recall ms', (performance.now() - t) / 20);
  let t2 = performance.now();
  for (let i = 0; i < 20; i++) db.prepare(sql).all(...w.params);
  console.log('  raw id query ms', (performance.now() - t2) / 20);
  t2 = performance.now();
  for (let i = 0; i < 20; i++) await memory.store.query({ agentId }, q as never);
  console.log('  store.query ms', (performance.now() - t2) / 20);
  const ids = (await memory.store.query({ agentId }, q as never)).map((r) => r.id);
  t2 = performance.now();
  for (let i = 0; i < 20; i++) await memory.store.recordAccess({ agentId }, ids, { at: Date.now(), importanceBoost: 0.01, intensityBoost: 0.02 });
  console.log('  recordAccess ms', (performance.now() - t2) / 20);
}
await memory.stop();
fs.rmSync(home, { recursive: true });

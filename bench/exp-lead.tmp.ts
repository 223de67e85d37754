import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORGET_NOTHING_STORED, FORGET_SCENARIOS } from '../src/forget/fixtures/forget-cases.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { cosineSimilarity } from '../src/working/similarity.ts';
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'exp-'));
const memory = await createHippocampus({ home, agentId: 'forget' });
const contents = [...new Set(FORGET_SCENARIOS.flatMap((s) => [s.target, ...s.nearMisses]))];
const mem = (await memory.embedder!.doEmbed({ values: contents })).embeddings;
const cases = FORGET_SCENARIOS.flatMap((s, si) => s.descriptions.map((d) => ({ d, t: s.target, si }))).concat(FORGET_NOTHING_STORED.map((d) => ({ d, t: '', si: -1 })));
const q = (await memory.embedder!.doEmbed({ values: cases.map((c) => c.d) })).embeddings;
const rows: { good: boolean; lead: number; z: number; s1: number; d: string; top: string }[] = [];
cases.forEach((c, i) => {
  const sims = contents.map((m, j) => ({ m, s: cosineSimilarity(q[i]!, mem[j]!) })).sort((a, b) => b.s - a.s);
  const rest = sims.slice(1, 11).map((x) => x.s);
  const mean = rest.reduce((a, b) => a + b, 0) / rest.length;
  const sd = Math.sqrt(rest.reduce((a, b) => a + (b - mean) ** 2, 0) / rest.length);
  rows.push({ good: sims[0]!.m === c.t, lead: sims[0]!.s - sims[1]!.s, z: (sims[0]!.s - mean) / sd, s1: sims[0]!.s, d: c.d, top: sims[0]!.m });
});
for (const key of ['lead', 'z'] as const) {
  const bad = rows.filter((r) => !r.good).sort((a, b) => b[key] - a[key]);
  const worst = bad[0]![key];
  const good = rows.filter((r) => r.good && r[key] > worst).length;
  console.log(key, 'max bad', worst.toFixed(3), bad.slice(0, 4).map((r) => `${r.d} → ${r.top} ${r[key].toFixed(3)}`).join(' ; '), '| good above:', good, 'of', rows.filter((r) => r.good).length);
}
await memory.stop();
fs.rmSync(home, { recursive: true, force: true });

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forgetByDescription } from '../src/forget/forget-by-description.ts';
import { FORGET_SCENARIOS } from '../src/forget/fixtures/forget-cases.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'diag-'));
const memory = await createHippocampus({ home, agentId: 'forget' });
await memory.rememberMany(FORGET_SCENARIOS.flatMap((s) => [s.target, ...s.nearMisses]).map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
const wanted = fs.readFileSync(0, 'utf8').split('\n').filter(Boolean);
for (const d of wanted) {
  const r = await forgetByDescription(memory, d, { dryRun: true });
  console.log(`## ${d}`);
  for (const m of r.deleted) console.log(`  DEL ${m.similarity?.toFixed(3)} ${m.content} — ${m.why}`);
  for (const m of r.candidates.slice(0, 5)) console.log(`  cand ${m.similarity?.toFixed(3)} ${m.content} — ${m.why}`);
}
await memory.stop();
fs.rmSync(home, { recursive: true, force: true });

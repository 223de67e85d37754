import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORGET_NOTHING_STORED, FORGET_SCENARIOS } from '../src/forget/fixtures/forget-cases.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { withoutRequest } from '../src/forget/description-words.ts';
import { cosineSimilarity } from '../src/working/similarity.ts';
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'exp-'));
const memory = await createHippocampus({ home, agentId: 'forget' });
const contents = [...new Set(FORGET_SCENARIOS.flatMap((s) => [s.target, ...s.nearMisses]))];
const mem = (await memory.embedder!.doEmbed({ values: contents })).embeddings;
const statement = (d: string) => withoutRequest(d).trim()
  .replace(/^(?:what|everything|anything)\s+(?:I|we)\s+(?:said|told\s+you|mentioned|shared|wrote)\s+about\s+/iu, '')
  .replace(/^(?:the\s+)?(?:stuff|thing|things|bit)\s+about\s+/iu, '')
  .replace(/^(?:about\s+|that\s+)/iu, '')
  .replace(/\s+(?:thing|stuff|situation)$/iu, '')
  .replace(/^the\s+/iu, '').trim();
const cases = FORGET_SCENARIOS.flatMap((s) => s.descriptions.map((d) => ({ d, t: s.target }))).concat(FORGET_NOTHING_STORED.map((d) => ({ d, t: '' })));
const forms = { raw: (d: string) => d, stmt: statement };
const out: string[] = [];
for (const [name, f] of Object.entries(forms)) {
  const texts = cases.map((c) => f(c.d));
  const q = (await memory.embedder!.doEmbed({ values: texts })).embeddings;
  let top1 = 0, lead10 = 0, negLead = [] as number[];
  cases.forEach((c, i) => {
    const sims = contents.map((m, j) => ({ m, s: cosineSimilarity(q[i]!, mem[j]!) })).sort((a, b) => b.s - a.s);
    if (c.t) {
      const lead = sims[0]!.m === c.t ? sims[0]!.s - sims[1]!.s : -1;
      if (sims[0]!.m === c.t) top1++;
      if (lead >= 0.1) lead10++;
      out.push(`${name}\t${c.d}\t${texts[i]}\t${sims.find((x) => x.m === c.t)!.s.toFixed(3)}\t${lead.toFixed(3)}`);
    } else negLead.push(sims[0]!.s - sims[1]!.s);
  });
  console.log(name, 'top1', top1, 'lead>=0.1', lead10, 'of', cases.filter((c) => c.t).length, 'negatives lead>=0.1:', negLead.filter((x) => x >= 0.1).length, 'max neg lead', Math.max(...negLead).toFixed(3));
}
fs.writeFileSync('/tmp/r6/stmt.tsv', out.join('\n'));
await memory.stop();
fs.rmSync(home, { recursive: true, force: true });

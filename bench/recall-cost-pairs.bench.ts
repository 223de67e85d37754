// What recall options cost on a large agent, in CPU as well as wall time: every LoCoMo question (past
// the first 20, which warm the caches) recalled once — so its embedding is not cached — the defaults
// and the given options alternating question by question, the order swapped each round, in one
// process on an agent a run of bench/recall-scale.bench.ts --home left (its `scale-100000`).
// CPU time (process.cpuUsage) moves less with other sessions' load than wall time.
//
// npx tsx bench/recall-cost-pairs.bench.ts --home DIR [--agent scale-100000] [--data ../shared/data/locomo]
//   [--rounds 2] --with '{"speakerFreeQuery": true}'
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import { commandLine } from './lib/command-line.ts';
import { summarize } from './lib/stats.ts';

const { option } = commandLine();
const home = option('home', '');
const agentId = option('agent', 'scale-100000');
const rounds = Number(option('rounds', '2'));
const withOptions = JSON.parse(option('with', '{}')) as Record<string, unknown>;
const questions = [...new Set(loadLocomoDirectory(option('data', '../shared/data/locomo')).flatMap((conversation) => conversation.questions.map((question) => question.question)))];

const memory = await createHippocampus({ home, agentId, embedder: createUseLiteEmbedder() });
await memory.backend.vectors.maintain({ agentId });
await memory.backend.keywords.maintain({ agentId });
for (const question of questions.slice(0, 20)) await memory.recallRelevant(question, { recordAccess: false });
const variants = { defaults: { wall: [] as number[], cpu: 0 }, with: { wall: [] as number[], cpu: 0 } };
const perRound = Math.floor((questions.length - 20) / rounds);
for (let round = 0; round < rounds; round += 1) {
  for (const [index, question] of questions.slice(20 + round * perRound, 20 + (round + 1) * perRound).entries()) {
    const name = (index + round) % 2 === 0 ? 'with' : 'defaults';
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await memory.recallRelevant(question, { recordAccess: false, ...(name === 'with' ? withOptions : {}) });
    variants[name].wall.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    variants[name].cpu += (cpu.user + cpu.system) / 1000;
  }
}
await memory.stop();
for (const [name, variant] of Object.entries(variants)) {
  const wall = summarize(variant.wall);
  console.log(`${name === 'with' ? JSON.stringify(withOptions) : 'defaults'}: ${variant.wall.length} recalls, p50 ${wall.p50} ms, p95 ${wall.p95} ms, CPU ${(variant.cpu / variant.wall.length).toFixed(2)} ms a recall`);
}

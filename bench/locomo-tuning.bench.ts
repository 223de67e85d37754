// Weight tuning for recallRelevant on LoCoMo: ingests once into a kept home
// (LOCOMO_HOME, default /tmp/hippocampus-locomo-tuning), then scores a grid of
// settings without recording accesses, so every setting sees the same state.
// npx tsx bench/locomo-tuning.bench.ts [--data ../shared/data/locomo] [--grid '<json list of recall options>']
import fs from 'node:fs';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { RECALL_KS } from '../src/evaluation/locomo-benchmark.ts';
import { commandLine } from './lib/command-line.ts';

const { option } = commandLine();
const data = option('data', '../shared/data/locomo');
const home = process.env.LOCOMO_HOME ?? '/tmp/hippocampus-locomo-tuning';
const grid = JSON.parse(option('grid', '[{}]')) as Record<string, unknown>[];
const conversations = loadLocomoDirectory(data);

if (!fs.existsSync(home)) {
  for (const conversation of conversations) {
    const memory = await createHippocampus({ home, agentId: `locomo-${conversation.name}` });
    for (let start = 0; start < conversation.turns.length; start += 256) await memory.rememberMany(conversation.turns.slice(start, start + 256), { longTerm: true });
    await memory.stop();
    console.error(`ingested ${conversation.name}`);
  }
}

const engines = new Map(await Promise.all(conversations.map(async (conversation) => [conversation.name, await createHippocampus({ home, agentId: `locomo-${conversation.name}` })] as const)));
for (const settings of grid) {
  const sums = new Map<string, number[]>();
  const counts = new Map<string, number>();
  for (const conversation of conversations) {
    const memory = engines.get(conversation.name)!;
    for (const question of conversation.questions) {
      const results = await memory.recallRelevant(question.question, { limit: 20, ...settings, recordAccess: false });
      const ranked = results.map((result) => String(result.memory.context.diaId));
      for (const key of ['all', `c${question.category}`]) {
        const sum = sums.get(key) ?? RECALL_KS.map(() => 0);
        RECALL_KS.forEach((k, index) => (sum[index]! += question.evidence.filter((id) => ranked.slice(0, k).includes(id)).length / question.evidence.length));
        sums.set(key, sum);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  const row = (key: string) => sums.get(key)!.map((value) => (value / counts.get(key)!).toFixed(3)).join(' ');
  console.log(`${JSON.stringify(settings)}\n  all ${row('all')} | c1 ${row('c1')} | c2 ${row('c2')} | c3 ${row('c3')} | c4 ${row('c4')}`);
}
for (const memory of engines.values()) await memory.stop();

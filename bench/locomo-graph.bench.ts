// LoCoMo category 1 (multi-hop): plain recallRelevant vs graph-blended recall
// on the same ingested agents. Ingests once into a kept home (LOCOMO_GRAPH_HOME),
// links each agent's memories into the knowledge graph once (offline
// extractor), then scores both on the same engines, without recording accesses.
// npx tsx bench/locomo-graph.bench.ts [--data ../shared/data/locomo] [--grid '<json list of graph recall options>'] [--categories 1] [--concepts 0]
// --concepts N also makes N keywords of each memory concept nodes (a separate home: the graph differs).
import { createKnowledgeGraph } from '../src/graph/knowledge-graph.ts';
import { createOfflineGraphExtractor } from '../src/graph/offline-extractor.ts';
import type { GraphRecallOptions } from '../src/graph/graph-recall.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { ingestLocomoOnce } from './lib/locomo-ingest.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1]! : fallback;
};
const data = option('data', '../shared/data/locomo');
const concepts = Number(option('concepts', '0'));
const home = process.env.LOCOMO_GRAPH_HOME ?? `/tmp/hippocampus-locomo-graph${concepts > 0 ? `-concepts-${concepts}` : ''}`;
const grid = JSON.parse(option('grid', '[{}]')) as GraphRecallOptions[];
const categories = option('categories', '1').split(',').map(Number);
const conversations = loadLocomoDirectory(data);
const KS = [5, 10] as const;

// Ingested here rather than copied from the tuning bench's home: a home
// written by another version of the code may lack what this one expects.
await ingestLocomoOnce(home, conversations);

const engines = await Promise.all(
  conversations.map(async (conversation) => {
    const memory = await createHippocampus({ home, agentId: `locomo-${conversation.name}` });
    const graph = createKnowledgeGraph({ memory, extractor: createOfflineGraphExtractor({ conceptKeywords: concepts }) });
    const started = performance.now();
    const linked = await graph.linkMemories();
    if (linked.memories > 0) console.error(`linked ${conversation.name}: ${linked.memories} memories, ${linked.entitiesCreated} entities, ${linked.relationsCreated} relations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { conversation, memory, graph };
  }),
);

type Ranker = (engine: (typeof engines)[number], question: string) => Promise<string[]>;
async function score(label: string, rank: Ranker): Promise<void> {
  const sums = new Map<number, number[]>();
  const counts = new Map<number, number>();
  const milliseconds = new Map<number, number>();
  for (const engine of engines) {
    for (const question of engine.conversation.questions) {
      if (!categories.includes(question.category) || question.evidence.length === 0) continue;
      const started = performance.now();
      const ranked = await rank(engine, question.question);
      milliseconds.set(question.category, (milliseconds.get(question.category) ?? 0) + performance.now() - started);
      const sum = sums.get(question.category) ?? KS.map(() => 0);
      KS.forEach((k, index) => (sum[index]! += question.evidence.filter((id) => ranked.slice(0, k).includes(id)).length / question.evidence.length));
      sums.set(question.category, sum);
      counts.set(question.category, (counts.get(question.category) ?? 0) + 1);
    }
  }
  for (const category of categories) {
    const count = counts.get(category) ?? 0;
    const recall = (sums.get(category) ?? []).map((value, index) => `R@${KS[index]} ${(value / count).toFixed(3)}`).join('  ');
    console.log(`c${category} n=${count}  ${recall}  ${((milliseconds.get(category) ?? 0) / Math.max(1, count)).toFixed(1)} ms/query  ${label}`);
  }
}

const diaIds = (memories: { context: Record<string, unknown> }[]) => memories.map((memory) => String(memory.context.diaId));
await score('plain recallRelevant', async ({ memory }, question) => diaIds((await memory.recallRelevant(question, { limit: 10, recordAccess: false })).map((hit) => hit.memory)));
for (const settings of grid) {
  await score(`graph ${JSON.stringify(settings)}`, async ({ graph }, question) => diaIds((await graph.recall(question, { limit: 10, ...settings })).map((hit) => hit.memory)));
}
for (const { memory } of engines) await memory.stop();

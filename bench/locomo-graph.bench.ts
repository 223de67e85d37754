// LoCoMo category 1 (multi-hop): plain recallRelevant vs graph-blended recall
// on the same ingested agents. Ingests once into a kept home (LOCOMO_GRAPH_HOME),
// links each agent's memories into the knowledge graph once (offline
// extractor), then scores both on the same engines, without recording accesses.
// npx tsx bench/locomo-graph.bench.ts [--data ../shared/data/locomo] [--grid '<json list of graph recall options>'] [--categories 1] [--concepts 0]
// --concepts N also makes N keywords of each memory concept nodes (a separate home: the graph differs).
// --cv: instead, every category at R@1…R@20, plain recall as setting #0 and each grid entry after it,
// then leave-one-conversation-out: each conversation scored with the setting chosen on the other four.
import { createKnowledgeGraph } from '../src/graph/knowledge-graph.ts';
import { createOfflineGraphExtractor } from '../src/graph/offline-extractor.ts';
import type { GraphRecallOptions } from '../src/graph/graph-recall.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { ingestLocomoOnce } from './lib/locomo-ingest.ts';
import { RECALL_KS } from '../src/evaluation/locomo-benchmark.ts';
import { crossValidate, meanRecall, type QuestionRecall, type SettingScores } from './lib/locomo-cross-validation.ts';
import { commandLine } from './lib/command-line.ts';

const { args, option } = commandLine();
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
if (args.includes('--cv')) {
  const rankers: Ranker[] = [
    async ({ memory }, question) => diaIds((await memory.recallRelevant(question, { limit: 20, recordAccess: false })).map((hit) => hit.memory)),
    ...grid.map((settings): Ranker => async ({ graph }, question) => diaIds((await graph.recall(question, { limit: 20, ...settings })).map((hit) => hit.memory))),
  ];
  const scores: SettingScores = [];
  const at5and10 = (recall: readonly number[]) => `${recall[RECALL_KS.indexOf(5)]!.toFixed(3)} / ${recall[RECALL_KS.indexOf(10)]!.toFixed(3)}`;
  for (const [index, rank] of rankers.entries()) {
    const byConversation = new Map<string, QuestionRecall[]>();
    for (const engine of engines) {
      const questions: QuestionRecall[] = [];
      for (const question of engine.conversation.questions) {
        const ranked = await rank(engine, question.question);
        questions.push({ category: question.category, recall: RECALL_KS.map((k) => question.evidence.filter((id) => ranked.slice(0, k).includes(id)).length / question.evidence.length) });
      }
      byConversation.set(engine.conversation.name, questions);
    }
    scores.push(byConversation);
    const all = [...byConversation.values()].flat();
    const categoryFigures = [1, 2, 3, 4].map((category) => `c${category} ${at5and10(meanRecall(all.filter((question) => question.category === category)))}`).join(' | ');
    console.log(`#${index} ${index === 0 ? 'plain recallRelevant' : JSON.stringify(grid[index - 1])}: in-sample R@5/R@10 ${at5and10(meanRecall(all))} | ${categoryFigures}`);
  }
  const folds = crossValidate(conversations, scores);
  for (const fold of folds) console.log(`held out ${fold.heldOut}: chose #${fold.chosen}, held-out ${at5and10(fold.heldOutRecall)}, plain ${at5and10(meanRecall(scores[0]!.get(fold.heldOut)!))}`);
  const mean = (rows: number[][]) => RECALL_KS.map((_, index) => rows.reduce((sum, row) => sum + row[index]!, 0) / rows.length);
  console.log(`fold mean held-out ${at5and10(mean(folds.map((fold) => fold.heldOutRecall)))}, plain ${at5and10(mean(conversations.map((conversation) => meanRecall(scores[0]!.get(conversation.name)!))))}`);
  for (const category of [1, 2, 3, 4]) {
    const held = folds.map((fold) => fold.heldOutByCategory.get(category)).filter((recall): recall is number[] => recall !== undefined);
    const plain = conversations.flatMap((conversation) => {
      const questions = scores[0]!.get(conversation.name)!.filter((question) => question.category === category);
      return questions.length === 0 ? [] : [meanRecall(questions)];
    });
    console.log(`c${category} fold mean held-out ${at5and10(mean(held))}, plain ${at5and10(mean(plain))}`);
  }
  for (const { memory } of engines) await memory.stop();
  process.exit(0);
}
await score('plain recallRelevant', async ({ memory }, question) => diaIds((await memory.recallRelevant(question, { limit: 10, recordAccess: false })).map((hit) => hit.memory)));
for (const settings of grid) {
  await score(`graph ${JSON.stringify(settings)}`, async ({ graph }, question) => diaIds((await graph.recall(question, { limit: 10, ...settings })).map((hit) => hit.memory)));
}
for (const { memory } of engines) await memory.stop();

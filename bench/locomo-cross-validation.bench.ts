// Honest tuning of recallRelevant on LoCoMo: ingests once into a kept home (LOCOMO_HOME, default
// /tmp/hippocampus-locomo-tuning; delete it after a schema or ingest change), scores every setting of
// the grid on every question without recording accesses, then for each of the five conversations
// chooses the setting with the best mean of R@5 and R@10 on the other four and scores it on the fifth.
// Prints every setting in-sample (all five), each fold (in-sample on its four, held-out on its fifth),
// the fold means and the held-out figures by category, and the same for the first setting of the grid
// held fixed (the defaults, with `{}` first), and each setting's median time a query with the
// question's vector cached (same run, so settings compare).
//
// npx tsx bench/locomo-cross-validation.bench.ts [--data ../shared/data/locomo] \
//   [--grid '[{}, {"weights": {"thread": 0.3}}]' | --grid '{"weights.thread": [0.3, 0.45], "neighbourWeight": [0, 0.4]}']
// A grid object is the cartesian product of its dotted keys' values.
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { RECALL_KS } from '../src/evaluation/locomo-benchmark.ts';
import { ingestLocomoOnce } from './lib/locomo-ingest.ts';
import { byCategory, crossValidate, meanRecall, type QuestionRecall, type SettingScores } from './lib/locomo-cross-validation.ts';
import { commandLine } from './lib/command-line.ts';

const { option } = commandLine();
const data = option('data', '../shared/data/locomo');
const home = process.env.LOCOMO_HOME ?? '/tmp/hippocampus-locomo-tuning';
const conversations = loadLocomoDirectory(data);
const grid = expandGrid(JSON.parse(option('grid', '[{}]')) as unknown);

await ingestLocomoOnce(home, conversations);
const engines = new Map(await Promise.all(conversations.map(async (conversation) => [conversation.name, await createHippocampus({ home, agentId: `locomo-${conversation.name}` })] as const)));
const scores: SettingScores = [];
const format = (recall: readonly number[]) => recall.map((value) => value.toFixed(3)).join(' ');
const K5 = RECALL_KS.indexOf(5);
const K10 = RECALL_KS.indexOf(10);
const at5and10 = (recall: readonly number[]) => `${recall[K5]!.toFixed(3)} / ${recall[K10]!.toFixed(3)}`;

console.log(`R@${RECALL_KS.join(' R@')}`);
for (const [index, settings] of grid.entries()) {
  const byConversation = new Map<string, QuestionRecall[]>();
  const milliseconds: number[] = [];
  for (const conversation of conversations) {
    const memory = engines.get(conversation.name)!;
    const questions: QuestionRecall[] = [];
    for (const question of conversation.questions) {
      // The question's vector is cached first, so the time is the pipeline's own (the same for all settings).
      await memory.recallRelevant(question.question, { limit: 1, mode: 'semantic', recordAccess: false });
      const started = performance.now();
      const results = await memory.recallRelevant(question.question, { limit: 20, ...settings, recordAccess: false });
      milliseconds.push(performance.now() - started);
      const ranked = results.map((result) => String(result.memory.context.diaId));
      questions.push({ category: question.category, recall: RECALL_KS.map((k) => question.evidence.filter((id) => ranked.slice(0, k).includes(id)).length / question.evidence.length) });
    }
    byConversation.set(conversation.name, questions);
  }
  scores.push(byConversation);
  const all = [...byConversation.values()].flat();
  const categories = [...byCategory(all)].map(([category, recall]) => `c${category} ${at5and10(recall)}`).join(' | ');
  milliseconds.sort((left, right) => left - right);
  const p50 = milliseconds[Math.floor(milliseconds.length / 2)]!;
  console.log(`#${index} ${JSON.stringify(settings)}\n   in-sample (all five) ${format(meanRecall(all))} | R@5/R@10 ${categories} | p50 ${p50.toFixed(1)} ms a query`);
}
for (const memory of engines.values()) await memory.stop();

const folds = crossValidate(conversations, scores);
const mean = (rows: number[][]) => RECALL_KS.map((_, index) => rows.reduce((sum, row) => sum + row[index]!, 0) / rows.length);
console.log('\n| held out | chosen | in-sample (four) R@5 / R@10 | held-out R@1 R@3 R@5 R@10 R@20 | fixed #0 held-out R@5 / R@10 |');
console.log('|---|---|---|---|---|');
for (const fold of folds) {
  const fixed = meanRecall(scores[0]!.get(fold.heldOut)!);
  console.log(`| ${fold.heldOut} | #${fold.chosen} ${JSON.stringify(grid[fold.chosen])} | ${at5and10(fold.inSample)} | ${format(fold.heldOutRecall)} | ${at5and10(fixed)} |`);
}
const fixedFolds = conversations.map((conversation) => meanRecall(scores[0]!.get(conversation.name)!));
console.log(`| fold mean | | ${at5and10(mean(folds.map((fold) => fold.inSample)))} | ${format(mean(folds.map((fold) => fold.heldOutRecall)))} | ${at5and10(mean(fixedFolds))} |`);

// By category: the fold mean of the held-out figures (a conversation without a category's questions is left out of its mean).
const categories = [...new Set(conversations.flatMap((conversation) => conversation.questions.map((question) => question.category)))].sort();
console.log('\n| category | held-out R@5 / R@10 (fold mean) | fixed #0 held-out R@5 / R@10 (fold mean) |');
console.log('|---|---|---|');
for (const category of categories) {
  const held = folds.flatMap((fold) => (fold.heldOutByCategory.has(category) ? [fold.heldOutByCategory.get(category)!] : []));
  const fixed = conversations.flatMap((conversation) => {
    const questions = scores[0]!.get(conversation.name)!.filter((question) => question.category === category);
    return questions.length === 0 ? [] : [meanRecall(questions)];
  });
  console.log(`| ${category} | ${at5and10(mean(held))} | ${at5and10(mean(fixed))} |`);
}
// Which folds the chosen settings helped: held-out R@5 of each fold, chosen against fixed #0, overall and by category.
const better = (chosen: number, fixed: number) => (chosen > fixed + 1e-9 ? '+' : chosen < fixed - 1e-9 ? '-' : '=');
console.log('\n| held out | R@5 chosen / fixed | ' + categories.map((category) => `c${category} R@5 chosen / fixed`).join(' | ') + ' |');
console.log('|---|---|' + categories.map(() => '---|').join(''));
for (const fold of folds) {
  const fixedQuestions = scores[0]!.get(fold.heldOut)!;
  const fixedAll = meanRecall(fixedQuestions)[K5]!;
  const cells = categories.map((category) => {
    const questions = fixedQuestions.filter((question) => question.category === category);
    if (questions.length === 0 || !fold.heldOutByCategory.has(category)) return 'none';
    const chosen = fold.heldOutByCategory.get(category)![K5]!;
    const fixed = meanRecall(questions)[K5]!;
    return `${chosen.toFixed(3)} / ${fixed.toFixed(3)} ${better(chosen, fixed)}`;
  });
  console.log(`| ${fold.heldOut} | ${fold.heldOutRecall[K5]!.toFixed(3)} / ${fixedAll.toFixed(3)} ${better(fold.heldOutRecall[K5]!, fixedAll)} | ${cells.join(' | ')} |`);
}

/** A list of settings as given, or the cartesian product of an object's dotted keys. */
function expandGrid(spec: unknown): Record<string, unknown>[] {
  if (Array.isArray(spec)) return spec as Record<string, unknown>[];
  let settings: Record<string, unknown>[] = [{}];
  for (const [key, values] of Object.entries(spec as Record<string, unknown[]>)) {
    settings = settings.flatMap((base) => values.map((value) => setPath(structuredClone(base), key.split('.'), value)));
  }
  return settings;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  let node = target;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return target;
}

// Honest choice of the question-shape rules (src/nlp/question-shape.ts) on LoCoMo, by nested
// leave-one-conversation-out cross-validation. The cues were written by reading the questions of all five
// conversations; here, inside each fold, which cues are on (and each shape's treatment: its weights and
// speaker-free pass) is chosen by stepwise selection on the four training conversations only, and scored on
// the fifth. Every question is recalled once under each treatment (no shape, each candidate for inference,
// each for list), so any set of cues is scored by looking the treatments up; the real defaults are recalled
// too, to check that the shipped cues looked up give the same recall as the engine.
//
// LOCOMO_HOME=/tmp/hippocampus-locomo-tuning npx tsx bench/locomo-question-shapes.bench.ts [--data ../shared/data/locomo]  (npm run bench:locomo-shapes)
// (ingests once into LOCOMO_HOME, as the CV bench does; 10 recalls a question, 5–7 min on a busy 2-core machine.)
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { DEFAULT_SHAPE_WEIGHTS, DEFAULT_SPEAKER_FREE_QUERY } from '../src/memory/relevant-recall.ts';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { RECALL_KS } from '../src/evaluation/locomo-benchmark.ts';
import { QUESTION_SHAPES, SHAPE_CUES, SHAPE_CUES_NOT_KEPT, type QuestionShape, type ShapeCue } from '../src/nlp/question-shape.ts';
import type { RecallRelevantOptionsInput as RecallRelevantOptions } from '../src/config/recall-relevant-schema.ts';
import { ingestLocomoOnce } from './lib/locomo-ingest.ts';
import { byCategory, meanRecall, type QuestionRecall } from './lib/locomo-cross-validation.ts';
import { bestTreatments, scoreRules, selectCues, type ShapeQuestion, type ShapeRules, type ShapeTreatments } from './lib/shape-selection.ts';
import { commandLine } from './lib/command-line.ts';

const { option } = commandLine();
const data = option('data', '../shared/data/locomo');
const home = process.env.LOCOMO_HOME ?? '/tmp/hippocampus-locomo-tuning';
const conversations = loadLocomoDirectory(data);
/**
 * Two ways to split the rules into what selection switches: each cue alone, and the cues grouped as the rules
 * were conceived (all inference words one group, the present perfect after what/where one, each other
 * cue its own) — single words match too few questions for a fold to judge them. Each pool holds the shipped
 * cues (SHAPE_CUES) first, then those tried and not kept (SHAPE_CUES_NOT_KEPT), each of these its own group.
 */
interface CuePool {
  name: string;
  cues: readonly ShapeCue[];
  /** How many of the first cues are the shipped rules. */
  shipped: number;
}
const groupOf = (cue: ShapeCue) => (cue.shape === 'inference' ? 'inference words' : cue.name.endsWith('has/have') ? 'what/where … has/have' : cue.name);
const groups = [...new Set(SHAPE_CUES.map(groupOf))].map((group): ShapeCue => {
  const members = SHAPE_CUES.filter((cue) => groupOf(cue) === group);
  // Every cue's pattern is case-blind and has no other flag, so the group is their alternation.
  return { name: group, shape: members[0]!.shape, pattern: new RegExp(members.map((cue) => `(?:${cue.pattern.source})`).join('|'), 'i') };
});
const pools: CuePool[] = [
  { name: 'each cue alone', cues: [...SHAPE_CUES, ...SHAPE_CUES_NOT_KEPT], shipped: SHAPE_CUES.length },
  { name: 'cue groups', cues: [...groups, ...SHAPE_CUES_NOT_KEPT], shipped: groups.length },
];

/** The treatment a shape gets with the defaults, as call options that give it to any question. */
function shippedTreatment(shape: QuestionShape): RecallRelevantOptions {
  const speakerFree = typeof DEFAULT_SPEAKER_FREE_QUERY === 'boolean' ? DEFAULT_SPEAKER_FREE_QUERY : DEFAULT_SPEAKER_FREE_QUERY.includes(shape);
  return { shapeWeights: {}, weights: { ...DEFAULT_SHAPE_WEIGHTS[shape] }, speakerFreeQuery: speakerFree };
}
const meaning = { semantic: 0.7, keyword: 0.3 };
const options: Record<'none' | QuestionShape, RecallRelevantOptions[]> = {
  none: [{ shapeWeights: {}, speakerFreeQuery: false }],
  // The grids of docs/recall.md "Questions by shape", the shipped one first.
  inference: [
    shippedTreatment('inference'),
    { shapeWeights: {}, weights: { speaker: 0.6, ...meaning }, speakerFreeQuery: false },
    { shapeWeights: {}, weights: { speaker: 0.45, ...meaning }, speakerFreeQuery: true },
    { shapeWeights: {}, weights: { speaker: 0.8, ...meaning }, speakerFreeQuery: true },
    { shapeWeights: {}, weights: { ...meaning }, speakerFreeQuery: true },
  ],
  list: [
    shippedTreatment('list'),
    { shapeWeights: {}, weights: { speaker: 0.45 }, speakerFreeQuery: false },
    { shapeWeights: {}, weights: { ...meaning }, speakerFreeQuery: false },
    { shapeWeights: {}, weights: { speaker: 0.6, ...meaning }, speakerFreeQuery: false },
    { shapeWeights: {}, weights: { speaker: 0.45, ...meaning }, speakerFreeQuery: true },
  ],
};
const name = (settings: RecallRelevantOptions) => JSON.stringify(settings);
const treatments: ShapeTreatments = { none: name(options.none[0]!), inference: options.inference.map(name), list: options.list.map(name) };
const DEFAULTS = '{}';
const runs = new Map<string, RecallRelevantOptions>([...options.none, ...options.inference, ...options.list, {}].map((settings) => [name(settings), settings]));

await ingestLocomoOnce(home, conversations);
const recalled: { text: string; conversation: string; category: number; recall: Map<string, number[]> }[] = [];
const started = performance.now();
for (const conversation of conversations) {
  const memory = await createHippocampus({ home, agentId: `locomo-${conversation.name}` });
  for (const question of conversation.questions) {
    const recall = new Map<string, number[]>();
    for (const [key, settings] of runs) {
      const ranked = (await memory.recallRelevant(question.question, { limit: 20, ...settings, recordAccess: false })).map((result) => String(result.memory.context.diaId));
      recall.set(key, RECALL_KS.map((k) => question.evidence.filter((id) => ranked.slice(0, k).includes(id)).length / question.evidence.length));
    }
    recalled.push({ text: question.question, conversation: conversation.name, category: question.category, recall });
  }
  await memory.stop();
  console.error(`recalled ${conversation.name} (${runs.size} settings a question, ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

const K5 = RECALL_KS.indexOf(5);
const K10 = RECALL_KS.indexOf(10);
const MULTI_HOP = 1;
const OPEN_DOMAIN = 3;

for (const { name: poolName, cues: pool, shipped } of pools) {
  console.log(`\n=== ${poolName} ===`);
  const questions: ShapeQuestion[] = recalled.map((question) => ({ ...question, matches: pool.map((cue) => cue.pattern.test(question.text)) }));
  const shippedRules: ShapeRules = { cues: new Set([...pool.keys()].slice(0, shipped)), treatment: { inference: treatments.inference[0]!, list: treatments.list[0]! } };
  const shippedLookedUp = scoreRules(questions, pool, shippedRules, treatments);
  const differing = questions.filter((question, index) => question.recall.get(DEFAULTS)!.some((value, k) => Math.abs(value - shippedLookedUp[index]!.recall[k]!) > 1e-12)).length;
  console.log(`check: the shipped cues looked up against the engine's defaults differ on ${differing} of ${questions.length} questions`);
  printCues(pool, questions, shipped);
  printInSample(pool, questions, shippedRules);
  printNested(pool, questions, shippedRules);
}

function printCues(pool: readonly ShapeCue[], questions: readonly ShapeQuestion[], shipped: number): void {
  console.log('\nCues (questions matched by category, 1 multi-hop 2 temporal 3 open-domain 4 single-hop):');
  for (const [index, cue] of pool.entries()) {
    const matched = questions.filter((question) => question.matches[index]);
    const counts = [1, 2, 3, 4].map((category) => `c${category} ${matched.filter((question) => question.category === category).length}`).join(' ');
    console.log(`  ${index} ${cue.shape} "${cue.name}"${index < shipped ? '' : ' (not kept)'}: ${counts}`);
  }
  console.log('Treatments (i = inference, l = list; 0 is shipped):');
  for (const shape of QUESTION_SHAPES) treatments[shape].forEach((key, index) => console.log(`  ${shape[0]}${index} ${key}`));
}

/** Every variant chosen and scored on all five conversations. */
function printInSample(pool: readonly ShapeCue[], questions: readonly ShapeQuestion[], shippedRules: ShapeRules): void {
  const tuned = tunedShipped(pool, questions, shippedRules);
  const selected = selectCues(questions, pool, treatments);
  const line = (label: string, rules: ShapeRules) => console.log(`| ${label} | ${row(figures(scoreRules(questions, pool, rules, treatments)))} |`);
  console.log('\nIn-sample (all five): | variant | R@5 / R@10 | multi-hop R@5 | open-domain R@5 |');
  line('no shapes', { ...shippedRules, cues: new Set() });
  line('shipped cues, shipped treatments', shippedRules);
  line(`shipped cues, treatments chosen on all five: ${describe(pool, tuned)}`, tuned);
  line(`cues selected on all five: ${describe(pool, selected)}`, selected);
}

/** Inside each fold every choice is made on the four training conversations and scored on the fifth. */
function printNested(pool: readonly ShapeCue[], questions: readonly ShapeQuestion[], shippedRules: ShapeRules): void {
  const variants = ['no shapes', 'shipped', 'shipped cues, fold treatments', 'nested selection'] as const;
  const held = new Map<string, Figures[]>(variants.map((variant) => [variant, []]));
  const chosenCount = new Map<number, number>();
  const triple = (figure: Figures) => `${cell(figure.r5)} / ${cell(figure.r10)}, ${cell(figure.multiHop)}, ${cell(figure.openDomain)}`;
  console.log('\nHeld out (R@5 / R@10, multi-hop R@5, open-domain R@5):');
  console.log(`| held out | ${variants.join(' | ')} | selected on the other four [treatments] | in-sample (four) of the selection |`);
  console.log(`|---|${variants.map(() => '---|').join('')}---|---|`);
  for (const conversation of conversations) {
    const training = questions.filter((question) => question.conversation !== conversation.name);
    const heldOut = questions.filter((question) => question.conversation === conversation.name);
    const selected = selectCues(training, pool, treatments);
    for (const index of selected.cues) chosenCount.set(index, (chosenCount.get(index) ?? 0) + 1);
    const rules = [{ ...shippedRules, cues: new Set<number>() }, shippedRules, tunedShipped(pool, training, shippedRules), selected];
    const scored = rules.map((rule) => figures(scoreRules(heldOut, pool, rule, treatments)));
    scored.forEach((figure, index) => held.get(variants[index]!)!.push(figure));
    const inSample = figures(scoreRules(training, pool, selected, treatments));
    console.log(`| ${conversation.name} | ${scored.map(triple).join(' | ')} | ${describe(pool, selected)} | ${cell(inSample.r5)} / ${cell(inSample.r10)} |`);
  }
  console.log(`| **fold mean** | ${variants.map((variant) => triple(meanFigures(held.get(variant)!))).join(' | ')} | | |`);
  console.log('\nHow many folds selected each cue:');
  for (const [index, cue] of pool.entries()) console.log(`  "${cue.name}" (${cue.shape}): ${chosenCount.get(index) ?? 0} of ${conversations.length}`);
  const majority = [...pool.keys()].filter((index) => (chosenCount.get(index) ?? 0) * 2 > conversations.length);
  console.log(`Selected in a majority of folds: ${majority.map((index) => pool[index]!.name).join(', ') || '(none)'}`);
}

function tunedShipped(pool: readonly ShapeCue[], training: readonly ShapeQuestion[], shippedRules: ShapeRules): ShapeRules {
  return { cues: shippedRules.cues, treatment: bestTreatments(training, pool, shippedRules.cues, treatments).treatment };
}

function describe(pool: readonly ShapeCue[], rules: ShapeRules): string {
  const names = [...rules.cues].sort((left, right) => left - right).map((index) => pool[index]!.name).join(', ') || '(none)';
  const index = (shape: QuestionShape) => `${shape[0]}${treatments[shape].indexOf(rules.treatment[shape])}`;
  return `${names} [${index('inference')} ${index('list')}]`;
}

interface Figures {
  r5: number;
  r10: number;
  multiHop: number | null;
  openDomain: number | null;
}

function figures(recalls: readonly QuestionRecall[]): Figures {
  const all = meanRecall(recalls);
  const categories = byCategory(recalls);
  return { r5: all[K5]!, r10: all[K10]!, multiHop: categories.get(MULTI_HOP)?.[K5] ?? null, openDomain: categories.get(OPEN_DOMAIN)?.[K5] ?? null };
}

function cell(value: number | null): string {
  return value === null ? '—' : value.toFixed(3);
}

function row(figure: Figures): string {
  return `${cell(figure.r5)} / ${cell(figure.r10)} | ${cell(figure.multiHop)} | ${cell(figure.openDomain)}`;
}

/** The fold mean of each figure (a fold without a category's questions is left out of its mean). */
function meanFigures(list: readonly Figures[]): Figures {
  const meanOf = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
  };
  return { r5: meanOf(list.map((figure) => figure.r5))!, r10: meanOf(list.map((figure) => figure.r10))!, multiHop: meanOf(list.map((figure) => figure.multiHop)), openDomain: meanOf(list.map((figure) => figure.openDomain)) };
}

// Fits the live watcher's salience model (src/live/salience-model.ts) by leave-one-conversation-out
// cross-validation on the LoCoMo development conversations. For each conversation, the model's shape —
// the L2 penalty, and whether the curved features also enter squared — is chosen by an inner
// leave-one-conversation-out on the other four alone (nested: the held-out one plays no part in it), the
// logistic regression is fitted on those four and scored on the fifth. Prints, per fold, the shape chosen,
// the held-out AUC beside the in-sample one, and the offline analyzer's AUC on the held-out conversation
// with that fold's model and with the shipped one; then the shape chosen on all five and the model fitted
// on all five (the coefficients to ship). Labels are the benchmark's: a user turn is memorable when a
// session observation cites it; observations are read for nothing else.
// npx tsx bench/salience-fit.ts [--data /work/shared/data/locomo] [--l2 3] [--curved yes|no]
import fs from 'node:fs';
import path from 'node:path';
import { readSalienceConversation, rocAuc } from '../src/evaluation/salience-benchmark.ts';
import { createOfflineAnalyzer } from '../src/live/offline-analyzer.ts';
import {
  createConversationContext,
  CURVED_SALIENCE_FEATURES,
  SALIENCE_FEATURES,
  salienceFeatures,
  type SalienceContext,
  type SalienceFeatures,
} from '../src/live/salience-features.ts';
import type { SalienceTurn } from '../src/evaluation/salience-benchmark.ts';
import { fitLogisticRaw, predict, type LogisticModel } from './lib/logistic-regression.ts';
import { commandLine } from './lib/command-line.ts';

const { option } = commandLine();
const data = option('data', '/work/shared/data/locomo');
// The grid the inner cross-validation chooses from; --l2 / --curved pin one.
const L2_GRID = option('l2', '') === '' ? [1, 3, 10, 30, 100, 300] : [Number(option('l2', '3'))];
const CURVED_GRID = option('curved', '') === '' ? [false, true] : [option('curved', 'yes') === 'yes'];

interface Shape {
  l2: number;
  curved: boolean;
}
const SHAPES: Shape[] = L2_GRID.flatMap((l2) => CURVED_GRID.map((curved) => ({ l2, curved })));
const describe = (shape: Shape) => `l2 ${shape.l2}${shape.curved ? ', squares' : ''}`;

/** A message's features as the model reads them: each feature, then the squares of the curved ones. */
function rowOf(features: SalienceFeatures, curved: boolean): number[] {
  return [...SALIENCE_FEATURES.map((name) => features[name]), ...(curved ? CURVED_SALIENCE_FEATURES.map((name) => features[name] ** 2) : [])];
}

interface Fold {
  name: string;
  turns: SalienceTurn[];
  memorable: Set<string>;
  features: SalienceFeatures[];
  labels: boolean[];
  lengths: number[];
}

const folds: Fold[] = fs
  .readdirSync(data)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((file) => {
    const { turns, memorable } = readSalienceConversation(path.join(data, file));
    const fold: Fold = { name: file.replace(/\.json$/, ''), turns, memorable, features: [], labels: [], lengths: [] };
    // The context as the live analyzer keeps it: the words said before, the previous message, the session.
    const conversation = createConversationContext();
    for (const turn of turns) {
      if (turn.user) {
        fold.features.push(salienceFeatures(turn.text, conversation.before(turn.timestamp)));
        fold.labels.push(memorable.has(turn.diaId));
        fold.lengths.push(turn.text.length);
      }
      conversation.heard({ content: turn.text, timestamp: turn.timestamp });
    }
    return fold;
  });

const round = (value: number) => value.toFixed(3);
const fit = (train: Fold[], shape: Shape) =>
  fitLogisticRaw(
    train.flatMap((fold) => fold.features.map((features) => rowOf(features, shape.curved))),
    train.flatMap((fold) => fold.labels),
    shape.l2,
  );
const scoresOf = (fold: Fold, model: LogisticModel, shape: Shape) => fold.features.map((features) => predict(model, rowOf(features, shape.curved)));

/** The mean AUC of leave-one-conversation-out within `train`. */
function innerAuc(train: Fold[], shape: Shape): number {
  return train.reduce((sum, fold) => sum + rocAuc(scoresOf(fold, fit(train.filter((other) => other !== fold), shape), shape), fold.labels), 0) / train.length;
}
/** The shape whose leave-one-conversation-out mean AUC within `train` is highest. */
function choose(train: Fold[]): Shape {
  let best = { shape: SHAPES[0]!, auc: -1 };
  for (const shape of SHAPES) {
    const auc = innerAuc(train, shape);
    if (auc > best.auc) best = { shape, auc };
  }
  return best.shape;
}

/**
 * The analyzer's own AUC on one conversation with a given model: the importance of what it keeps from
 * each user turn (max over its candidates, 0 when none), as the benchmark scores the watcher, less the
 * engine (reinforcement credits a repeat with its own importance, which this reproduces).
 */
async function analyzerScores(fold: Fold, model: LogisticModel, shape: Shape): Promise<{ scores: number[]; labels: boolean[] }> {
  const salience = (content: string, context?: SalienceContext) => predict(model, rowOf(salienceFeatures(content, context), shape.curved));
  const analyzer = createOfflineAnalyzer({ salience });
  const messages = fold.turns.map((turn) => ({ id: String(turn.line), role: turn.user ? 'user' : 'assistant', content: turn.text, timestamp: turn.timestamp }));
  const best = new Map<string, number>();
  // In batches of 50, as the watcher reads a transcript.
  for (let start = 0; start < messages.length; start += 50) {
    for (const candidate of await analyzer.analyze(messages.slice(start, start + 50))) best.set(candidate.messageId, Math.max(best.get(candidate.messageId) ?? 0, candidate.importance));
  }
  const users = fold.turns.filter((turn) => turn.user);
  return { scores: users.map((turn) => best.get(String(turn.line)) ?? 0), labels: users.map((turn) => fold.memorable.has(turn.diaId)) };
}
type Pool = { scores: number[]; labels: boolean[]; sum: number };
const pool = (): Pool => ({ scores: [], labels: [], sum: 0 });
function add(into: Pool, scores: number[], labels: boolean[]): number {
  const auc = rocAuc(scores, labels);
  into.scores.push(...scores);
  into.labels.push(...labels);
  into.sum += auc;
  return auc;
}
const pooled = (from: Pool) => rocAuc(from.scores, from.labels);

const finalShape = choose(folds);
const final = fit(folds, finalShape);
const model = pool();
const watcher = { heldOut: pool(), shipped: pool() };
// Per held-out turn, the fold model's salience beside the watcher's importance: where they differ is
// what the watcher does after the model (floors, caps, keep rules, the birth threshold).
const paired: { model: number; watcher: number; label: boolean }[] = [];
const table: string[] = [
  '| held-out conversation | shape chosen on the other four | model held-out AUC | model in-sample AUC (other four) | watcher held-out | watcher in-sample | text-length AUC |',
  '|---|---|---|---|---|---|---|',
];
for (const fold of folds) {
  const train = folds.filter((other) => other !== fold);
  const shape = choose(train);
  const foldModel = fit(train, shape);
  const salience = scoresOf(fold, foldModel, shape);
  const heldOut = add(model, salience, fold.labels);
  const inSample = rocAuc(train.flatMap((other) => scoresOf(other, foldModel, shape)), train.flatMap((other) => other.labels));
  // The watcher's analyzer on the held-out conversation with this fold's model, and with the shipped one.
  const held = await analyzerScores(fold, foldModel, shape);
  const shipped = await analyzerScores(fold, final, finalShape);
  held.scores.forEach((score, index) => paired.push({ model: salience[index]!, watcher: score, label: fold.labels[index]! }));
  table.push(
    `| ${fold.name} | ${describe(shape)} | ${round(heldOut)} | ${round(inSample)} | ${round(add(watcher.heldOut, held.scores, held.labels))} | ${round(add(watcher.shipped, shipped.scores, shipped.labels))} | ${round(rocAuc(fold.lengths, fold.labels))} |`,
  );
}
const all = { features: folds.flatMap((fold) => fold.features), labels: folds.flatMap((fold) => fold.labels), lengths: folds.flatMap((fold) => fold.lengths) };
const n = folds.length;
table.push(
  `| all five | ${describe(finalShape)} | mean ${round(model.sum / n)}, pooled ${round(pooled(model))} | ${round(rocAuc(all.features.map((features) => predict(final, rowOf(features, finalShape.curved))), all.labels))} (fit on all five) | pooled ${round(pooled(watcher.heldOut))}, mean ${round(watcher.heldOut.sum / n)} | pooled ${round(pooled(watcher.shipped))}, mean ${round(watcher.shipped.sum / n)} | ${round(rocAuc(all.lengths, all.labels))} |`,
);
console.log(table.join('\n'));
console.log(`${all.labels.length} user turns; shipped shape: ${describe(finalShape)}`);
// Each kind of difference put back to the model's score alone: the pooled held-out AUC it would give.
const undone = (what: string, differs: (turn: (typeof paired)[number]) => boolean) => {
  const scores = paired.map((turn) => (differs(turn) ? turn.model : turn.watcher));
  console.log(`watcher held-out with ${what} undone (${paired.filter(differs).length} turns): pooled ${rocAuc(scores, paired.map((turn) => turn.label)).toFixed(4)}`);
};
console.log(`watcher held-out pooled ${rocAuc(paired.map((turn) => turn.watcher), paired.map((turn) => turn.label)).toFixed(4)}, model ${pooled(model).toFixed(4)}`);
undone('the raises above salience (floors)', (turn) => turn.watcher > turn.model + 1e-3);
undone('the lowerings below salience (caps)', (turn) => turn.watcher > 0 && turn.watcher < turn.model - 1e-3);
undone('the drops below salience 0.2 (birth threshold)', (turn) => turn.watcher === 0 && turn.model < 0.2);
undone('the drops at salience 0.2 or more (keep rules)', (turn) => turn.watcher === 0 && turn.model >= 0.2);
console.log(`const INTERCEPT = ${final.intercept.toFixed(4)};`);
console.log('const WEIGHTS = {');
console.log(SALIENCE_FEATURES.map((name, index) => `  ${name}: ${final.weights[index]!.toFixed(4)},`).join('\n'));
console.log('};');
if (finalShape.curved) {
  console.log('const SQUARE_WEIGHTS = {');
  console.log(CURVED_SALIENCE_FEATURES.map((name, index) => `  ${name}: ${final.weights[SALIENCE_FEATURES.length + index]!.toFixed(4)},`).join('\n'));
  console.log('};');
}

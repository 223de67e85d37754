// Fits the live watcher's salience model (src/live/salience-model.ts) by leave-one-conversation-out
// cross-validation on the LoCoMo development conversations: for each conversation, a logistic
// regression over the salience features of the user turns of the other four, scored on the held-out
// one. Prints held-out AUC per fold and their mean beside the in-sample AUC, the offline analyzer's AUC
// on each held-out conversation with that fold's model and with the shipped one, then the model fitted on
// all five (the coefficients to ship). Labels are the benchmark's: a user turn is memorable when a
// session observation cites it; observations are read for nothing else.
// npx tsx bench/salience-fit.ts [--data /work/shared/data/locomo] [--l2 3] [--features a,b,…]
import fs from 'node:fs';
import path from 'node:path';
import { readSalienceConversation, rocAuc } from '../src/evaluation/salience-benchmark.ts';
import { createOfflineAnalyzer } from '../src/live/offline-analyzer.ts';
import { createConversationContext, SALIENCE_FEATURES, salienceFeatures, type SalienceContext } from '../src/live/salience-features.ts';
import type { SalienceTurn } from '../src/evaluation/salience-benchmark.ts';
import { fitLogisticRaw, predict } from './lib/logistic-regression.ts';
import { commandLine } from './lib/command-line.ts';

const { option } = commandLine();
const data = option('data', '/work/shared/data/locomo');
const l2 = Number(option('l2', '3'));
const only = option('features', '').split(',').filter(Boolean);
const columns = SALIENCE_FEATURES.map((name, index) => [name, index] as const).filter(([name]) => only.length === 0 || only.includes(name));

interface Fold {
  name: string;
  turns: SalienceTurn[];
  memorable: Set<string>;
  rows: number[][];
  labels: boolean[];
  lengths: number[];
}

const folds: Fold[] = fs
  .readdirSync(data)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((file) => {
    const { turns, memorable } = readSalienceConversation(path.join(data, file));
    const fold: Fold = { name: file.replace(/\.json$/, ''), turns, memorable, rows: [], labels: [], lengths: [] };
    // The context as the live analyzer keeps it: the words said before, the previous message, the session.
    const conversation = createConversationContext();
    for (const turn of turns) {
      if (turn.user) {
        const features = salienceFeatures(turn.text, conversation.before(turn.timestamp));
        fold.rows.push(columns.map(([name]) => features[name]));
        fold.labels.push(memorable.has(turn.diaId));
        fold.lengths.push(turn.text.length);
      }
      conversation.heard({ content: turn.text, timestamp: turn.timestamp });
    }
    return fold;
  });

const round = (value: number) => value.toFixed(3);

/**
 * The analyzer's own AUC on one conversation with a given model: the importance of what it keeps from
 * each user turn (max over its candidates, 0 when none), as the benchmark scores the watcher, less the
 * engine (reinforcement credits a repeat with its own importance, which this reproduces).
 */
async function analyzerScores(fold: Fold, model: ReturnType<typeof fitLogisticRaw>): Promise<{ scores: number[]; labels: boolean[] }> {
  const salience = (content: string, context?: SalienceContext) => {
    const features = salienceFeatures(content, context);
    return predict(model, columns.map(([name]) => features[name]));
  };
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
const watcher = { heldOut: { scores: [] as number[], labels: [] as boolean[] }, shipped: { scores: [] as number[], labels: [] as boolean[] } };
async function analyzerAuc(fold: Fold, model: ReturnType<typeof fitLogisticRaw>, into: { scores: number[]; labels: boolean[] }): Promise<number> {
  const { scores, labels } = await analyzerScores(fold, model);
  into.scores.push(...scores);
  into.labels.push(...labels);
  return rocAuc(scores, labels);
}
const heldOutScores: number[] = [];
const heldOutLabels: boolean[] = [];
const table: string[] = ['| held-out conversation | held-out AUC | in-sample AUC (other four) | watcher held-out | watcher in-sample | text-length AUC |', '|---|---|---|---|---|---|'];
const final = fitLogisticRaw(folds.flatMap((fold) => fold.rows), folds.flatMap((fold) => fold.labels), l2);
let heldOutSum = 0;
for (const fold of folds) {
  const train = folds.filter((other) => other !== fold);
  const model = fitLogisticRaw(train.flatMap((other) => other.rows), train.flatMap((other) => other.labels), l2);
  const scores = fold.rows.map((row) => predict(model, row));
  const heldOut = rocAuc(scores, fold.labels);
  const inSample = rocAuc(train.flatMap((other) => other.rows.map((row) => predict(model, row))), train.flatMap((other) => other.labels));
  heldOutSum += heldOut;
  heldOutScores.push(...scores);
  heldOutLabels.push(...fold.labels);
  // The watcher's analyzer on the held-out conversation with this fold's model, and with the shipped one.
  table.push(`| ${fold.name} | ${round(heldOut)} | ${round(inSample)} | ${round(await analyzerAuc(fold, model, watcher.heldOut))} | ${round(await analyzerAuc(fold, final, watcher.shipped))} | ${round(rocAuc(fold.lengths, fold.labels))} |`);
}
const all = { rows: folds.flatMap((fold) => fold.rows), labels: folds.flatMap((fold) => fold.labels), lengths: folds.flatMap((fold) => fold.lengths) };
table.push(
  `| mean of folds | ${round(heldOutSum / folds.length)} | ${round(rocAuc(all.rows.map((row) => predict(final, row)), all.labels))} (all five) | ${round(rocAuc(watcher.heldOut.scores, watcher.heldOut.labels))} (pooled) | ${round(rocAuc(watcher.shipped.scores, watcher.shipped.labels))} (pooled) | ${round(rocAuc(all.lengths, all.labels))} (all five) |`,
);
console.log(table.join('\n'));
console.log(`pooled held-out AUC ${round(rocAuc(heldOutScores, heldOutLabels))}, l2 ${l2}, ${all.rows.length} user turns`);
console.log(`intercept: ${final.intercept.toFixed(4)},`);
console.log(columns.map(([name], index) => `  ${name}: ${final.weights[index]!.toFixed(4)},`).join('\n'));

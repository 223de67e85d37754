// Fits the calibrated decision tried for forgetting by description (src/evaluation/forget-choice-features.ts,
// not shipped: see docs/memory-model.md, round 7): when the
// rules are not sure, a logistic regression over the features the matcher reads scores the closest memories,
// and the best is deleted when its score is above the highest score a wrong choice reached in fitting. All
// scenarios of the labelled set are stored in one agent (as bench/forget-cases.bench.ts's "all"); a request's
// rows are the closest memories, labelled by whether each is the one meant (none is, for a request about
// nothing stored). Cross-validation by scenario: each fold's scenarios (all five requests) and a share of the
// requests about nothing stored are held out, the model and its threshold fitted on the rest and scored on
// them, the rules' own deletions counted as they are. Then a split by time: fitted on scenarios 1–121 (and
// the requests about nothing stored written with them), scored on 122–131, the batch written before round 7.
// Last, the model fitted on everything (its coefficients and threshold). --explain lists the best-scored
// choices of every request the rules were not sure of, right or wrong.
//   npx tsx bench/forget-choice-fit.ts [--folds 10] [--l2 1] [--explain]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHOICE_FEATURES, forgetChoiceRows } from '../src/evaluation/forget-choice-features.ts';
import { forgetByDescription } from '../src/forget/forget-by-description.ts';
import { FORGET_NOTHING_STORED, FORGET_SCENARIOS } from '../src/forget/fixtures/forget-cases.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { commandLine } from './lib/command-line.ts';
import { fitLogisticRaw, predict, type LogisticModel } from './lib/logistic-regression.ts';

const { option } = commandLine();
const FOLDS = Number(option('folds', '10'));
const L2 = Number(option('l2', '1'));
/** Scenarios 1–121 and the 55 requests about nothing stored written with them came before round 7's fresh batch. */
const SEEN_SCENARIOS = 121;
const SEEN_NOTHING_STORED = 55;
/** Round 7's set, 131 scenarios and 62 about nothing stored, as the decision was measured (round 8's batch came after it). */
const SCENARIOS = FORGET_SCENARIOS.slice(0, 131);
const NOTHING_STORED = FORGET_NOTHING_STORED.slice(0, 62);

interface Request {
  group: number;
  fresh: boolean;
  /** The memory meant; null for a request about nothing stored. */
  target: string | null;
  /** What the rules deleted when they were sure (rows null); empty otherwise. */
  ruled: string[];
  /** The closest memories with their features when the rules were not sure; null when they were. */
  rows: { content: string; features: number[] }[] | null;
}

async function readRequests(): Promise<Request[]> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-forget-fit-'));
  const memory = await createHippocampus({ home, agentId: 'forget' });
  try {
    await memory.rememberMany(
      SCENARIOS.flatMap((scenario) => [scenario.target, ...scenario.nearMisses]).map((content) => ({ type: 'observation' as const, content })),
      { longTerm: true },
    );
    const asked = [
      ...SCENARIOS.flatMap((scenario, index) => scenario.descriptions.map((description) => ({ description, group: index, fresh: index >= SEEN_SCENARIOS, target: scenario.target as string | null }))),
      ...NOTHING_STORED.map((description, index) => ({ description, group: SCENARIOS.length + index, fresh: index >= SEEN_NOTHING_STORED, target: null })),
    ];
    const requests: Request[] = [];
    for (const { description, ...rest } of asked) {
      const rows = await forgetChoiceRows(memory, description);
      const ruled = rows === null ? (await forgetByDescription(memory, description, { dryRun: true })).deleted.map((entry) => entry.content) : [];
      requests.push({ ...rest, rows, ruled });
    }
    return requests;
  } finally {
    await memory.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

interface Fitted {
  model: LogisticModel;
  threshold: number;
}

/** The best-scored row of a request the rules were not sure of. */
function best(model: LogisticModel, request: Request): { content: string; score: number } | undefined {
  return request.rows!.map((row) => ({ content: row.content, score: predict(model, row.features) })).sort((left, right) => right.score - left.score)[0];
}

function fit(training: Request[]): Fitted {
  const unsure = training.filter((request) => request.rows !== null && request.rows.length > 0);
  const rows = unsure.flatMap((request) => request.rows!.map((row) => row.features));
  const labels = unsure.flatMap((request) => request.rows!.map((row) => row.content === request.target));
  const model = fitLogisticRaw(rows, labels, L2);
  // The highest score a wrong choice reaches: above it, no request of the fitting set deletes the wrong memory.
  const wrong = unsure.map((request) => best(model, request)!).filter((choice, index) => choice.content !== unsure[index]!.target);
  return { model, threshold: Math.max(0.5, ...wrong.map((choice) => choice.score)) };
}

interface Score {
  cases: number;
  negatives: number;
  ruleHits: number;
  choiceHits: number;
  deletions: number;
  wrong: number;
  unsure: number;
}

function score(fitted: Fitted | undefined, requests: Request[]): Score {
  const result: Score = { cases: 0, negatives: 0, ruleHits: 0, choiceHits: 0, deletions: 0, wrong: 0, unsure: 0 };
  for (const request of requests) {
    if (request.target === null) result.negatives += 1;
    else result.cases += 1;
    if (request.rows === null) {
      result.deletions += request.ruled.length;
      result.wrong += request.ruled.filter((content) => content !== request.target).length;
      if (request.target !== null && request.ruled.includes(request.target)) result.ruleHits += 1;
      continue;
    }
    const choice = fitted && request.rows.length > 0 ? best(fitted.model, request) : undefined;
    if (!choice || choice.score <= fitted!.threshold) {
      result.unsure += 1;
      continue;
    }
    result.deletions += 1;
    if (choice.content === request.target) result.choiceHits += 1;
    else result.wrong += 1;
  }
  return result;
}

const add = (left: Score, right: Score): Score => Object.fromEntries(Object.keys(left).map((key) => [key, left[key as keyof Score] + right[key as keyof Score]])) as unknown as Score;
const describe = (result: Score) => {
  const precision = result.deletions === 0 ? 1 : (result.deletions - result.wrong) / result.deletions;
  return `${result.cases} + ${result.negatives} about nothing stored: precision ${precision.toFixed(3)}, recall ${((result.ruleHits + result.choiceHits) / result.cases).toFixed(3)} (rules alone ${(result.ruleHits / result.cases).toFixed(3)}; ${result.choiceHits} more by the calibrated choice, ${result.wrong} wrong deletions)`;
};

/** Groups shuffled by a fixed seed, scenarios and requests about nothing stored dealt to the folds apart. */
function foldOf(requests: Request[]): Map<number, number> {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const folds = new Map<number, number>();
  for (const nothing of [false, true]) {
    const groups = [...new Set(requests.filter((request) => (request.target === null) === nothing).map((request) => request.group))];
    for (let index = groups.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [groups[index], groups[other]] = [groups[other]!, groups[index]!];
    }
    groups.forEach((group, index) => folds.set(group, index % FOLDS));
  }
  return folds;
}

const requests = await readRequests();
const unsure = requests.filter((request) => request.rows !== null);
console.log(`${requests.length} requests; the rules are not sure of ${unsure.length} (${unsure.filter((request) => request.target !== null).length} with a memory meant, of which ${unsure.filter((request) => request.rows!.some((row) => row.content === request.target)).length} have it among the rows)`);
console.log(`rules alone, all: ${describe(score(undefined, requests))}`);

const folds = foldOf(requests);
let heldOut: Score | undefined;
for (let fold = 0; fold < FOLDS; fold += 1) {
  const fitted = fit(requests.filter((request) => folds.get(request.group) !== fold));
  const result = score(fitted, requests.filter((request) => folds.get(request.group) === fold));
  heldOut = heldOut ? add(heldOut, result) : result;
  console.log(`  fold ${fold}: threshold ${fitted.threshold.toFixed(3)}, held out ${describe(result)}`);
}
console.log(`${FOLDS}-fold cross-validation by scenario, held out: ${describe(heldOut!)}`);

const byTime = fit(requests.filter((request) => !request.fresh));
console.log(`fitted on 1–121 (threshold ${byTime.threshold.toFixed(3)}), scored on 122–131 + 7: ${describe(score(byTime, requests.filter((request) => request.fresh)))}`);

const shipped = fit(requests);
console.log(`fitted on all, in-sample: ${describe(score(shipped, requests))}`);
console.log('coefficients (raw features):');
CHOICE_FEATURES.forEach((name, index) => console.log(`  ${name}: ${shipped.model.weights[index]!.toFixed(4)}`));
console.log(JSON.stringify({ intercept: Number(shipped.model.intercept.toFixed(6)), weights: shipped.model.weights.map((weight) => Number(weight.toFixed(6))), threshold: Number(shipped.threshold.toFixed(6)) }));
if (process.argv.includes('--explain')) {
  const all = requests.filter((request) => request.rows !== null && request.rows.length > 0).map((request) => ({ request, choice: best(shipped.model, request)! }));
  all.sort((left, right) => right.choice.score - left.choice.score);
  for (const { request, choice } of all.slice(0, 60)) console.log(`${choice.content === request.target ? 'RIGHT' : 'wrong'} ${choice.score.toFixed(3)} ${choice.content} [target: ${request.target}] ${request.rows!.find((row) => row.content === choice.content)!.features.map((value) => value.toFixed(2)).join(' ')}`);
}

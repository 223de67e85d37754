import type { QuestionShape, ShapeCue } from '../../src/nlp/question-shape.ts';
import { RECALL_KS } from '../../src/evaluation/locomo-benchmark.ts';
import type { QuestionRecall } from './locomo-cross-validation.ts';

/**
 * One question's recall under every treatment it was scored with (the treatment a shape gets: its weights,
 * its speaker-free pass; `none` for a question of no shape), and which cues of the pool it matches. A
 * question's recall depends on its shape only through the treatment, so any set of cues is scored by
 * looking its questions' treatments up, without recalling again.
 */
export interface ShapeQuestion {
  conversation: string;
  category: number;
  /** Treatment name → recall at each k of RECALL_KS. */
  recall: ReadonlyMap<string, readonly number[]>;
  /** For each cue of the pool, whether the question matches it. */
  matches: readonly boolean[];
}

/** The treatments a shape may be given: the first of each list is the one shipped. */
export interface ShapeTreatments {
  none: string;
  inference: readonly string[];
  list: readonly string[];
}

/** Which cues of the pool are on and which treatment each shape gets. */
export interface ShapeRules {
  cues: ReadonlySet<number>;
  treatment: Record<QuestionShape, string>;
}

const K5 = RECALL_KS.indexOf(5);
const K10 = RECALL_KS.indexOf(10);
const EPSILON = 1e-9;

/** The shape a set of cues gives a question: inference first, as questionShape reads it. */
export function shapeUnder(question: ShapeQuestion, pool: readonly ShapeCue[], cues: ReadonlySet<number>): QuestionShape | null {
  let list = false;
  for (const index of cues) {
    if (!question.matches[index]) continue;
    if (pool[index]!.shape === 'inference') return 'inference';
    list = true;
  }
  return list ? 'list' : null;
}

/** Each question's recall under the rules (for meanRecall and byCategory). */
export function scoreRules(questions: readonly ShapeQuestion[], pool: readonly ShapeCue[], rules: ShapeRules, treatments: ShapeTreatments): QuestionRecall[] {
  return questions.map((question) => {
    const shape = shapeUnder(question, pool, rules.cues);
    return { category: question.category, recall: [...question.recall.get(shape === null ? treatments.none : rules.treatment[shape])!] };
  });
}

/** What selection maximises, summed over questions: the mean of R@5 and R@10 (the CV bench's objective). */
function gain(recall: readonly number[]): number {
  return (recall[K5]! + recall[K10]!) / 2;
}

/**
 * The best treatment of each shape for a set of cues on the given questions, and the objective it reaches
 * (summed over questions). A shape's treatment touches only its own questions, so each is chosen apart.
 */
export function bestTreatments(questions: readonly ShapeQuestion[], pool: readonly ShapeCue[], cues: ReadonlySet<number>, treatments: ShapeTreatments): { treatment: Record<QuestionShape, string>; value: number } {
  const byShape: Record<'none' | QuestionShape, ShapeQuestion[]> = { none: [], inference: [], list: [] };
  for (const question of questions) byShape[shapeUnder(question, pool, cues) ?? 'none'].push(question);
  const sum = (group: readonly ShapeQuestion[], name: string) => group.reduce((total, question) => total + gain(question.recall.get(name)!), 0);
  const best = (group: readonly ShapeQuestion[], names: readonly string[]) => {
    let chosen = names[0]!;
    let value = sum(group, chosen);
    for (const name of names.slice(1)) {
      const candidate = sum(group, name);
      if (candidate > value + EPSILON) [chosen, value] = [name, candidate];
    }
    return { chosen, value };
  };
  const inference = best(byShape.inference, treatments.inference);
  const list = best(byShape.list, treatments.list);
  return { treatment: { inference: inference.chosen, list: list.chosen }, value: sum(byShape.none, treatments.none) + inference.value + list.value };
}

/**
 * Stepwise selection of cues on training questions: from no cue, add the cue that raises the objective most
 * (each set scored with its best treatments), then drop any whose removal raises it, until neither step
 * helps. A cue that changes nothing on the training questions is never added.
 */
export function selectCues(questions: readonly ShapeQuestion[], pool: readonly ShapeCue[], treatments: ShapeTreatments): ShapeRules {
  let cues = new Set<number>();
  let current = bestTreatments(questions, pool, cues, treatments);
  for (let changed = true; changed; ) {
    changed = false;
    for (const adding of [true, false]) {
      let bestSet: Set<number> | null = null;
      let bestScore = current;
      for (let index = 0; index < pool.length; index += 1) {
        if (cues.has(index) === adding) continue;
        const next = new Set(cues);
        if (adding) next.add(index);
        else next.delete(index);
        const scored = bestTreatments(questions, pool, next, treatments);
        if (scored.value > bestScore.value + EPSILON) [bestSet, bestScore] = [next, scored];
      }
      if (bestSet !== null) [cues, current, changed] = [bestSet, bestScore, true];
    }
  }
  return { cues, treatment: current.treatment };
}

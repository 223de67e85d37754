import { RECALL_KS } from '../../src/evaluation/locomo-benchmark.ts';
import type { LocomoConversation } from '../../src/evaluation/locomo-dataset.ts';

/** recall@k of one question at every k of RECALL_KS, and its category. */
export interface QuestionRecall {
  category: number;
  recall: number[];
}

/** Every setting's per-question recall, by conversation: what the folds choose from. */
export type SettingScores = Map<string, QuestionRecall[]>[];

export interface Fold {
  heldOut: string;
  chosen: number;
  /** The chosen setting's R@k over the four training conversations (questions pooled). */
  inSample: number[];
  /** The chosen setting's R@k on the held-out conversation. */
  heldOutRecall: number[];
  heldOutByCategory: Map<number, number[]>;
}

const K5 = RECALL_KS.indexOf(5);
const K10 = RECALL_KS.indexOf(10);

/** Mean recall at each k over questions (empty: zeros). */
export function meanRecall(questions: readonly QuestionRecall[]): number[] {
  return RECALL_KS.map((_, index) => questions.reduce((sum, question) => sum + question.recall[index]!, 0) / Math.max(1, questions.length));
}

/** What a fold maximises: the mean of R@5 and R@10 (R@5 alone chose settings that lost at R@10 and beyond). */
export function objective(recall: readonly number[]): number {
  return (recall[K5]! + recall[K10]!) / 2;
}

export function byCategory(questions: readonly QuestionRecall[]): Map<number, number[]> {
  const categories = [...new Set(questions.map((question) => question.category))].sort();
  return new Map(categories.map((category) => [category, meanRecall(questions.filter((question) => question.category === category))]));
}

/**
 * Leave-one-conversation-out: for each conversation, the setting with the best
 * objective on the other four (questions pooled; ties: the earlier setting) is
 * scored on it.
 */
export function crossValidate(conversations: readonly LocomoConversation[], scores: SettingScores): Fold[] {
  return conversations.map(({ name: heldOut }) => {
    const training = (setting: Map<string, QuestionRecall[]>) => conversations.filter((conversation) => conversation.name !== heldOut).flatMap((conversation) => setting.get(conversation.name)!);
    let chosen = 0;
    let best = Number.NEGATIVE_INFINITY;
    scores.forEach((setting, index) => {
      const value = objective(meanRecall(training(setting)));
      if (value > best) [best, chosen] = [value, index];
    });
    const held = scores[chosen]!.get(heldOut)!;
    return { heldOut, chosen, inSample: meanRecall(training(scores[chosen]!)), heldOutRecall: meanRecall(held), heldOutByCategory: byCategory(held) };
  });
}

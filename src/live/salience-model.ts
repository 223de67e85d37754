import type { SalienceContext, SalienceFeature } from './salience-features.ts';
import { salienceFeatures } from './salience-features.ts';

// A logistic regression over the salience features, fitted by bench/salience-fit.ts (l2 3, features
// standardised, weights folded back to raw units) on the user turns of the five LoCoMo development
// conversations, a turn labelled memorable when a session observation cites it (594 of 1,388).
// Leave-one-conversation-out, held-out AUC per conversation: 26 0.892, 30 0.860, 41 0.839, 42 0.863,
// 43 0.781 — mean 0.847, pooled 0.839 — against 0.859 in sample and 0.761 for text length alone.
// Its output is a calibrated probability on that data (base rate 0.43), which is why it can stand
// as an importance without rescaling. Through the whole watcher (floors, reinforcement, what is not
// kept) the benchmark gives 0.830 against length 0.761 (docs/salience.md). Refit with
// `npx tsx bench/salience-fit.ts` and paste.
const INTERCEPT = -6.8377;
const WEIGHTS: Record<SalienceFeature, number> = {
  logLength: 1.4077,
  sentences: -0.0395,
  firstPerson: 1.0041,
  firstPersonShare: -0.0912,
  secondPersonShare: -4.8421,
  questionShare: -0.0932,
  chatterShare: -0.2059,
  reactionToOther: -0.2569,
  pastEvent: 0.2727,
  timeExpression: 0.5847,
  plan: 0.0361,
  relationship: 0.4464,
  possession: -0.0477,
  namedEntities: -0.0163,
  emotional: 0.2216,
  preference: 0.048,
  identity: 0.5926,
  negation: -0.1665,
  intensity: -1.4159,
  sharesImage: -0.8195,
  novelty: 0.7077,
  opening: 1.1832,
  answersQuestion: 1.0381,
  previousLength: -0.1287,
  previousEvent: -0.1145,
};

/**
 * How likely a person would remember what a user message says about the user, 0..1: the offline
 * analyzer's importance for what it keeps from the message.
 *
 * @example
 * salienceOf('Wow, that sounds great! Congrats on the promotion!') // ≈ 0.46
 * salienceOf('I adopted a puppy named Oscar last week, my kids adore him!') // ≈ 0.94
 */
export function salienceOf(content: string, context: SalienceContext = {}): number {
  const features = salienceFeatures(content, context);
  let sum = INTERCEPT;
  for (const name of Object.keys(WEIGHTS) as SalienceFeature[]) sum += WEIGHTS[name] * features[name];
  return 1 / (1 + Math.exp(-sum));
}

import type { CURVED_SALIENCE_FEATURES, SalienceContext, SalienceFeature } from './salience-features.ts';
import { salienceFeatures } from './salience-features.ts';

// A logistic regression over the salience features and the squares of the curved ones, fitted by
// bench/salience-fit.ts (features standardised, weights folded back to raw units) on the user turns of
// the five LoCoMo development conversations, a turn labelled memorable when a session observation cites
// it (594 of 1,388). Its shape — L2 penalty 100 over 1–300, squares in — was chosen by
// leave-one-conversation-out on all five; with the same choice made inside each training fold (nested),
// held-out AUC per conversation: 26 0.883, 30 0.877, 41 0.842, 42 0.862, 43 0.802 — mean 0.853, pooled
// 0.847 (l2 3 without squares: mean 0.852, pooled 0.845) — against 0.864 in sample and 0.761 for text
// length alone. Its output is a probability fitted on that data (base rate 0.43), which is why it can
// stand as an importance without rescaling. Through the whole watcher see docs/salience.md. Refit with
// `npx tsx bench/salience-fit.ts` and paste.
type CurvedFeature = (typeof CURVED_SALIENCE_FEATURES)[number];
const INTERCEPT = -3.0855;
const WEIGHTS: Record<SalienceFeature, number> = {
  logLength: 0.3456,
  sentences: 0.0775,
  firstPerson: 0.2709,
  firstPersonShare: 0.9752,
  secondPersonShare: -2.5255,
  questionShare: -0.1553,
  chatterShare: -0.1359,
  reactionToOther: -0.2754,
  pastEvent: 0.2090,
  timeExpression: 0.4216,
  plan: 0.0159,
  relationship: 0.2890,
  possession: 0.0890,
  namedEntities: 0.0302,
  emotional: 0.0360,
  preference: 0.0469,
  identity: 0.3550,
  negation: -0.0755,
  intensity: -0.1398,
  sharesImage: -0.2792,
  novelty: 0.6758,
  opening: 0.2620,
  answersQuestion: 0.6952,
  previousLength: -0.0418,
  previousEvent: -0.1401,
  turnInSession: -0.1661,
  selfStatementShare: 0.3580,
  longestSelfStatement: 0.0588,
  reactionThenNews: 0.1435,
};
// The squares of the curved features (salience-features.ts): each bends its feature's effect.
const SQUARE_WEIGHTS: Record<CurvedFeature, number> = {
  logLength: 0.0385,
  firstPerson: 0.1094,
  firstPersonShare: -6.1376,
  secondPersonShare: -8.8226,
  questionShare: 0.4863,
  chatterShare: -0.3427,
  intensity: -0.4079,
  novelty: -0.1487,
  previousLength: -0.0133,
  turnInSession: -0.0512,
  selfStatementShare: 0.4648,
  longestSelfStatement: 0.0194,
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
  for (const name of Object.keys(SQUARE_WEIGHTS) as CurvedFeature[]) sum += SQUARE_WEIGHTS[name] * features[name] ** 2;
  return 1 / (1 + Math.exp(-sum));
}

import type { SalienceContext, SalienceFeature } from './salience-features.ts';
import { salienceFeatures } from './salience-features.ts';

// A logistic regression over the salience features, fitted by bench/salience-fit.ts (l2 3, features
// standardised, weights folded back to raw units) on the user turns of the five LoCoMo development
// conversations, a turn labelled memorable when a session observation cites it (594 of 1,388).
// Leave-one-conversation-out, held-out AUC per conversation: 26 0.896, 30 0.876, 41 0.842, 42 0.854,
// 43 0.794 — mean 0.852, pooled 0.845 — against 0.865 in sample and 0.761 for text length alone.
// The four cues of the session and of self statements (turnInSession, selfStatementShare,
// longestSelfStatement, reactionThenNews) raised the held-out mean from 0.847 and the pooled from 0.839.
// Its output is a calibrated probability on that data (base rate 0.43), which is why it can stand
// as an importance without rescaling. Through the whole watcher see docs/salience.md. Refit with
// `npx tsx bench/salience-fit.ts` and paste.
const INTERCEPT = -5.0019;
const WEIGHTS: Record<SalienceFeature, number> = {
  logLength: 1.1945,
  sentences: 0.0145,
  firstPerson: 0.6873,
  firstPersonShare: -1.3552,
  secondPersonShare: -4.2643,
  questionShare: 0.1619,
  chatterShare: 0.0386,
  reactionToOther: -0.4682,
  pastEvent: 0.1958,
  timeExpression: 0.5738,
  plan: 0.0269,
  relationship: 0.4199,
  possession: -0.0262,
  namedEntities: 0.0025,
  emotional: 0.1254,
  preference: 0.1079,
  identity: 0.5155,
  negation: -0.1335,
  intensity: -1.2386,
  sharesImage: -0.687,
  novelty: 0.6248,
  opening: 0.171,
  answersQuestion: 0.9292,
  previousLength: -0.193,
  previousEvent: -0.1939,
  turnInSession: -0.4247,
  selfStatementShare: 1.0255,
  longestSelfStatement: 0.0454,
  reactionThenNews: 0.4705,
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

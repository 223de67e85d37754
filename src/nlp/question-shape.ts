/**
 * Words that ask for an inference rather than a fact said: "Would Caroline likely…", "What might John's
 * degree be in?", "Is it likely that…". "may" is left out: the month May would read as one.
 */
const ASKS_FOR_INFERENCE = /\b(?:would|wouldn['’]t|might|likely|unlikely|probably)\b/i;

/**
 * A question that gathers what was said over time: "What has Melanie painted?", "Where has Maria made
 * friends?", "How many hikes has Joanna been on?" — the present perfect after what/where/which (not "What
 * does she have…", a possession), or "how many".
 */
const ASKS_FOR_LIST = /^\s*(?:(?:what|where|which)\b(?!.*\b(?:do|does|did)\b).*\b(?:has|have)\b|how many\b)/i;

/**
 * The shapes of question that recall options can weigh apart (`shapeWeights`, `speakerFreeQuery`):
 * - `inference`: what can be inferred about someone, not what they said ("Would Melanie prefer a national
 *   park or a theme park?" ← her camping trips); its answer shares few of its words;
 * - `list`: what was said over time, in several sittings ("What has Melanie painted?").
 */
export const QUESTION_SHAPES = ['inference', 'list'] as const;
export type QuestionShape = (typeof QUESTION_SHAPES)[number];

/**
 * The shape of a question, or null for any other (a question about one fact). Inference is read first:
 * "What might Caroline have painted?" is one. On the LoCoMo dev split `inference` holds for 31 of the 46
 * open-domain questions and for none of the 714 others; `list` for 67 of the 142 multi-hop questions, 11 of
 * the 418 single-hop, 1 of the 156 temporal and 1 open-domain question. Both were written by reading the
 * questions of all five conversations, not chosen by cross-validation (docs/recall.md).
 *
 * @example
 * questionShape('Would Caroline likely pursue writing?') // 'inference'
 * questionShape('What has Melanie painted?') // 'list'
 * questionShape('What did Caroline paint in May 2023?') // null
 */
export function questionShape(question: string): QuestionShape | null {
  if (ASKS_FOR_INFERENCE.test(question)) return 'inference';
  if (ASKS_FOR_LIST.test(question)) return 'list';
  return null;
}

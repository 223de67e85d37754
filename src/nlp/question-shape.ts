/**
 * The shapes of question that recall options can weigh apart (`shapeWeights`, `speakerFreeQuery`):
 * - `inference`: what can be inferred about someone, not what they said ("Would Melanie prefer a national
 *   park or a theme park?" ← her camping trips); its answer shares few of its words;
 * - `list`: what was said over time, in several sittings ("What has Melanie painted?").
 */
export const QUESTION_SHAPES = ['inference', 'list'] as const;
export type QuestionShape = (typeof QUESTION_SHAPES)[number];

/** One cue a shape's rule reads: kept apart so a bench can switch each on or off (bench/locomo-question-shapes.bench.ts). */
export interface ShapeCue {
  readonly name: string;
  readonly shape: QuestionShape;
  readonly pattern: RegExp;
}

/** "In what cities has…", "With which friends has…": a question word after a preposition. */
const LEADING_PREPOSITION = '(?:(?:in|at|to|from|with|for|on|by|about)\\s+)?';

/**
 * The present perfect after a question word (not "What does she have…", a possession): what/where/which
 * gathering what was done over time.
 */
function gathers(questionWord: string): RegExp {
  return new RegExp(`^\\s*${LEADING_PREPOSITION}${questionWord}\\b(?!.*\\b(?:do|does|did)\\b).*\\b(?:has|have)\\b`, 'i');
}

/** A modal read as asking for a guess, unless the question opens as a request to the listener ("Would you remind me…"). */
function guessing(modal: string): RegExp {
  return new RegExp(`^(?!\\s*${modal}\\s+you\\b).*\\b${modal}\\b`, 'i');
}

/**
 * The cues of the two shapes. Inference: words that ask for an inference rather than a fact said ("Would
 * Caroline likely…", "What might John's degree be in?", "Is it likely that…", "Does she seem…"); "may" is
 * left out, the month May would read as one. List: a question that gathers what was said over time ("What
 * has Melanie painted?", "Where has Maria made friends?", "How many hikes has Joanna been on?", "Name all…").
 * Those LoCoMo's questions match are kept because nested cross-validation chose them in most folds; those
 * it does not match ("probably", "seem", "list/name", …) stand on the phrasings written without it
 * (fixtures/question-shape-phrasings.ts). docs/recall.md, "Honest shapes".
 */
export const SHAPE_CUES: readonly ShapeCue[] = [
  { name: 'would', shape: 'inference', pattern: guessing('would') },
  { name: "wouldn't", shape: 'inference', pattern: /\bwouldn['’]t\b/i },
  { name: 'might', shape: 'inference', pattern: /\bmight\b/i },
  { name: 'likely', shape: 'inference', pattern: /\blikely\b/i },
  { name: 'unlikely', shape: 'inference', pattern: /\bunlikely\b/i },
  { name: 'probably', shape: 'inference', pattern: /\bprobably\b/i },
  { name: 'possibly', shape: 'inference', pattern: /\b(?:possible|possibly|perhaps|maybe)\b/i },
  { name: 'seem', shape: 'inference', pattern: /\bseems?\b/i },
  { name: 'do you think', shape: 'inference', pattern: /\b(?:do|does) you think\b/i },
  { name: 'what … has/have', shape: 'list', pattern: gathers('what') },
  { name: 'where … has/have', shape: 'list', pattern: gathers('where') },
  { name: 'how many', shape: 'list', pattern: /^\s*how many\b(?!.*\b(?:do|does)\b)/i },
  { name: 'list/name', shape: 'list', pattern: /^\s*(?:list|name)\b/i },
  { name: 'all the', shape: 'list', pattern: new RegExp(`^\\s*${LEADING_PREPOSITION}(?:what|which|where|who)\\b.*\\ball (?:the|of)\\b`, 'i') },
];

/**
 * Cues tried and not kept: LoCoMo has questions they match, and no fold of the nested cross-validation chose
 * them (giving those questions a shape's weights did not help recall). Kept here for that bench only.
 */
export const SHAPE_CUES_NOT_KEPT: readonly ShapeCue[] = [
  { name: 'which … has/have', shape: 'list', pattern: gathers('which') },
  { name: 'could', shape: 'inference', pattern: guessing('could') },
];

/**
 * The shape of a question, or null for any other (a question about one fact), read by `cues` (by default
 * SHAPE_CUES). Inference is read first: "What might Caroline have painted?" is one. Of the 760 LoCoMo dev
 * questions with evidence, `inference` holds for 29 of the 44 open-domain ones and for none of the others;
 * `list` for 58 of the 142 multi-hop, 9 of the 418 single-hop, 1 of the 156 temporal and 1 open-domain one.
 * The cues were written by reading the questions of all five conversations; which of them to keep was then
 * chosen by nested cross-validation and checked on phrasings not from LoCoMo (docs/recall.md, "Honest shapes").
 *
 * @example
 * questionShape('Would Caroline likely pursue writing?') // 'inference'
 * questionShape('What has Melanie painted?') // 'list'
 * questionShape('What did Caroline paint in May 2023?') // null
 */
export function questionShape(question: string, cues: readonly ShapeCue[] = SHAPE_CUES): QuestionShape | null {
  let list = false;
  for (const cue of cues) {
    if (!cue.pattern.test(question)) continue;
    if (cue.shape === 'inference') return 'inference';
    list = true;
  }
  return list ? 'list' : null;
}

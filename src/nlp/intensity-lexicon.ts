import type { ContentSignals } from '../spec/content-signals.ts';

/**
 * The whole judgement behind a fact's intensity, as data. Intensity is
 * additive: a plain statement starts at `INTENSITY_BASE` and each cue found in
 * the text adds (or removes) its weight; the sum is clamped to 0.05..1.
 *
 * Calibration targets (see intensity.test.ts):
 * - casual aside ("Oh and I tried a café")                     0.10–0.20
 * - plain statement ("I tried sushi")                          ≈ 0.25
 * - clear mild opinion ("I prefer tea over coffee")             0.30–0.50
 * - strong conviction or emotional charge                       0.60–0.80
 * - sustained, identity-level ("vegan for 10 years, it's who I am") 0.85–1.00
 */
export const INTENSITY_BASE = 0.25;
export const INTENSITY_FLOOR = 0.05;

/** What each content signal (src/nlp/content-signals.ts) adds. */
export const SIGNAL_WEIGHTS: Readonly<Record<keyof ContentSignals, number>> = {
  // Asking to keep something is the strongest statement of weight there is.
  explicitRemember: 0.35,
  // Who the user is changes slowly and colours everything else.
  identity: 0.35,
  emotional: 0.2,
  // What went wrong (or cost something) is what people avoid repeating.
  consequence: 0.2,
  decision: 0.2,
  // An opinion, not yet a conviction: intensifiers and absolutes push it further.
  preference: 0.15,
  absolute: 0.15,
  projectWork: 0.05,
  // "Oh and ...", "btw": the speaker marks it as an aside themselves.
  passingMention: -0.1,
};

/** Cues that are not content signals, with what each adds. */
export const CUE_WEIGHTS = {
  /** Each word in capitals for emphasis (NEVER), on top of the absolute signal; at most two count. */
  shouting: 0.1,
  shoutingCap: 0.15,
  /** One or more exclamation marks. */
  exclamation: 0.05,
  /** Each intensifier ("really", "so much"); at most two count. */
  intensifier: 0.05,
  intensifierCap: 0.1,
  /** Time or effort invested: "for 10 years", "every day", "since 2015". */
  investment: 0.2,
  /** Identity-level framing: "it's who I am", "all my life". */
  identityCore: 0.15,
  /** Reversal of a prior position: "actually", "not anymore", "changed my mind". */
  reversal: 0.1,
  /** Each repeated content word, or extra mention of the subject elsewhere in the message; at most two count. */
  repetition: 0.05,
  repetitionCap: 0.1,
  /** Hedging: "maybe", "kind of", "I guess". */
  hedge: -0.1,
} as const;

export const INTENSIFIERS: readonly RegExp[] = [
  /\breally\b/i,
  /\bso much\b/i,
  /\bvery\b/i,
  /\bextremely\b/i,
  /\bsuper\b/i,
  /\bdeeply\b/i,
  /\bincredibly\b/i,
  /\bseriously\b/i,
  /\bso (?:good|bad|happy|sad|annoying|tired|excited)\b/i,
  /\bsuch an? \w+/i,
];

export const HEDGES: readonly RegExp[] = [
  /\bmaybe\b/i,
  /\bperhaps\b/i,
  /\bkind of\b/i,
  /\bsort of\b/i,
  /\bkinda\b/i,
  /\bi guess\b/i,
  /\bi suppose\b/i,
  /\bnot sure\b/i,
  /\ba (?:little )?bit\b/i,
  /\bsomewhat\b/i,
  /\bmight\b/i,
];

export const INVESTMENT: readonly RegExp[] = [
  /\bfor (?:\d+|a few|several|many|two|three|four|five|ten|twenty) (?:years|months|decades)\b/i,
  /\bsince (?:i was|\d{4}|childhood|college|school)\b/i,
  /\bevery (?:single )?(?:day|morning|night|week|weekend)\b/i,
  /\b(?:years|decades) of\b/i,
  /\bspent (?:\w+ )?(?:years|months|weeks|hours|days)\b/i,
];

export const IDENTITY_CORE: readonly RegExp[] = [
  /\bwho i am\b/i,
  /\bpart of (?:me|who i am|my identity)\b/i,
  /\ball my life\b/i,
  /\bmy whole life\b/i,
  /\bsince i was (?:a kid|little|young|a child)\b/i,
  /\bdefines me\b/i,
];

export const REVERSALS: readonly RegExp[] = [
  /\bactually\b/i,
  /\bnot anymore\b/i,
  /\bany ?more\b/i,
  /\bno longer\b/i,
  /\bchanged my mind\b/i,
  /\bturns out\b/i,
  /\bi was wrong\b/i,
  /\binstead\b/i,
  /\bnow i\b/i,
];

/** Words too common to count as repetition ("I", "the", "to" repeat in any sentence). */
export const REPETITION_IGNORED = new Set([
  'the', 'and', 'but', 'for', 'with', 'that', 'this', 'was', 'are', 'have', 'has', 'had', 'not', 'you', 'your', 'they',
  'them', 'there', 'what', 'when', 'just', 'really', 'very', 'from', 'into', 'about', 'then', 'than', 'its', 'it\'s',
  'i\'m', 'our', 'out', 'all', 'can', 'will', 'would', 'been', 'too', 'also', 'one',
]);

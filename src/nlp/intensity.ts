import type { ContentSignals } from '../spec/content-signals.ts';
import { detectContentSignals, shoutedWords } from './content-signals.ts';
import {
  CUE_WEIGHTS,
  HEDGES,
  IDENTITY_CORE,
  INTENSIFIERS,
  INTENSITY_BASE,
  INTENSITY_FLOOR,
  INVESTMENT,
  REPETITION_IGNORED,
  REVERSALS,
  SIGNAL_WEIGHTS,
} from './intensity-lexicon.ts';

/** One reason an intensity went up or down, for audit logs and `explain` output. */
export interface IntensityContribution {
  cue: string;
  weight: number;
}

export interface IntensityBreakdown {
  intensity: number;
  contributions: IntensityContribution[];
}

export interface IntensityOptions {
  /** How many other statements in the same message mention this one's subject. */
  otherMentions?: number;
}

function countMatches(text: string, patterns: readonly RegExp[]): number {
  return patterns.filter((pattern) => pattern.test(text)).length;
}

function repeatedWords(text: string): number {
  const words = (text.toLowerCase().match(/[\p{L}']{3,}/gu) ?? []).filter((word) => !REPETITION_IGNORED.has(word));
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.values()].filter((count) => count > 1).length;
}

function capped(count: number, each: number, cap: number): number {
  return Math.min(count * each, cap);
}

function cues(text: string, options: IntensityOptions): IntensityContribution[] {
  const repetitions = repeatedWords(text) + (options.otherMentions ?? 0);
  return [
    { cue: 'shouting', weight: capped(shoutedWords(text).length, CUE_WEIGHTS.shouting, CUE_WEIGHTS.shoutingCap) },
    { cue: 'exclamation', weight: text.includes('!') ? CUE_WEIGHTS.exclamation : 0 },
    { cue: 'intensifier', weight: capped(countMatches(text, INTENSIFIERS), CUE_WEIGHTS.intensifier, CUE_WEIGHTS.intensifierCap) },
    { cue: 'investment', weight: countMatches(text, INVESTMENT) > 0 ? CUE_WEIGHTS.investment : 0 },
    { cue: 'identityCore', weight: countMatches(text, IDENTITY_CORE) > 0 ? CUE_WEIGHTS.identityCore : 0 },
    { cue: 'reversal', weight: countMatches(text, REVERSALS) > 0 ? CUE_WEIGHTS.reversal : 0 },
    { cue: 'repetition', weight: capped(repetitions, CUE_WEIGHTS.repetition, CUE_WEIGHTS.repetitionCap) },
    { cue: 'hedge', weight: countMatches(text, HEDGES) > 0 ? CUE_WEIGHTS.hedge : 0 },
  ];
}

/**
 * Scores how strongly a statement is held, 0..1, and lists every cue that
 * moved the score, so a stored intensity can always be explained.
 *
 * @example
 * explainIntensity('I NEVER want to use Redux again, it was a nightmare.').contributions
 * // [{ cue: 'base', weight: 0.25 }, { cue: 'consequence', weight: 0.2 }, { cue: 'preference', weight: 0.15 },
 * //  { cue: 'absolute', weight: 0.15 }, { cue: 'shouting', weight: 0.1 }]
 */
export function explainIntensity(
  text: string,
  signals: ContentSignals = detectContentSignals(text),
  options: IntensityOptions = {},
): IntensityBreakdown {
  const straightened = text.replace(/[‘’]/g, "'");
  const contributions: IntensityContribution[] = [{ cue: 'base', weight: INTENSITY_BASE }];
  for (const key of Object.keys(SIGNAL_WEIGHTS) as (keyof ContentSignals)[]) {
    if (signals[key]) contributions.push({ cue: key, weight: SIGNAL_WEIGHTS[key] });
  }
  contributions.push(...cues(straightened, options).filter((contribution) => contribution.weight !== 0));
  const sum = contributions.reduce((total, contribution) => total + contribution.weight, 0);
  const intensity = Math.round(Math.min(1, Math.max(INTENSITY_FLOOR, sum)) * 100) / 100;
  return { intensity, contributions };
}

/**
 * How strongly a statement is held, 0..1: a casual aside scores 0.1–0.2, a mild
 * opinion 0.3–0.5, a strong conviction 0.6–0.8, an identity-level statement
 * 0.85 and up. See intensity-lexicon.ts for every weight.
 *
 * @example
 * scoreIntensity('Oh and I tried that new café on Sukhumvit.', detectContentSignals('Oh and I tried that new café on Sukhumvit.')) // 0.15
 */
export function scoreIntensity(
  text: string,
  signals: ContentSignals = detectContentSignals(text),
  options: IntensityOptions = {},
): number {
  return explainIntensity(text, signals, options).intensity;
}

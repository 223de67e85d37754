// wink-nlp and compromise take time growing with the square of a run of characters without a space: wink read
// "My password is " + 40,000 × "q" in 1.25 s and 40,000 characters of "ab-ab-…" in 6.7 s; compromise 40,000 of
// "a.a.…" in 1.5 s (2026-11-27). A memory may hold 64 KiB, and forgetting by description analyses every candidate,
// so one such memory made `forget_memory` take 16 s. A run that long is no word, name or date either analyser
// would find: it is read as one placeholder word and given back as written.

/** Runs of non-space characters longer than this are read as one placeholder word. */
export const LONGEST_ANALYSED_RUN = 100;

const LONG_RUN = new RegExp(`\\S{${LONGEST_ANALYSED_RUN + 1},}`, 'gu');

/** A text with its long runs stood in for, and how to give them back. */
export interface ShortenedText {
  /** The text to analyse. */
  text: string;
  /** The placeholder each long run became ('' when there were none). */
  placeholder: string;
  /** The long runs, in order of appearance. */
  runs: string[];
}

/**
 * The text with every run of more than {@link LONGEST_ANALYSED_RUN} non-space characters replaced by a word that
 * does not occur in it.
 *
 * @example
 * shortenLongRuns(`key ${'q'.repeat(200)}`) // { text: 'key longrun', placeholder: 'longrun', runs: ['qqq…'] }
 */
export function shortenLongRuns(text: string): ShortenedText {
  const runs: string[] = [];
  LONG_RUN.lastIndex = 0;
  if (!LONG_RUN.test(text)) return { text, placeholder: '', runs };
  let placeholder = 'longrun';
  while (text.includes(placeholder)) placeholder += 'x';
  return { text: text.replace(LONG_RUN, (run) => (runs.push(run), placeholder)), placeholder, runs };
}

/**
 * Gives back the runs in `pieces` (an analyser's output, in the text's order) where the placeholder stands: each
 * piece, whole or as part of it, takes the next runs in order.
 */
export function restoreLongRuns(shortened: ShortenedText, pieces: readonly string[]): string[] {
  if (shortened.runs.length === 0) return [...pieces];
  let next = 0;
  return pieces.map((piece) => piece.split(shortened.placeholder).reduce((restored, part) => `${restored}${shortened.runs[next++] ?? shortened.placeholder}${part}`));
}

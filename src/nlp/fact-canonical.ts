import { shoutedWords } from './content-signals.ts';
import { JOB_WORDS, USER_SUBJECT } from './predicates.ts';
import { thirdPersonSingular } from './third-person.ts';
import { splitTrailingTime } from './time-expressions.ts';

const S = USER_SUBJECT;

/** Intensity from which an aversion is stored as "strongly dislikes". */
export const STRONG_DISLIKE_INTENSITY = 0.6;

type Rewrite = (match: RegExpExecArray, intensity: number) => string[];

const rewrite = (source: string, to: Rewrite): [RegExp, Rewrite] => [new RegExp(`^${source}$`, 'i'), to];

// Each rule turns one wording into the canonical one parse-fact.ts reads, so
// "I actually moved to Lisbon" and "I live in Lisbon" store the same fact.
const REWRITES: readonly [RegExp, Rewrite][] = [
  rewrite(
    `${S} (?:never|no longer|doesn't|does not) (?:ever )?(?:wants|wishes) to (?:use|touch|eat|drink|see|try|work with|deal with|go back to|visit|hear about|play|read|watch) (.+?)(?: ever)?(?: again| any ?more)?`,
    (match, intensity) => [`${match[1]} ${intensity >= STRONG_DISLIKE_INTENSITY ? 'strongly dislikes' : 'dislikes'} ${match[2]}`],
  ),
  rewrite(`${S} (?:just |recently |finally |now |also )?(?:moved|relocated|has moved|has relocated|has just moved|has finally moved) to (.+)`, (match) => {
    // "moved to Berlin last year": where the user lives is Berlin; when they moved stays beside it.
    const { head, when } = splitTrailingTime(match[2] ?? '');
    return [when === null ? `${match[1]} lives in ${head}` : `${match[1]} lives in ${head} (moved there ${when})`];
  }),
  rewrite(`${S} (?:is based|is living|resides|currently lives|now lives) in (.+)`, (match) => [`${match[1]} lives in ${match[2]}`]),
  rewrite(`${S} (?:is called|goes by|is named) (.+)`, (match) => [`${match[1]}'s name is ${match[2]}`]),
  rewrite(`${S} works (?:at|for) (.+?) as (an? .+|[\\w -]+)`, (match) => [`${match[1]} works at ${match[2]}`, `${match[1]} works as ${match[3]}`]),
  rewrite(`${S} works for (.+)`, (match) => [`${match[1]} works at ${match[2]}`]),
  rewrite(`${S} is (an? [\\w -]+?) (?:at|for) (.+)`, (match) =>
    JOB_WORDS.test(match[2] ?? '') ? [`${match[1]} works as ${match[2]}`, `${match[1]} works at ${match[3]}`] : [],
  ),
  rewrite(`${S} is (an? .+)`, (match) => (JOB_WORDS.test(match[2] ?? '') ? [`${match[1]} works as ${match[2]}`] : [])),
  rewrite(`${S} (?:doesn't|does not) (\\w+) (.+?) any ?more`, (match) => [`${match[1]} no longer ${thirdPersonSingular(match[2] ?? '')} ${match[3]}`]),
  rewrite(`${S} (switched|moved|migrated) (?:over )?to (.+?) from (.+)`, (match) => [
    `${match[1]} ${match[2]} to ${match[3]}`,
    `${match[1]} no longer uses ${match[4]}`,
  ]),
  rewrite(`${S} would rather (?:have |drink |eat |use |do |go with )?(.+?) than (.+)`, (match) => [`${match[1]} prefers ${match[2]} over ${match[3]}`]),
  rewrite(`${S} prefers (.+?) (?:to|rather than|instead of) (.+)`, (match) => [`${match[1]} prefers ${match[2]} over ${match[3]}`]),
  rewrite(`${S} (?:really )?(?:likes|loves|enjoys) (.+?) more than (.+)`, (match) => [`${match[1]} prefers ${match[2]} over ${match[3]}`]),
];

/**
 * Rewrites a third-person statement into the canonical wording(s) of its
 * fact; a statement holding two facts ("works at Acme as a nurse") comes back
 * as two. Words shouted in capitals are lower-cased: the emphasis is already
 * in the intensity.
 *
 * @example
 * canonicalFacts('User NEVER wants to use Redux again', 0.85) // ['User strongly dislikes Redux']
 * canonicalFacts('User moved to Lisbon', 0.5) // ['User lives in Lisbon']
 */
export function canonicalFacts(statement: string, intensity: number): string[] {
  // "now" and "these days" date the statement, not the fact.
  let text = statement
    .trim()
    .replace(/[.!?;,\s]+$/u, '')
    .replace(/,?\s+(?:now|these days|nowadays|at the moment|right now|currently)$/i, '');
  // One pass over the words shoutedWords reads: a pattern built of each word was a SyntaxError ("too large") for a
  // shouted run of tens of thousands of capitals, and the live watcher's batch holding it failed on every poll.
  const shouted = new Set(shoutedWords(text));
  if (shouted.size > 0) text = text.replace(/\b[A-Z][A-Z']+\b/g, (word) => (shouted.has(word) ? word.toLowerCase() : word));
  for (const [pattern, to] of REWRITES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const facts = to(match, intensity);
    if (facts.length > 0) return facts.map((fact) => fact.replace(/^the user\b/i, 'User').replace(/^user\b/, 'User'));
  }
  return [text];
}

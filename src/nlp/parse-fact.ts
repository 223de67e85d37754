import type { FactPolarity, FactStructure } from './fact.ts';
import { infinitiveOf } from './compromise-adapter.ts';
import { JOB_WORDS, USER_SUBJECT } from './predicates.ts';
import { splitTrailingTime } from './time-expressions.ts';
import { analyzeWithWink, type WinkToken } from './wink-adapter.ts';

const S = USER_SUBJECT;

interface Rule {
  pattern: RegExp;
  /** The predicate, or undefined when this match is not what the rule is about. */
  predicate: (match: RegExpExecArray) => string | undefined;
  polarity: FactPolarity | ((match: RegExpExecArray) => FactPolarity);
  /** Which capture group is the object (default 2); a function for composite objects. */
  object?: number | ((match: RegExpExecArray) => string);
  /** Which capture group is the subject (default 1); a function for "User's dog". */
  subject?: (match: RegExpExecArray) => string;
}

const rule = (source: string, predicate: string | Rule['predicate'], polarity: Rule['polarity'], extra: Partial<Rule> = {}): Rule => ({
  pattern: new RegExp(`^${source}$`, 'i'),
  predicate: typeof predicate === 'string' ? () => predicate : predicate,
  polarity,
  ...extra,
});

// British and American spellings name the same favourite: "colour" → "color".
function favoriteKey(key: string): string {
  return key.trim().toLowerCase().replace(/\s+/g, '_').replace(/our$/, 'or');
}

const negatedIf = (group: number) => (match: RegExpExecArray): FactPolarity => (match[group] ? 'negative' : 'neutral');

const DISLIKE_VERBS =
  "(?:strongly |really |absolutely |now |still )?(?:dislikes|hates|detests|loathes|despises|can't stand|cannot stand|doesn't like|does not like|doesn't enjoy|does not enjoy|no longer likes|no longer enjoys|(?:is not|isn't|is no longer) (?:a (?:big |huge )?)?fan of|is no fan of|is sick of|is tired of|avoids|is done with|never wants to use|doesn't want to use|does not want to use)";
const LIKE_VERBS =
  '(?:really |absolutely |now |still |also |truly |kind of |sort of |kinda )?(?:likes|loves|enjoys|adores|is a (?:big |huge )?fan of|is into|is passionate about|is obsessed with|is keen on)';
const STOP_USING =
  "(?:stopped using|no longer uses|doesn't use|does not use|decided against(?: using)?|moved away from|switched away from|dropped|abandoned)";
const START_USING =
  '(?:decided to use|decided to go with|decided to switch to|decided to adopt|decided on|chose|picked|is going with|went with|switched to|is switching to|migrated to|is migrating to|uses|is using|adopted|settled on|agreed to use|now uses)';

// Ordered: specific wordings before the general ones they overlap with.
const RULES: readonly Rule[] = [
  rule(`${S}'s (wife|husband|partner|boyfriend|girlfriend|boss|manager)(?:'s name)? is (?:called |named )?(.+)`, (match) => (match[2] ?? '').toLowerCase(), 'neutral', { object: 3 }),
  rule(`${S}'s (?:first |full )?name is (.+)`, 'name', 'neutral'),
  rule(`${S} has an? ([\\w-]+) (?:named|called) (.+)`, 'name', 'neutral', {
    subject: (match) => `${match[1] ?? 'user'}'s ${match[2] ?? ''}`,
    object: 3,
  }),
  rule(`${S}'s birthday is (?:on )?(.+)`, 'birthday', 'neutral'),
  rule(`${S} was born on (.+)`, 'birthday', 'neutral'),
  rule(`${S} (?:is called|is named|goes by) (.+)`, 'name', 'neutral'),
  rule(`${S} is (\\d{1,3})(?: years old| years of age)?`, 'age', 'neutral'),
  rule(`${S} (?:no longer lives|doesn't live|does not live|moved away from|moved out of) (?:in )?(.+?)(?: any ?more)?`, 'lives_in', 'negative'),
  rule(`${S} (?:now |currently |still |just )?(?:lives|is living|is based|resides|moved|has moved|relocated|has relocated) (?:in|to) (.+)`, 'lives_in', 'neutral', {
    // The place, not when: "Berlin (moved there last year)", "Berlin since 2019" live in Berlin.
    object: (match) => splitTrailingTime((match[2] ?? '').replace(/\s*\([^)]*\)$/, '')).head,
  }),
  rule(`${S} (?:is from|was born in|grew up in|comes from|is originally from) (.+)`, 'from', 'neutral'),
  rule(`${S} (?:no longer works|doesn't work|does not work|stopped working|quit (?:their|the) job|left (?:their|the) job) (?:at|for) (.+?)(?: any ?more)?`, 'works_at', 'negative'),
  rule(`${S} (?:now |currently |still )?(?:works|is working|has worked) as (?:an? )?(.+)`, 'job', 'neutral'),
  rule(`${S} (?:now |currently |still )?(?:works|is working|has worked|started working|started a new job|got a job|is employed|was hired) (?:at|for|by) (.+)`, 'works_at', 'neutral'),
  rule(`${S} joined (.+)`, 'works_at', 'neutral'),
  rule(`${S} is (?:an? )?(.+)`, (match) => (JOB_WORDS.test(match[2] ?? '') ? 'job' : undefined), 'neutral'),
  rule(`${S} (?:is|got|has been|recently got) (married|single|divorced|engaged|widowed|separated|in a relationship)(?: .*)?`, 'relationship_status', 'neutral'),
  rule(`${S}'s favou?rite ([\\w ]+?) is (.+)`, (match) => `favorite_${favoriteKey(match[2] ?? '')}`, 'neutral', { object: 3 }),
  rule(`${S}'s ([\\w-]+)(?:'s name)? is (?:called|named) (.+)`, 'name', 'neutral', {
    subject: (match) => `${match[1] ?? 'user'}'s ${match[2] ?? ''}`,
    object: 3,
  }),
  rule(`${S} is (not |no longer )?allergic to (.+)`, 'allergic_to', negatedIf(2), { object: 3 }),
  rule(`${S} (?:is|has been|became|went) (no longer |not )?(?:a )?(vegan|vegetarian|pescatarian|keto|gluten-free)(?: .*)?`, 'diet', negatedIf(2), { object: 3 }),
  rule(`${S} (?:prefers|would rather (?:have |drink |eat |use |do |go with )?)(.+?) (?:over|to|than|instead of|rather than) (.+)`, 'prefers', 'positive', {
    object: (match) => `${match[2] ?? ''} over ${match[3] ?? ''}`,
  }),
  rule(`${S} prefers (.+)`, 'prefers', 'positive'),
  rule(`${S} ${DISLIKE_VERBS} (.+)`, 'dislikes', 'negative'),
  rule(`${S} ${LIKE_VERBS} (.+)`, 'likes', 'positive'),
  rule(`${S} ${STOP_USING} (.+)`, 'uses', 'negative'),
  rule(`${S} ${START_USING} (.+)`, 'uses', 'neutral'),
];

const NEGATIONS = new Set(['not', "n't", 'never', 'no', 'longer', 'nt']);
const CESSATION = new Set(['stop', 'quit']);

// wink sometimes tags the verb after "User" as a noun ("User lives alone" →
// lemma "life"); the word in that slot is a verb, so compromise's verb
// conjugation gives its lemma instead.
function verbLemma(token: WinkToken): string {
  return token.pos === 'VERB' || token.pos === 'AUX' ? token.lemma : infinitiveOf(token.normal);
}

function rebuild(tokens: WinkToken[]): string {
  return tokens.map((token, index) => (index === 0 ? token.value : token.space + token.value)).join('');
}

const LEADING_USER_SUBJECT = new RegExp(`^${S}\\s`, 'i');
const HEDGE_WORDS = new Set(['kind', 'sort', 'of', 'kinda', 'sorta']);

// How many tokens spell the subject: "User's team" is three ("User", "'s", "team").
function subjectLength(tokens: WinkToken[], fact: string): number {
  const subject = LEADING_USER_SUBJECT.exec(fact)?.[1];
  if (subject !== undefined) {
    let length = 0;
    let covered = 0;
    while (covered < subject.length && length < tokens.length) covered = rebuild(tokens.slice(0, ++length)).length;
    return length;
  }
  // Not about the user: the subject runs up to the first verb. A "verb" right
  // after a determiner is a noun the tagger misread ("the deploy key").
  return tokens.findIndex((token, index) => (token.pos === 'VERB' || token.pos === 'AUX') && tokens[index - 1]?.pos !== 'DET');
}

// Any fact the rules do not know: the predicate is the lemma of the verb after
// the subject (plus a preposition glued to it: "go_to"), and negation before
// the object makes it negative. After a known subject the next word is taken
// as the verb whatever its tag: wink reads "User visits her" as a noun.
function parseGeneric(fact: string): Omit<FactStructure, 'fact'> {
  const tokens = analyzeWithWink(fact).tokens.filter((token) => token.kind !== 'punctuation' || token.value === "'s");
  const verbAt = subjectLength(tokens, fact);
  if (verbAt <= 0) return { subject: fact.toLowerCase(), predicate: 'is', object: '', polarity: 'neutral' };
  let index = verbAt;
  let negated = false;
  let lastAuxiliary: WinkToken | undefined;
  while (index < tokens.length) {
    const token = tokens[index] as WinkToken;
    if (NEGATIONS.has(token.normal)) negated = true;
    else if (token.pos === 'AUX') lastAuxiliary = token;
    else if (token.pos !== 'ADV' && token.pos !== 'PART' && !HEDGE_WORDS.has(token.normal)) break;
    index++;
  }
  const main = tokens[index];
  let predicate = lastAuxiliary?.lemma ?? 'be';
  if (main && (main.pos === 'VERB' || !lastAuxiliary)) {
    predicate = verbLemma(main);
    index++;
  }
  // "User stopped drinking coffee" negates "User drinks coffee".
  const gerund = tokens[index];
  if (CESSATION.has(predicate) && gerund && /ing$/.test(gerund.normal)) {
    predicate = infinitiveOf(gerund.normal);
    negated = true;
    index++;
  }
  const particle = tokens[index];
  if (particle && (particle.pos === 'ADP' || particle.pos === 'PART') && index < tokens.length - 1) {
    predicate = `${predicate}_${particle.normal}`;
    index++;
  }
  return {
    subject: rebuild(tokens.slice(0, verbAt)).toLowerCase(),
    predicate,
    object: rebuild(tokens.slice(index)),
    polarity: negated ? 'negative' : 'neutral',
  };
}

/**
 * Recovers subject, predicate, object and polarity from a stored third-person
 * fact ("User no longer lives in Berlin" → user / lives_in / Berlin /
 * negative), so facts stored as plain text can be compared with new ones.
 *
 * @example
 * parseFact('User strongly dislikes Redux')
 * // { fact: 'User strongly dislikes Redux', subject: 'user', predicate: 'dislikes', object: 'Redux', polarity: 'negative' }
 */
export function parseFact(factText: string): FactStructure {
  const fact = factText.trim();
  const text = fact.replace(/[‘’]/g, "'").replace(/[.!?]+$/u, '').trim();
  for (const candidate of RULES) {
    const match = candidate.pattern.exec(text);
    if (!match) continue;
    const predicate = candidate.predicate(match);
    if (predicate === undefined) continue;
    const object = typeof candidate.object === 'function' ? candidate.object(match) : (match[candidate.object ?? 2] ?? '');
    const polarity = typeof candidate.polarity === 'function' ? candidate.polarity(match) : candidate.polarity;
    const subject = (candidate.subject?.(match) ?? match[1] ?? 'user').toLowerCase().replace(/^the /, '');
    return { fact, subject, predicate, object: object.trim(), polarity };
  }
  return { fact, ...parseGeneric(text) };
}

import { analyzeWithWink, type WinkToken } from './wink-adapter.ts';

// Expanded before tagging: wink's lite tokenizer keeps a sentence-initial
// "I'm" as one token, which would hide the verb.
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\bI'm\b/gi, 'I am'],
  [/\bI've\b/gi, 'I have'],
  [/\bI'd\b/gi, 'I would'],
  [/\bI'll\b/gi, 'I will'],
  [/\bwe're\b/gi, 'we are'],
  [/\bwe've\b/gi, 'we have'],
  [/\bwe'll\b/gi, 'we will'],
  [/\bwe'd\b/gi, 'we would'],
];

// How a statement opens decides who the fact is about.
const SUBJECTS: readonly [RegExp, string][] = [
  [/^I\s+/, 'User '],
  [/^we\s+/i, "User's team "],
  [/^my\s+/i, "User's "],
  [/^our\s+/i, "User's team's "],
  [/^let's\s+/i, "User's team decided to "],
];

// Said to soften or frame, not part of the fact ("I actually moved to Lisbon").
const DROPPED_ADVERBS = new Set(['actually', 'honestly', 'literally', 'basically', 'personally']);

// Later mentions of the speaker, once the subject is "User".
const OBJECT_PRONOUNS: Readonly<Record<string, string>> = {
  i: 'they',
  me: 'them',
  my: 'their',
  mine: 'theirs',
  myself: 'themselves',
  we: 'they',
  us: 'them',
  our: 'their',
  ours: 'theirs',
  ourselves: 'themselves',
};

// After "they" (from "I"/"we"), the verb must agree: "since they were a kid".
const PLURAL_AGREEMENT: Readonly<Record<string, string>> = { am: 'are', was: 'were', is: 'are', has: 'have' };

// Verbs whose past tense is spelled like their base form. In a statement
// about oneself they are nearly always past ("I quit smoking", "I cut out
// sugar"), so they are left as written rather than turned into "quits".
const SAME_FORM_PAST = new Set(['quit', 'cut', 'put', 'set', 'hit', 'hurt', 'shut', 'split', 'upset', 'broadcast']);

const THIRD_PERSON_AUXILIARIES: Readonly<Record<string, string>> = { am: 'is', are: 'is', have: 'has', do: 'does', were: 'was' };

/**
 * The third-person singular of a verb's base form ("try" → "tries").
 *
 * @example
 * thirdPersonSingular('go') // 'goes'
 */
export function thirdPersonSingular(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { be: 'is', have: 'has', do: 'does', go: 'goes' };
  let result = irregular[lower];
  if (result === undefined) {
    if (/(s|sh|ch|x|z|o)$/.test(lower)) result = `${lower}es`;
    else if (/[^aeiou]y$/.test(lower)) result = `${lower.slice(0, -1)}ies`;
    else result = `${lower}s`;
  }
  return verb === verb.toUpperCase() && verb.length > 1 ? result.toUpperCase() : result;
}

function matchCase(original: string, replacement: string): string {
  return original === original.toUpperCase() && original.length > 1 ? replacement.toUpperCase() : replacement;
}

function isBaseVerb(token: WinkToken): boolean {
  return token.pos === 'VERB' && token.normal === token.lemma;
}

// The first verb after the subject takes the subject's person; so does a
// verb coordinated with it ("I live in Berlin and work at Acme").
function conjugate(token: WinkToken): string | undefined {
  const auxiliary = THIRD_PERSON_AUXILIARIES[token.normal];
  if (auxiliary !== undefined && (token.pos === 'AUX' || token.pos === 'VERB')) return matchCase(token.value, auxiliary);
  if (isBaseVerb(token) && !SAME_FORM_PAST.has(token.normal)) return thirdPersonSingular(token.value);
  return undefined;
}

// "I tried that new café" → "User tried a new café": a demonstrative only
// makes sense in the conversation it was said in. Left alone when it opens a
// clause ("I think that cats are great").
function demonstrativeReplacement(tokens: WinkToken[], index: number): string | undefined {
  const token = tokens[index];
  if (!token || !['that', 'this'].includes(token.normal)) return undefined;
  let end = index + 1;
  while (tokens[end] && ['ADJ', 'NOUN', 'PROPN'].includes(tokens[end]?.pos ?? '') && tokens[end]?.value === tokens[end]?.normal) end++;
  const following = tokens[end];
  if (end === index + 1 || (following && ['VERB', 'AUX', 'PART', 'PRON'].includes(following.pos))) return undefined;
  return /^[aeiou]/i.test(tokens[index + 1]?.value ?? '') ? 'an' : 'a';
}

// Tagged with its subject still in place: without it wink reads "work at
// Acme" as a noun phrase. The subject token itself is not rewritten here.
function rewritePredicate(statement: string): string {
  const tokens = analyzeWithWink(statement).tokens.slice(1);
  const words: string[] = [];
  let verbDone = false;
  let presentTense = false;
  let afterPlural = false;
  tokens.forEach((token, index) => {
    let value = token.value;
    const previous = tokens[index - 1];
    if (DROPPED_ADVERBS.has(token.normal)) return;
    // "I kind of like jazz": the hedge sits between subject and verb like an adverb.
    const hedge = ['kind', 'sort'].includes(token.normal) && tokens[index + 1]?.normal === 'of';
    const hedgeTail = token.normal === 'of' && ['kind', 'sort'].includes(previous?.normal ?? '');
    if (!verbDone && token.pos !== 'ADV' && !hedge && !hedgeTail) {
      // After a hedge the tagger reads "like" as a preposition; it is the verb.
      const afterHedge = previous?.normal === 'of' && ['kind', 'sort'].includes(tokens[index - 2]?.normal ?? '');
      const conjugated = afterHedge ? thirdPersonSingular(token.value) : conjugate(token);
      if (conjugated !== undefined) value = conjugated;
      presentTense = conjugated !== undefined;
      verbDone = true;
    } else if (presentTense && previous?.pos === 'CCONJ' && isBaseVerb(token)) {
      value = thirdPersonSingular(token.value);
    } else if (OBJECT_PRONOUNS[token.normal] !== undefined && token.pos === 'PRON' || ['my', 'our'].includes(token.normal)) {
      value = matchCase(token.value, OBJECT_PRONOUNS[token.normal] ?? token.value);
      afterPlural = ['i', 'we'].includes(token.normal);
      words.push(`${token.space}${value}`);
      return;
    } else if (afterPlural && PLURAL_AGREEMENT[token.normal] !== undefined) {
      value = PLURAL_AGREEMENT[token.normal] ?? value;
    } else {
      value = demonstrativeReplacement(tokens, index) ?? value;
    }
    afterPlural = false;
    words.push(`${words.length === 0 ? '' : token.space}${value}`);
  });
  return words.join('').replace(/^\s+/, '');
}

/**
 * Rewrites a first-person statement as a third-person fact about "User"
 * ("I actually moved to Lisbon" → "User moved to Lisbon"), or returns
 * undefined when the statement is not about the speaker.
 *
 * @example
 * toThirdPerson("I'm allergic to peanuts.") // 'User is allergic to peanuts'
 */
export function toThirdPerson(statement: string): string | undefined {
  let text = statement.replace(/[‘’]/g, "'").replace(/\bi\b/g, 'I').trim().replace(/[.!?;,\s]+$/u, '');
  for (const [pattern, expansion] of CONTRACTIONS) text = text.replace(pattern, expansion);
  const callMe = /^call me (.+)$/i.exec(text);
  if (callMe?.[1]) return `User's name is ${callMe[1]}`;
  for (const [pattern, subject] of SUBJECTS) {
    const match = pattern.exec(text);
    if (!match) continue;
    // "My name is ..." has its verb already in the third person; only a
    // pronoun subject needs its verb conjugated.
    const needsConjugation = /^(I|we)\s/i.test(match[0]);
    // About another ("My sister gave me her old bike"), the speaker is named: "them" there read as the sister's.
    const rest = needsConjugation ? rewritePredicate(text) : /^my\s/i.test(match[0]) ? speakerNamed(text.slice(match[0].length)) : rewriteObjects(text.slice(match[0].length));
    return `${subject}${rest}`.trim();
  }
  return undefined;
}

/** The speaker named in a statement about another: "me" and "I" as User, the verb after "I" agreeing ("I am" → "User is"). */
function speakerNamed(text: string): string {
  return nameTheSpeaker(text.replace(/\bI\s+(am|have|was|do)\b/g, (_, verb: string) => `User ${THIRD_PERSON_AUXILIARIES[verb] ?? verb}`).replace(/\bI\b/g, 'User'));
}

function rewriteObjects(text: string): string {
  return text.replace(/\b(I|me|my|mine|myself|we|us|our|ours|ourselves)\b/gi, (word) => matchCase(word, OBJECT_PRONOUNS[word.toLowerCase()] ?? word));
}

// In a statement about something else, the speaker is named: "Hiking keeps
// me sane" → "Hiking keeps User sane".
const SPEAKER_MENTIONS: Readonly<Record<string, string>> = {
  me: 'User',
  my: "User's",
  mine: "User's",
  myself: 'User',
  us: "User's team",
  our: "User's team's",
};

/**
 * Names the speaker in a statement that is not about them.
 *
 * @example
 * nameTheSpeaker('Hiking keeps me sane') // 'Hiking keeps User sane'
 */
export function nameTheSpeaker(statement: string): string {
  return statement.replace(/\b(me|my|mine|myself|us|our)\b/gi, (word) => SPEAKER_MENTIONS[word.toLowerCase()] ?? word);
}

import { analyzeWithCompromise, type Phrase } from './compromise-adapter.ts';
import { analyzeWithWink, type WinkToken } from './wink-adapter.ts';

// A proper noun names the thing a memory is about, a verb only says what
// happened to it; adjectives carry opinion but rarely make a good search key.
const POS_WEIGHT: Readonly<Record<string, number>> = {
  PROPN: 3,
  NOUN: 2,
  VERB: 1,
  ADJ: 0.5,
};

// Verbs so common in chat that they say nothing about the topic. wink's stop
// word list keeps them because they are content words in general English.
const LIGHT_VERBS = new Set([
  'be', 'have', 'do', 'get', 'go', 'make', 'want', 'let', 'say', 'seem', 'know', 'think', 'need', 'guess', 'mean', 'feel',
]);

// Adjectives the lite tagger sometimes calls proper nouns ("that new café");
// they are never what a text is about.
const VAGUE_ADJECTIVES = new Set(['new', 'old', 'good', 'bad', 'great', 'nice', 'big', 'small', 'last', 'next', 'other', 'same', 'whole', 'real']);

// "kind of", "sort of": hedges the tagger reads as nouns.
const HEDGE_NOUNS = new Set(['kind', 'sort', 'kinda', 'sorta']);

// Nouns too generic to be a topic on their own.
const GENERIC_NOUNS = new Set(['thing', 'things', 'stuff', 'lot', 'way', 'time', 'bit', 'kind', 'sort', 'something', 'anything']);

interface Term {
  key: string;
  weight: number;
}

function hasUpperCase(value: string): boolean {
  return value !== value.toLowerCase();
}

// wink's lite tagger calls some lower-case words PROPN ("that new café"); a
// proper noun the writer did not capitalise (in a text that uses capitals at
// all) is scored as a common noun instead.
function effectivePos(token: WinkToken, textUsesCase: boolean): string {
  if (token.pos === 'PROPN' && textUsesCase && !hasUpperCase(token.value)) return 'NOUN';
  return token.pos;
}

function isContentToken(token: WinkToken, pos: string): boolean {
  // wink keeps a sentence-initial "I'm" as one token; it is still a stop word.
  if (token.kind !== 'word' || token.stopWord || /^(i|you|we|they|he|she|it)['’]/i.test(token.value)) return false;
  if (HEDGE_NOUNS.has(token.normal)) return false;
  if (!(pos in POS_WEIGHT) || token.lemma.length < 2 || (pos !== 'PROPN' && VAGUE_ADJECTIVES.has(token.normal))) return false;
  return !(pos === 'VERB' && LIGHT_VERBS.has(token.lemma));
}

function isNamePart(token: WinkToken): boolean {
  return token.kind === 'word' && /^\p{Lu}/u.test(token.value) && ['PROPN', 'NOUN', 'ADJ'].includes(token.pos);
}

// Runs of capitalised words holding a proper noun ("New York", "Angela
// Merkel") are one keyword, not two; wink tags "New" in "New York" a NOUN.
function nameRunLength(tokens: WinkToken[], from: number): number {
  let end = from;
  while (end < tokens.length && tokens[end]?.sentence === tokens[from]?.sentence && isNamePart(tokens[end] as WinkToken)) end++;
  const run = tokens.slice(from, end);
  return run.length > 1 && run.some((token) => token.pos === 'PROPN') ? run.length : 1;
}

function terms(tokens: WinkToken[], textUsesCase: boolean): Term[] {
  const result: Term[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as WinkToken;
    const runLength = nameRunLength(tokens, index);
    if (runLength > 1) {
      const name = tokens.slice(index, index + runLength).map((part) => part.normal);
      result.push({ key: name.join(' '), weight: POS_WEIGHT['PROPN'] ?? 0 });
      index += runLength - 1;
      continue;
    }
    const pos = effectivePos(token, textUsesCase);
    if (isContentToken(token, pos)) {
      result.push({ key: pos === 'PROPN' ? token.normal : token.lemma, weight: POS_WEIGHT[pos] ?? 0 });
    }
  }
  return result;
}

function rank<T>(items: T[], keyOf: (item: T) => string, scoreOf: (item: T) => number): string[] {
  const scores = new Map<string, { score: number; first: number }>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    const entry = scores.get(key) ?? { score: 0, first: index };
    entry.score += scoreOf(item);
    scores.set(key, entry);
  });
  return [...scores.entries()]
    .sort(([, a], [, b]) => b.score - a.score || a.first - b.first)
    .map(([key]) => key);
}

/**
 * The words a text is about: stop words dropped, lower-cased dictionary forms,
 * ranked by frequency × part-of-speech weight (proper nouns > nouns > verbs >
 * adjectives), ties broken by first mention.
 *
 * @example
 * extractKeywords('I NEVER want to use Redux again, it was a nightmare.')
 * // ['redux', 'nightmare', 'use']
 */
export function extractKeywords(text: string, limit = 10): string[] {
  if (text.trim() === '' || limit <= 0) return [];
  const tokens = analyzeWithWink(text).tokens;
  const found = terms(tokens, hasUpperCase(text));
  return rank(found, (term) => term.key, (term) => term.weight).slice(0, limit);
}

/**
 * The subjects of a text as phrases: named people, places and organisations,
 * other proper nouns, then adjective + noun phrases, via compromise. Repeated
 * subjects rank first; names outrank common noun phrases.
 *
 * @example
 * extractTopics('We moved the billing service to Postgres. Postgres is fast.')
 * // ['Postgres', 'billing service']
 */
export function extractTopics(text: string, limit = 5): string[] {
  if (text.trim() === '' || limit <= 0) return [];
  const found = analyzeWithCompromise(text);
  const weighted: { phrase: Phrase; weight: number }[] = [
    ...[...found.people, ...found.places, ...found.organizations].map((phrase) => ({ phrase, weight: 3 })),
    ...found.properNouns.map((phrase) => ({ phrase, weight: 2 })),
    ...found.nounPhrases
      .filter((phrase) => !GENERIC_NOUNS.has(phrase.text.toLowerCase()))
      .map((phrase) => ({ phrase, weight: 1 })),
  ];
  // The same words seen by two recognisers count once per mention, not twice.
  const mentions = new Map<string, { phrase: Phrase; weight: number }>();
  for (const item of weighted) {
    const id = `${item.phrase.text.toLowerCase()}@${item.phrase.start}`;
    const known = mentions.get(id);
    if (!known || known.weight < item.weight) mentions.set(id, item);
  }
  const display = new Map<string, string>();
  for (const { phrase } of mentions.values()) {
    if (!display.has(phrase.text.toLowerCase())) display.set(phrase.text.toLowerCase(), phrase.text);
  }
  const ordered = [...mentions.values()].sort((a, b) => a.phrase.start - b.phrase.start);
  return rank(ordered, (item) => item.phrase.text.toLowerCase(), (item) => item.weight)
    .slice(0, limit)
    .map((key) => display.get(key) ?? key);
}

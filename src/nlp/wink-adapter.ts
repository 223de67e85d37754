import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { restoreLongRuns, shortenLongRuns } from './long-runs.ts';

/** One token as the rest of the language layer sees it: plain data, no wink handles. */
export interface WinkToken {
  /** The token exactly as written. */
  value: string;
  /** Lower-cased, with contractions expanded ("'m" → "am"). */
  normal: string;
  /** Dictionary form, lower-cased ("tried" → "try"). */
  lemma: string;
  /** Universal POS tag: NOUN, PROPN, VERB, ADJ, PUNCT, ... */
  pos: string;
  /** wink's "word", "number", "punctuation", "emoji", "url", ... */
  kind: string;
  stopWord: boolean;
  /** Whitespace written before the token, so a text can be rebuilt after rewriting tokens. */
  space: string;
  /** Position of the token's sentence in the document, 0-based. */
  sentence: number;
}

/** Whether a token is the possessive mark wink splits off ("'s" of "Ana's", "'" of "the twins'"), either apostrophe. */
export function isPossessiveMark(token: Pick<WinkToken, 'value'> | undefined): boolean {
  return token !== undefined && /^['’]s?$/u.test(token.value);
}

/** A named entity as wink's lite model reports it (dates, durations, money, e-mail, ...). */
export interface WinkEntity {
  value: string;
  type: string;
}

/** What the language layer needs out of one wink document. */
export interface WinkAnalysis {
  sentences: string[];
  /** Sentiment of each sentence in [-1, 1], aligned with `sentences`. */
  sentiments: number[];
  tokens: WinkToken[];
  entities: WinkEntity[];
}

// The model takes a few hundred milliseconds to build, so it is built on first
// use and shared: importing the language layer must stay cheap for code paths
// (the CLI, the store) that never analyse text.
let instance: WinkMethods | undefined;

function wink(): WinkMethods {
  instance ??= winkNLP(model);
  return instance;
}

// wink's `out()` is typed as `T[] | string[]` for every helper; each call here
// asks for one specific helper, so each column is narrowed to what it returns.
function column<T>(values: unknown): T[] {
  return values as T[];
}

/**
 * Reads a text with wink-nlp and returns plain arrays (sentences, tokens, entities).
 *
 * @example
 * analyzeWithWink('I moved to Lisbon.').tokens.map((token) => token.lemma) // ['i', 'move', 'to', 'lisbon', '.']
 */
export function analyzeWithWink(text: string): WinkAnalysis {
  const nlp = wink();
  const its = nlp.its;
  // wink's typings give `its.lemma` an extra `addons` parameter that wink
  // itself supplies; at the call site it is used exactly like `its.normal`.
  const lemmaOf = its.lemma as unknown as typeof its.normal;
  // A run of thousands of characters without a space took wink seconds (long-runs.ts): read as one word.
  const shortened = shortenLongRuns(text);
  const doc = nlp.readDoc(shortened.text);
  const tokens: WinkToken[] = [];
  const sentences: string[] = [];
  const sentiments: number[] = [];
  doc.sentences().each((sentence, sentenceIndex) => {
    sentences.push(sentence.out());
    sentiments.push(Number(sentence.out(its.sentiment)) || 0);
    const sentenceTokens = sentence.tokens();
    const values = column<string>(sentenceTokens.out(its.value));
    const normals = column<string>(sentenceTokens.out(its.normal));
    const lemmas = column<string>(sentenceTokens.out(lemmaOf));
    const tags = column<string>(sentenceTokens.out(its.pos));
    const kinds = column<string>(sentenceTokens.out(its.type));
    const stops = column<boolean>(sentenceTokens.out(its.stopWordFlag));
    const spaces = column<string>(sentenceTokens.out(its.precedingSpaces));
    values.forEach((value, index) => {
      tokens.push({
        value,
        normal: normals[index] ?? value.toLowerCase(),
        lemma: (lemmas[index] ?? value).toLowerCase(),
        pos: tags[index] ?? 'X',
        kind: kinds[index] ?? 'word',
        stopWord: stops[index] ?? false,
        space: spaces[index] ?? (index === 0 ? '' : ' '),
        sentence: sentenceIndex,
      });
    });
  });
  const entities = column<WinkEntity>(doc.entities().out(its.detail));
  if (shortened.runs.length === 0) return { sentences, sentiments, tokens, entities };
  const values = restoreLongRuns(shortened, tokens.map((token) => token.value));
  return {
    sentences: restoreLongRuns(shortened, sentences),
    sentiments,
    tokens: tokens.map((token, index) => (token.value === values[index] ? token : { ...token, value: values[index]!, normal: values[index]!.toLowerCase(), lemma: values[index]!.toLowerCase() })),
    // No entity (a date, an amount, an address) is a run that long.
    entities: entities.filter((entity) => !entity.value.includes(shortened.placeholder)),
  };
}

import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import { REQUEST_WORDS, withoutRequest } from './description-words.ts';

/**
 * "I like coffee" and "I do not like coffee anymore" share every content word ("like" is a stop word to
 * the keyword index) and sit 0.76 and 0.74 from "that I like coffee" with USE-lite: both were deleted
 * for it (a probe). A negation makes a statement the opposite one, never the same thing.
 */
const NEGATIONS = new Set(['not', 'never', 'nobody', 'nothing', 'neither', 'nor', 'nowhere']);

/** True when the text negates what it says ("not", "n't", "never", "no" as a word: "I have no siblings"; not "No." for number). */
export function negated(text: string): boolean {
  return analyzeWithWink(text.normalize('NFKC')).tokens.some((token) => NEGATIONS.has(token.normal) || token.normal === 'no');
}

/**
 * The dictionary forms of the verbs a description states, the request and the telling aside: "that I
 * like coffee" states "like", "that I am pregnant" "be"; "coffee", "my coffee preference" and "what I
 * told you about coffee" state nothing, so they cannot say which of a statement and its negation is meant.
 */
export function statedVerbs(description: string): Set<string> {
  const tokens = analyzeWithWink(withoutRequest(description).normalize('NFKC')).tokens;
  return new Set(tokens.filter((token) => (token.pos === 'VERB' || token.pos === 'AUX') && !REQUEST_WORDS.has(token.normal)).map((token) => token.lemma));
}

/**
 * Whether the description takes the side of `match` against `rival`, its negation: it states a verb
 * both hold ("like" in "that I like coffee") and is negated exactly when `match` is.
 */
export function descriptionSides(description: string, match: string, rival: string): boolean {
  if (negated(match) === negated(rival) || negated(description) !== negated(match)) return false;
  const stated = statedVerbs(description);
  const lemmas = (text: string) => new Set(analyzeWithWink(text.normalize('NFKC')).tokens.map((token) => token.lemma));
  const [inMatch, inRival] = [lemmas(match), lemmas(rival)];
  return [...stated].some((verb) => inMatch.has(verb) && inRival.has(verb));
}

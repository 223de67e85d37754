import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import { REQUEST_WORDS, withoutRequest } from './description-words.ts';
import { userActs } from './first-person.ts';

/**
 * "I like coffee" and "I do not like coffee anymore" share every content word ("like" is a stop word to
 * the keyword index) and sit 0.76 and 0.74 from "that I like coffee" with USE-lite: both were deleted
 * for it (a probe). A negation makes a statement the opposite one, never the same thing.
 */
const NEGATIONS = new Set(['not', 'never', 'nobody', 'nothing', 'neither', 'nor', 'nowhere']);

/** A word that negates: one of NEGATIONS ("n't" reads as "not"), or "no" as a word ("I have no siblings"). */
const negates = (token: { normal: string }) => NEGATIONS.has(token.normal) || token.normal === 'no';

/** The dictionary forms of every word of a text. */
const lemmasOf = (text: string) => new Set(analyzeWithWink(text.normalize('NFKC')).tokens.map((token) => token.lemma));

/** True when the text negates what it says ("not", "n't", "never", "no" as a word: "I have no siblings"; not "No." for number). */
export function negated(text: string): boolean {
  return analyzeWithWink(text.normalize('NFKC')).tokens.some(negates);
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
  const [inMatch, inRival] = [lemmasOf(match), lemmasOf(rival)];
  return [...stated].some((verb) => inMatch.has(verb) && inRival.has(verb));
}

/** The dictionary forms of the verbs a negation governs: "like" in "I do not like coffee anymore", "pay" and not "lend" in "I have not paid back the 300 euros Ruth lent me". */
function negatedVerbs(text: string): Set<string> {
  const tokens = analyzeWithWink(text.normalize('NFKC')).tokens;
  const verbs = new Set<string>();
  tokens.forEach((token, at) => {
    if (!negates(token)) return;
    // Past auxiliaries, adverbs and particles ("do not", "no longer", "never really") to the verb itself.
    let next = at + 1;
    while (next < tokens.length && ['AUX', 'ADV', 'PART'].includes(tokens[next]!.pos) && !(tokens[next]!.pos === 'AUX' && tokens[next + 1]?.pos !== 'VERB' && tokens[next + 1]?.pos !== 'PART' && tokens[next + 1]?.pos !== 'ADV')) next += 1;
    if (tokens[next]?.pos === 'VERB' || tokens[next]?.pos === 'AUX') verbs.add(tokens[next]!.lemma);
    // "I am not pregnant": no verb after the negation, so the one before it is negated.
    else if (tokens[at - 1]?.pos === 'AUX') verbs.add(tokens[at - 1]!.lemma);
  });
  return verbs;
}

/**
 * True when the memory says the opposite of what the description states about the same verb: "that I
 * like coffee" against "I do not like coffee anymore" alone (0.74 from it, every word held, so sure) —
 * the user asked to forget a liking the memory denies, and which they meant is theirs to say. Only a
 * description where the user says something of themself ("that I …") states it: "paying Ruth back" names
 * the matter of "I still have not paid back the 300 euros Ruth lent me", and was left unsure when read so.
 */
export function saysTheOpposite(description: string, content: string): boolean {
  const stated = userActs(description) ? statedVerbs(description) : new Set<string>();
  if (stated.size === 0) return false;
  const [inDescription, inMemory] = [negatedVerbs(withoutRequest(description)), negatedVerbs(content)];
  const lemmas = lemmasOf(content);
  return [...stated].some((verb) => lemmas.has(verb) && inDescription.has(verb) !== inMemory.has(verb));
}

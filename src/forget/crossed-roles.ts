import { infinitiveOf } from '../nlp/compromise-adapter.ts';
import { actorsOf, anotherDeed, statedDeed } from './actor.ts';
import { contrastOf, relatedInWordNet } from './contrast-guard.ts';
import { THAT_OPENING, withoutRequest } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { aliases } from './word-aliases.ts';
import { openingOf } from './opening.ts';

/**
 * Two deeds where each side's people are in the other, not as the ones acting: "that I taught Saoirse the
 * trombone" is not "My daughter Saoirse plays the trombone in the school band". actor.ts lets such a pair pass as
 * maybe the same event told from the other side ("Paolo borrowing my car" for "I lent my car to my cousin Paolo",
 * a target of the labelled set), whatever the two verbs; the small store's only memory naming Saoirse was deleted
 * (the precision probe's sixth part, held out). The other side of one event is an opposite verb (lend / borrow,
 * sell / buy), a verb WordNet relates, or the same: two other verbs are two deeds. And a deed a description names
 * in a clause after its noun ("the concert in Ghent I missed") is read as the statement it is ("I missed the
 * concert in Ghent"), for anotherDeed (actor.ts): "I went to a loud concert in Ghent in May" was deleted as the only
 * memory naming Ghent (the probe's fifth part, held out).
 */


/** The same deed, or its other side: the same verb, an opposite, a synonym or a verb WordNet relates. */
function oneEvent(left: string, right: string): boolean {
  const [a, b] = [infinitiveOf(left), infinitiveOf(right)];
  return a === b || aliases(a, b) || relatedInWordNet(a, b) || contrastOf([a], [b]) === 'opposite';
}

/** True when each side's people are in the other, not acting there, by two deeds that are not one event (see above). */
export function crossedRoles(description: string, content: string, holds: (text: string, deed: string) => boolean): boolean {
  const said = withoutRequest(description).replace(THAT_OPENING, '');
  const opening = openingOf(content);
  const [asked, told] = [actorsOf(said), actorsOf(opening)];
  const [askedDeed, toldDeed] = [statedDeed(said), statedDeed(opening)];
  if (!asked || !told || !askedDeed || !toldDeed || oneEvent(askedDeed, toldDeed)) return false;
  // "we" may be anyone (we-and-others.ts); the people of one side must be none of the other's.
  if ([...asked, ...told].includes('we') || asked.some((person) => told.includes(person))) return false;
  const mentions = (text: string, person: string) => (person === 'user' ? /(?<![\p{L}])(?:I|me|my|mine|myself)(?![\p{L}])/iu : new RegExp(`(?<![\\p{L}])${person.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\p{L}])`, 'iu')).test(text);
  const crossed = asked.some((person) => mentions(opening, person)) && told.some((person) => mentions(said, person));
  return crossed && !holds(opening, askedDeed) && !holds(said, toldDeed);
}

/**
 * "the concert in Ghent I missed" → "I missed the concert in Ghent": a noun, then the user's deed ending the
 * description. Not with words after the verb: "the orchid I let die" is "I forgot to water the orchid and it died"
 * (the probe's fifth part), whose deed "let" does not say.
 */
const RELATIVE_DEED = /^\s*(?:the|my|our)\s+([^,.;]{1,60}?)\s+(?:that\s+|which\s+)?(I|we)\s+(\p{L}+)\s*$/u;

/** The statement a noun phrase with a deed after it says, or undefined. */
export function relativeStatement(description: string): string | undefined {
  const match = RELATIVE_DEED.exec(withoutRequest(description));
  return match ? `${match[2]} ${match[3]} the ${match[1]}` : undefined;
}

/** Sure matches whose roles are crossed (crossedRoles) or whose deed is another than a noun phrase's (relativeStatement) are offered instead. */
export function doubtCrossedRoles(judged: readonly Doubtable[], description: string, holds: (text: string, deed: string) => boolean): void {
  offerInstead(judged, (entry) => (crossedRoles(description, entry.content, holds) ? 'another does another thing there' : undefined));
  const statement = relativeStatement(description);
  if (statement) offerInstead(judged, (entry) => (anotherDeed(statement, openingOf(entry.content), holds) ? `it says another deed than "${statement}"` : undefined));
}

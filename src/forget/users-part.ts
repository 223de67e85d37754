import { actorsOf, FIRST_PERSON, isPersonNoun, userDeedElsewhere } from './actor.ts';
import { THAT_OPENING, withoutRequest } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { openingOf } from './opening.ts';

/**
 * The user's part in another's deed: "that Tom cheated on me" names the user as the one wronged, and "Tom cheated
 * at poker last Friday" does not speak of the user at all; "that I bought myself a games console" is not "I bought
 * my son Caspian a games console for his birthday". Both were deleted by the precision probe as "holds every
 * word" (in-sample, and fresh5, held out): the words that say the user's part — me, us, myself — are no content
 * words, so nothing read them. A description naming the user as object or receiver is not sure to mean a memory
 * where the user has no such part: with no first person at all, or, for "myself", another person named instead.
 * Nor is one where the user alone acts ("that I smashed a window") a memory with no first person at all.
 */

const OBJECT = /(?<![\p{L}])(?:me|us)(?![\p{L}])/iu;
const REFLEXIVE = /(?<![\p{L}])(?:myself|ourselves)(?![\p{L}])/iu;
const RECEIVER = /(?<![\p{L}])(?:me|us|myself|ourselves)(?![\p{L}])/iu;

/** A person the memory names that the description does not: a kin or role noun, or a capitalised name after its opening word. */
function namesAnotherPerson(content: string, description: string): boolean {
  const words = [...content.matchAll(/[\p{L}-]+/gu)].map((match) => match[0]);
  const said = description.toLowerCase();
  return words.some((word, at) => (isPersonNoun(word.toLowerCase()) || (at > 0 && /^\p{Lu}\p{Ll}/u.test(word) && word !== 'I')) && !said.includes(word.toLowerCase()));
}

/** Why the memory lacks the part the description gives the user, or undefined. */
export function usersPartMissing(description: string, content: string): string | undefined {
  // The user acts alone: "that I smashed a window" is not "The church window was smashed by vandals" (actor.ts).
  if (userDeedElsewhere(description, content)) return 'it does not speak of the user';
  const said = withoutRequest(description).replace(THAT_OPENING, '');
  const people = actorsOf(said);
  if (!people) return undefined;
  const opening = openingOf(content);
  // Another acts on the user: "that Tom cheated on me".
  if (!people.includes('user') && !people.includes('we') && OBJECT.test(said) && !FIRST_PERSON.test(opening)) return 'it does not speak of the user';
  // The user acts for themself: "that I bought myself a games console".
  if (REFLEXIVE.test(said) && !RECEIVER.test(opening) && namesAnotherPerson(opening, said)) return 'it is for someone else';
  return undefined;
}

/** Sure matches that lack the user's part a description gives (usersPartMissing) are offered to confirm instead. */
export function doubtUsersPart(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => usersPartMissing(description, entry.content));
}

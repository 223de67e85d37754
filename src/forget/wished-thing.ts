import { actingVerb, actorsOf } from './actor.ts';
import { attitudeOf, WISH_FOR_THING } from './attitude.ts';
import { SPEAKS_OF_WISH, WISH } from './clear-leader.ts';
import { THAT_OPENING, withoutRequest } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { openingOf } from './opening.ts';

/**
 * "my marathon time" is the time of a marathon run; "I would like to run a marathon one day" has none. A
 * description naming a thing of the user's ("my …", "our …") and speaking of no wish is not sure to mean a memory
 * where the user only wishes for it: "my trip to Kyoto" is a trip made or booked, not "I want to visit Kyoto next
 * spring". actor.ts's deedForWish and attitude.ts read a wish against a deed stated ("that I ran the Berlin
 * marathon"); a noun phrase states no deed, and the rules deleted the wish as "holds every word" (marathon) or
 * "the only memory naming kyoto" (the precision probe, left by round 13). Offered, so a user who meant the wish
 * confirms it. A description naming the wish ("my cello dream", "my plan to …") is left to the other rules.
 */

const USERS_THING = /^\s*(?:the\s+)?(?:my|our)\s+\p{L}/iu;

/** The memory opens on the user (or "we") wishing: "I want to …", "I would like …", "We dream of …". */
function onlyWishes(opening: string): boolean {
  const people = actorsOf(opening);
  if (!people?.some((person) => person === 'user' || person === 'we')) return false;
  if (attitudeOf(opening) === 'wish') return true;
  return /^dream/iu.test(actingVerb(opening) ?? '') && WISH.test(opening);
}

/**
 * The description names the wished deed itself, as a noun of the same stem: "my fat loss" for "I want to lose some
 * belly fat before the wedding" is the goal wished for (src/forget/clear-leader.test.ts), where "my marathon time"
 * names what only running one gives and "my trip to Kyoto" a trip, not the wish to visit.
 */
function namesWishedDeed(request: string, opening: string): boolean {
  const match = WISH.exec(opening);
  const deed = (match?.[1] ?? match?.[2])?.toLowerCase();
  if (deed === undefined) return false;
  return [...request.toLowerCase().matchAll(/\p{L}{3,}/gu)].some(([word]) => word.slice(0, 3) === deed.slice(0, 3));
}

/** True when the description names the user's thing, no statement and no wish, and the memory only wishes for it. */
export function wishedThing(description: string, content: string): boolean {
  const request = withoutRequest(description);
  if (THAT_OPENING.test(request) || actorsOf(request) !== undefined || !USERS_THING.test(request) || SPEAKS_OF_WISH.test(request)) return false;
  const opening = openingOf(content);
  return onlyWishes(opening) && !namesWishedDeed(request, opening);
}

/**
 * The converse: "that I want a lighthouse tattoo" is not "I got a tattoo of a lighthouse on my forearm". A wish
 * for a thing asked ("want a …", "would like a …") against the user's deed done, with no wish in it, was deleted as
 * "holds every word" (the precision probe, left by round 13). attitude.ts leaves a wish asked to do a thing
 * ("that I want to become Portuguese" is "I applied for Portuguese citizenship", a target of the labelled set);
 * a wish for a thing is had or not.
 */
export function wishForDone(description: string, content: string): boolean {
  const said = withoutRequest(description).replace(THAT_OPENING, '');
  if (attitudeOf(said) !== 'wish' || !WISH_FOR_THING.test(said) || !actorsOf(said)?.includes('user')) return false;
  const opening = openingOf(content);
  const verb = actingVerb(opening);
  return actorsOf(opening)?.includes('user') === true && verb !== undefined && !/ing$/u.test(verb) && attitudeOf(opening) === undefined && !SPEAKS_OF_WISH.test(opening);
}

/** Sure matches that only wish for the thing a description names as the user's, or did what it wishes for, are offered to confirm instead. */
export function doubtWishedThing(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => (wishedThing(description, entry.content) ? 'it only wishes for it' : undefined));
  offerInstead(judged, (entry) => (wishForDone(description, entry.content) ? 'it says it was done, not wished for' : undefined));
}

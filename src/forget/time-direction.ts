import nlp from 'compromise';
import { statementOf, THAT_OPENING } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { openingOf } from './opening.ts';

/**
 * A statement about what is still to come is not one about what is done: "that I will vote Green next time" is
 * not "I voted Green in the last election", "our trip to Seville last April" not "We are planning a trip to
 * Seville in April". Round 13's probe deleted both (at "same meaning" 0.81, and as the only memory naming Seville
 * and April). Each text is read as pointing ahead (will, going to, planning, next …, tomorrow) or back (last …,
 * … ago, yesterday, used to, a first verb in the past tense), or neither — a text pointing both ways, or no way,
 * says nothing — and a sure match pointing the other way from the description is offered to confirm.
 */

const AHEAD = /(?<![\p{L}])(?:will|shall|going\s+to|gonna|plan(?:s|ning)?\s+to|planning|next\s+(?:week|month|year|time|summer|winter|spring|autumn|fall|weekend|\p{Lu}\p{Ll}+)|tomorrow|upcoming|in\s+the\s+future)(?![\p{L}])/u;
const BACK = /(?<![\p{L}])(?:last\s+(?:week|month|year|time|summer|winter|spring|autumn|fall|weekend|night|election|\p{Lu}\p{Ll}+)|ago|yesterday|used\s+to|in\s+the\s+past)(?![\p{L}])/u;


/** Where a text points in time: ahead, back, or undefined (both, or neither). */
export function timeDirection(text: string): 'ahead' | 'back' | undefined {
  const said = statementOf(text)
    // The telling is no part of the time told: "what I said about my move next year".
    .replace(/^\s*(?:what|the\s+(?:stuff|things?|bits?))\s+(?:I\s+)?(?:said|told\s+you|mentioned|wrote|shared|told)\s+(?:about|regarding|on)\s+/iu, '')
    .replace(THAT_OPENING, '');
  const lower = said.toLowerCase();
  const ahead = AHEAD.test(lower) || AHEAD.test(said);
  // The first verb in the past tense points back ("that we cancelled the trip"), an auxiliary's past aside ("was", "had" carry a state).
  // Compromise tags all it is given (~7 s for a 54 KB memory, round 12): the first verb is in the opening.
  const firstVerb = nlp(openingOf(said)).verbs().first();
  const pastVerb = firstVerb.found && firstVerb.has('#PastTense') && !firstVerb.has('(was|were|had|did)') && !firstVerb.has('#Modal');
  const back = BACK.test(said) || BACK.test(lower) || pastVerb;
  if (ahead === back) return undefined;
  return ahead ? 'ahead' : 'back';
}

/** Sure matches pointing the other way in time from the description are offered to confirm instead. */
export function doubtOtherTime(judged: readonly Doubtable[], description: string): void {
  const asked = timeDirection(description);
  if (asked === undefined) return;
  offerInstead(judged, (entry) => {
    const told = timeDirection(entry.content);
    return told !== undefined && told !== asked ? `it speaks of ${told === 'ahead' ? 'what is still to come' : 'what is done'}` : undefined;
  });
}

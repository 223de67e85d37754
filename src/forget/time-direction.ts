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

/** "this spring", "last week", "next year": which one of a recurring period a text names. */
const PERIOD = /(?<![\p{L}])(this|last|next)\s+(week|weekend|month|year|spring|summer|autumn|fall|winter|term|semester|season|christmas|easter)(?![\p{L}])/giu;

/** The periods a text names, each with the one of it meant ("spring" → "last"). */
function periodsOf(text: string): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const [, which, period] of statementOf(text).matchAll(PERIOD)) {
    const key = period!.toLowerCase() === 'fall' ? 'autumn' : period!.toLowerCase();
    named.set(key, (named.get(key) ?? new Set()).add(which!.toLowerCase()));
  }
  return named;
}

/**
 * Another one of the same recurring period: "the hot tub in the garden this spring" is not "We put a hot tub in the
 * garden last spring" (round 16's probe part fresh7 deleted it, every word held: "spring" is in both). A memory
 * naming the period the description names, but only as another one of it (last, this, next), is offered to
 * confirm: the user may speak from a later year than the memory was told in, which only they can tell.
 */
export function doubtOtherPeriod(judged: readonly Doubtable[], description: string): void {
  const asked = periodsOf(description);
  if (asked.size === 0) return;
  offerInstead(judged, (entry) => {
    const told = periodsOf(entry.content);
    for (const [period, which] of asked) {
      const other = told.get(period);
      if (other !== undefined && ![...which].some((one) => other.has(one))) return `it speaks of ${[...other].join(' or ')} ${period}`;
    }
    return undefined;
  });
}

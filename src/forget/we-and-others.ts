import { actorsOf } from './actor.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { singular } from './word-aliases.ts';

/**
 * "we" is the user with the people they live with; "that we married in 1985" is not "My parents married in
 * 1985". actor.ts lets "we" be anyone (rightly: "that we are doing IVF" is "My wife Hana is undergoing IVF
 * treatment"), and the precision probe (in-sample, left by round 13) saw the parents' wedding deleted as "holds
 * every word". A statement whose subject is "we" is not sure to mean one whose people are others only, none of
 * them of the user's household (a partner, a child), nor the converse ("that my parents stayed in a castle
 * hotel" / "We stayed in a castle hotel near Salzburg").
 */

/** The people "we" may stand for: the user's partner and children. */
const HOUSEHOLD = new Set([
  'wife', 'husband', 'partner', 'spouse', 'girlfriend', 'boyfriend', 'fiance', 'fiancé', 'fiancee', 'fiancée', 'son', 'daughter', 'child', 'children', 'kid',
  'baby', 'toddler', 'family', 'stepson', 'stepdaughter', 'stepchild', 'youngest', 'oldest', 'eldest', 'twin',
]);

const othersOnly = (people: readonly string[]) => people.every((person) => person !== 'we' && person !== 'user' && !HOUSEHOLD.has(singular(person)));

/** True when one side's subject is "we" alone and the other's is people outside the user's household only. */
export function othersForUs(description: string, content: string): boolean {
  const [asked, told] = [actorsOf(description), actorsOf(content)];
  if (!asked || !told) return false;
  const usAlone = (people: readonly string[]) => people.length === 1 && people[0] === 'we';
  return (usAlone(asked) && othersOnly(told)) || (usAlone(told) && othersOnly(asked));
}

/** Sure matches where "we" stands against others outside the user's household are offered to confirm instead. */
export function doubtOthersForUs(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => (othersForUs(description, entry.content) ? 'others do it there, not "we"' : undefined));
}

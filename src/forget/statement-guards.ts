import { doubtAnotherPlace } from './another-place.ts';
import { doubtCrossedRoles } from './crossed-roles.ts';
import { doubtDeedForState } from './deed-or-state.ts';
import type { Doubtable } from './offer-instead.ts';
import { doubtSwappedVerb } from './swapped-verb.ts';
import { doubtUsersPart } from './users-part.ts';
import { doubtOthersForUs } from './we-and-others.ts';
import { doubtWishedThing } from './wished-thing.ts';

/**
 * Round 14's guards (issue #11 item 4, the precision probe on stores of three memories): each reads what a
 * description says of a deed — its verb, who does it and to whom, a thing wished or had — and turns a sure match
 * that says another into one offered to confirm (offer-instead.ts). None deletes anything a rule did not.
 */
export function doubtStatement(judged: readonly Doubtable[], description: string, holdsDeed: (text: string, deed: string) => boolean): void {
  doubtSwappedVerb(judged, description);
  doubtWishedThing(judged, description);
  doubtOthersForUs(judged, description);
  doubtUsersPart(judged, description);
  doubtDeedForState(judged, description, holdsDeed);
  doubtCrossedRoles(judged, description, holdsDeed);
  doubtAnotherPlace(judged, description);
}

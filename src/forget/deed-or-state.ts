import { infinitiveOf } from '../nlp/compromise-adapter.ts';
import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import { actingVerb, actorsOf, samePerson, statedDeed } from './actor.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { openingOf } from './opening.ts';

/**
 * A deed against a state of the same person: "that Declan took out a mortgage" is not "My brother-in-law Declan is
 * a mortgage broker", "that I dated Elena" not "I have a crush on my coworker Elena". actor.ts's anotherDeed reads
 * two deeds of one person; a memory that says what someone is or has states no deed, and the small store's only
 * memory of that person was deleted ("the only memory naming declan", "the only one where the user is the
 * subject": the precision probe, left by round 13). A description stating a deed, by a verb that is not light
 * ("got", "made" may say the state's start: "that Hana got pregnant"), is not sure to mean a memory where the same
 * person only is or has something, unless that memory holds the deed itself or in other words (`holds`).
 */

/** Verbs of being and having: a state, no deed. */
const STATE = new Set(['be', 'have']);
const BEING_OR_HAVING = /(?<![\p{L}])(?:am|is|are|was|were|be|been|being|have|has|had|having)(?![\p{L}])/iu;
/** Being or having, then a verb going on or done: "am thinking", "have been struggling", "has moved". */
const GOING_ON = /^[^,.;]{0,60}?(?<![\p{L}])(?:am|is|are|was|were|have|has|had)\s+(?:(?:not|never|just|already|always|still|been)\s+)*\p{L}+(?:ing|ed)(?![\p{L}])/iu;
/** Light verbs that may say the start of a state ("got pregnant", "made partner", "became a lawyer"). */
const STARTING = new Set(['get', 'make', 'go', 'keep', 'start', 'need', 'become', 'turn']);
/** A form of "get" right before the deed: a passive ("got fired", "getting sterilised"). */
const GET_PASSIVE = /(?<![\p{L}])(?:get|gets|got|gotten|getting)\s+$/iu;


/**
 * "had a miscarriage", "had an accident": "had" and an indefinite article before a noun tell something that
 * happened, not a state — the words of that noun phrase (up to the first word that is not a noun or adjective).
 * The precision probe deleted "My sister-in-law Hana is pregnant" for "that Hana had a miscarriage" (left by
 * round 14, "a light verb's deed"; round 15). Not "have" ("that Ravi cannot have milk" is a state) nor "has".
 */
function eventHad(description: string): string[] | undefined {
  const tokens = analyzeWithWink(description.normalize('NFKC')).tokens;
  const at = tokens.findIndex((token, index) => token.value.toLowerCase() === 'had' && /^an?$/iu.test(tokens[index + 1]?.value ?? ''));
  if (at < 0) return undefined;
  const words: string[] = [];
  for (const token of tokens.slice(at + 2)) {
    if (!['NOUN', 'ADJ'].includes(token.pos)) break;
    words.push(token.value.toLowerCase());
  }
  return words.length > 0 ? words : undefined;
}

/** True when the description states a deed of a person the memory only says is or has something (see above). */
export function deedForState(description: string, content: string, holds: (text: string, deed: string) => boolean): boolean {
  const opening = openingOf(content);
  const deed = statedDeed(description);
  const event = deed === undefined ? eventHad(description) : undefined;
  if (event === undefined && (deed === undefined || STARTING.has(infinitiveOf(deed)))) return false;
  if (deed !== undefined) {
    // A verb of being or having before the deed: the description says a state too ("that Ravi cannot have milk",
    // where the tagger takes "milk" for the deed; "that Declan was fired").
    const before = description.toLowerCase().slice(0, Math.max(0, description.toLowerCase().lastIndexOf(deed)));
    if (BEING_OR_HAVING.test(before)) return false;
    // A passive with "get" says what happened to the person, which a memory of what they had may tell: "my husband
    // getting sterilised" / "My husband Bastian had a vasectomy in May" (fresh batch 12's target, which this guard
    // turned into a candidate when merged with round 14's recall reading), as STARTING's "got pregnant" is.
    if (GET_PASSIVE.test(before)) return false;
  }
  const told = actorsOf(opening);
  const verb = actingVerb(opening);
  if (!told || verb === undefined || statedDeed(opening) !== undefined || !STATE.has(infinitiveOf(verb))) return false;
  // "I have been struggling with insomnia", "I am thinking about moving back": a deed going on, not a state
  // (targets of "that I cannot sleep", "that I might return to Ireland" in the labelled set).
  if (GOING_ON.test(opening)) return false;
  const asked = actorsOf(description) ?? [];
  if (!asked.some((person) => told.some((other) => samePerson(person, other)))) return false;
  return deed !== undefined ? !holds(opening, deed) : !event!.some((word) => holds(opening, word));
}

/** Sure matches that only say what the person of a deed is or has (deedForState) are offered to confirm instead. */
export function doubtDeedForState(judged: readonly Doubtable[], description: string, holds: (text: string, deed: string) => boolean): void {
  offerInstead(judged, (entry) => (deedForState(description, entry.content, holds) ? 'it says what they are or have, not that deed' : undefined));
}

import { relatedInWordNet } from './contrast-guard.ts';
import { actorsOf } from './actor.ts';
import { descriptionForms, heldWords, THAT_OPENING, withoutRequest, wordForms } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { sameFrame, slotsOf, type Slot } from './swapped-word.ts';
import { aliases } from './word-aliases.ts';
import { openingOf } from './opening.ts';

/**
 * A statement that is a memory's sentence with its verb swapped names another deed: "that I drive to the office"
 * is not "I walk to the office when it is sunny", "that we paid off the mortgage" not "We took out a 25-year
 * mortgage". swapped-word.ts reads a noun swapped so; a verb was left to the rules, and the clear leader took
 * each for the deed "said in other words" (two verbs near each other by meaning: drive / walk, pay / take), the
 * small store's only memory of that frame deleted (the precision probe, round 13 and round 14). Every other
 * content word of the description is in the memory, and its one verb it lacks stands where the memory has a verb
 * of its own between the same neighbours. Not a swap: a synonym or everyday alias, a verb WordNet puts in the
 * same sense or one or two steps above ("bake" / "cook"), or a phrasal verb against a single one ("gave up" /
 * "quit"), which may say the same deed.
 */

/** Verbs that carry tense, mood or a state: no deed of their own to swap. */
const LIGHT = new Set(['be', 'have', 'do', 'get', 'will', 'would', 'can', 'could', 'shall', 'should', 'may', 'might', 'must', 'go', 'make']);
/** Particles that make a verb phrasal ("paid off", "took out"). */
const PARTICLES = new Set(['up', 'out', 'off', 'down', 'away', 'back', 'over', 'in', 'on']);
/** Words opening a clause of when, if or why. */
const CIRCUMSTANCE = new Set(['when', 'whenever', 'if', 'because', 'while', 'before', 'after', 'since', 'until', 'unless', 'as']);

const isDeed = (slot: Slot | undefined) => slot !== undefined && slot.pos === 'VERB' && !LIGHT.has(slot.key);
const particleAfter = (slots: readonly Slot[], at: number) => (PARTICLES.has(slots[at + 1]?.key ?? '') ? slots[at + 1]!.key : undefined);
const sameAfter = (asked: readonly Slot[], at: number, told: readonly Slot[], to: number) => asked[at + 1] !== undefined && asked[at + 1]!.key === told[to + 1]?.key;
const phrase = (slots: readonly Slot[], at: number) => [slots[at]!.word, particleAfter(slots, at)].filter(Boolean).join(' ');

/** The description's verb swapped for the memory's in the same frame, or undefined (see above). */
export function swappedVerb(description: string, content: string): { asked: string; told: string } | undefined {
  const request = withoutRequest(description);
  const said = request.replace(THAT_OPENING, '');
  // A statement ("that I drive to the office"), not a name for a thing ("the commute I hate").
  if (said === request && actorsOf(said) === undefined) return undefined;
  const opening = openingOf(content);
  const terms = descriptionForms(description);
  const unheld = terms.filter((forms) => heldWords(wordForms(opening), [forms]).length === 0);
  if (unheld.length !== 1 || terms.length < 2) return undefined;
  const missing = unheld[0]!;
  const [asked, told] = [slotsOf(said), slotsOf(opening)];
  // A memory telling more than one deed may say the description's in another of them: "that I totalled my car" is
  // "I crashed my car into a lamppost … and it was written off" (a target of the labelled set, fresh 9). A clause of
  // when or why ("… when it rains") sets the deed's circumstance and tells no other.
  const circumstance = told.findIndex((slot) => CIRCUMSTANCE.has(slot.key));
  if (told.slice(0, circumstance < 0 ? told.length : circumstance).filter(isDeed).length > 1) return undefined;
  for (const [at, slot] of asked.entries()) {
    if (!isDeed(slot) || heldWords([wordForms(slot.word)[0] ?? [slot.word]], [missing]).length === 0) continue;
    for (const [to, other] of told.entries()) {
      if (!isDeed(other) || other.key === slot.key || heldWords([wordForms(other.word)[0] ?? [other.word]], terms).length > 0) continue;
      // A phrasal verb against a single one may be the same deed ("gave up smoking" / "quit smoking"); two phrasal
      // verbs of other verbs are two deeds ("paid off" / "took out"), by the same people.
      const [askedParticle, toldParticle] = [particleAfter(asked, at), particleAfter(told, to)];
      if ((askedParticle === undefined) !== (toldParticle === undefined)) continue;
      // Two single verbs need the same word after them, what the deed is done to or where: "drive to the office" /
      // "walk to the office". The subject alone is no frame: "that I bought Bitcoin" is "I invested 10,000 euros in
      // Bitcoin", "that I drink black coffee" "I prefer my coffee black" (targets of the labelled set).
      if (askedParticle === undefined ? !sameAfter(asked, at, told, to) : !sameFrame(asked, at, told, to)) continue;
      if ([slot.key, ...missing].some((form) => relatedInWordNet(form, other.key) || aliases(form, other.key))) continue;
      return { asked: phrase(asked, at), told: phrase(told, to) };
    }
  }
  return undefined;
}

/** Sure matches the description names with their verb swapped (swappedVerb) are offered to confirm instead. */
export function doubtSwappedVerb(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => {
    const swap = swappedVerb(description, entry.content);
    return swap && `it says "${swap.told}" where the description says "${swap.asked}"`;
  });
}

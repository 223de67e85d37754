import { relatedInWordNet } from './contrast-guard.ts';
import { descriptionForms, heldWords, wordForms } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';
import { slotsOf, type Slot } from './swapped-word.ts';
import { openingOf } from './opening.ts';

/**
 * Another place: "the wasp nest in the shed" is not "There is a wasp nest in the attic", "that I met Dagny at a
 * wedding" not "I met my girlfriend Dagny on a dating app". Every other word of the description is in the memory,
 * and the one it lacks is where it happened, after a preposition of place, where the memory names a place of its
 * own. swapped-word.ts reads a noun swapped between the same neighbours, and only in a statement (a noun phrase
 * names a memory in words of its own); a place is said after a preposition in either, and is not the thing
 * remembered but where: the rules deleted both ("same meaning" at 0.86, "names dagny and holds more of the other
 * words": the precision probe's sixth part, held out). A place WordNet relates (one step or two above: "kitchen" /
 * "room") or a compound holding the word may be the same place: no other place then. A place named by a name
 * ("in Leeds") is decisive already.
 */

/** Prepositions of place. */
const PLACE = new Set(['in', 'at', 'on', 'near', 'by', 'inside', 'outside', 'behind', 'under', 'beside']);

/** The nouns after a preposition of place, with the noun words that follow them ("on a dating app": dating, app). */
function placesOf(slots: readonly Slot[]): string[][] {
  const places: string[][] = [];
  slots.forEach((slot, at) => {
    if (!PLACE.has(slot.key) || slot.pos !== 'ADP') return;
    const place: string[] = [];
    for (let next = at + 1; slots[next]?.pos === 'NOUN' || (slots[next]?.pos === 'ADJ' && place.length === 0); next += 1) if (slots[next]!.pos === 'NOUN') place.push(slots[next]!.word);
    if (place.length > 0) places.push(place);
  });
  return places;
}

/** The description's place the memory lacks and the memory's own place there, or undefined (see above). */
export function anotherPlace(description: string, content: string): { asked: string; told: string } | undefined {
  const opening = openingOf(content);
  const terms = descriptionForms(description);
  const unheld = terms.filter((forms) => heldWords(wordForms(opening), [forms]).length === 0);
  if (unheld.length !== 1 || terms.length < 2) return undefined;
  const missing = unheld[0]!;
  const asked = placesOf(slotsOf(description)).find((place) => place.some((word) => heldWords([wordForms(word)[0] ?? [word]], [missing]).length > 0));
  if (!asked) return undefined;
  for (const told of placesOf(slotsOf(opening))) {
    if (told.some((word) => heldWords([wordForms(word)[0] ?? [word]], terms).length > 0)) continue;
    if (told.some((word) => missing.some((form) => relatedInWordNet(form, word) || word.endsWith(form) || form.endsWith(word)))) continue;
    return { asked: asked.join(' '), told: told.join(' ') };
  }
  return undefined;
}

/** Sure matches of another place than the description's (anotherPlace) are offered to confirm instead. */
export function doubtAnotherPlace(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => {
    const place = anotherPlace(description, entry.content);
    return place && `it says "${place.told}" where the description says "${place.asked}"`;
  });
}

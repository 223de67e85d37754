import { heldWords, wordForms } from './description-words.ts';
import { isPersonNoun } from './actor.ts';
import { RIVAL_MARGIN } from './close-rival.ts';
import { isKnownWord } from './contrast-guard.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';

/** The other part of a compound is a word of at least this many letters: "nuclear" is not "ear" with "nucl", "carpet" not "pet" with "car". */
const OTHER_PART = 4;
/** How much of a memory is read (as actor.ts reads): the thing a short description names is in its opening. */
const READ = 2000;

/** The word of `content` that holds one of `forms` as a part of a closed compound ("beehives": bee; "narrowboat": boat), or undefined. */
export function compoundHolding(content: string, forms: readonly string[]): string | undefined {
  const words = [...content.slice(0, READ).normalize('NFKC').toLowerCase().matchAll(/\p{L}+/gu)].map((match) => match[0]);
  const partOf = (word: string, part: string) => {
    if (part.length < 3 || word.length < part.length + OTHER_PART) return false;
    const rest = word.startsWith(part) ? word.slice(part.length) : word.endsWith(part) ? word.slice(0, -part.length) : undefined;
    return rest !== undefined && isKnownWord(rest) && isKnownWord(part) && !isPersonNoun(part);
  };
  return words.find((word) => forms.some((part) => partOf(word, part)));
}

/**
 * A word of the description that another memory says only inside a compound ("the bees": "I keep two beehives …") makes
 * that memory a rival the words cannot see, when it is about as close in meaning as the sure match holding the word
 * itself (closer, or within close-rival.ts's RIVAL_MARGIN below): fresh 16 (round 19) deleted "My neighbour Ingrid is
 * allergic to bee stings" (0.38) for "the bees", as the one memory holding the word, and meant the beehives (0.48); and
 * "My parents hired a canal boat for a week in Wales" (0.57) for "forget the canal boat", holding both words, and meant
 * "We live on a narrowboat …" (0.52). Offered to confirm with the rival. Not a person's word ("father" in "grandfather",
 * "daughter" in "stepdaughter": kin.ts reads kin), and not a rival farther away: a "watchmaker", a "postcard" or
 * "earplugs" in the store cost 20 of the 727 hits of scenarios 1–228 without those two conditions; with them one ("the
 * thing about my granddad's watch", a watchmaker 0.1 behind), only closer rivals none.
 */
export function doubtCompoundRival<T extends Doubtable & { similarity: number | null }>(judged: readonly T[], field: readonly T[], terms: readonly string[][]): void {
  // Each memory's words read once, however many words and sure matches ask for them.
  const read = new Map<string, string[][]>();
  const formsOf = (content: string) => read.get(content) ?? read.set(content, wordForms(content)).get(content)!;
  offerInstead(judged, (entry) => {
    if (entry.similarity === null) return undefined;
    const held = terms.filter((forms) => heldWords(formsOf(entry.content), [forms]).length > 0);
    for (const forms of held) {
      const closer = field.filter((other) => other !== entry && (other.similarity ?? 0) > entry.similarity! - RIVAL_MARGIN && heldWords(formsOf(other.content), [forms]).length === 0);
      const word = closer.map((other) => compoundHolding(other.content, forms)).find((found) => found !== undefined);
      if (word) return `a memory as close in meaning says ${forms[0]} in "${word}"`;
    }
    return undefined;
  });
}

import { analyzeWithWink, type WinkToken } from '../nlp/wink-adapter.ts';
import { infinitiveOf } from '../nlp/compromise-adapter.ts';
import { actorsOf } from './actor.ts';
import { relatedInWordNet } from './contrast-guard.ts';
import { descriptionForms, heldWords, THAT_OPENING, withoutContractions, withoutRequest, wordForms } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';

/**
 * A description that says a memory's sentence with one word swapped for another names another thing: "that
 * Jim sold his car" is not "My neighbour Jim sold his motorbike", "that the electrician comes on Thursday" not
 * "The plumber comes on Thursday", "that the car failed its inspection because of the tyres" not "… because of
 * the brakes". Every other content word of the description is in the memory, and the one it lacks stands where
 * the memory has a word of its own, between the same neighbours: had the user meant that memory, the word in
 * that place was theirs to say. Round 13's probe: such minimal pairs were deleted by every rule ("the only
 * memory naming jim", "same meaning" at 0.82), whatever the two words are — siblings WordNet's table lacks
 * (scooter / motorbike, checkers / chess), parts of one thing (tyres / brakes), or deeds (weeded / planted). A
 * synonym, stem or everyday alias is held, and a word WordNet puts in the same sense or one step or two above
 * ("every day" / "every Sunday") may name the same thing: neither is a swap.
 */

/** Words that fill a slot without naming anything: articles and possessives, skipped when neighbours are compared. */
const SKIPPED = new Set(['a', 'an', 'the', 'my', 'our', 'his', 'her', 'their', 'its', 'your', 'some']);
/** Verbs that carry tense, mood or a state: no word of their own to swap ("has a key", "is pregnant"). */
const LIGHT = new Set(['be', 'have', 'do', 'get', 'will', 'would', 'can', 'could', 'shall', 'should', 'may', 'might', 'must']);
/** Particles that make a verb phrasal ("gave up" is "quit", "paid back" is not "paid"): such a verb is not one word to swap. */
const PARTICLES = new Set(['up', 'out', 'off', 'down', 'away', 'back', 'over']);

export interface Slot {
  word: string;
  pos: string;
  /** The word's dictionary form, for comparing neighbours ("starts" / "starting": start). */
  key: string;
  content: boolean;
}

/**
 * An adjective right after an article or a possessive with no noun after it is the noun the tagger missed: "a key
 * to my flat" (flat/ADJ), "the old car's tyre" aside.
 */
function withNounsRepaired(tokens: readonly WinkToken[]): WinkToken[] {
  return tokens.map((token, at) => (token.pos === 'ADJ' && SKIPPED.has(tokens[at - 1]?.normal ?? '') && !['NOUN', 'PROPN', 'ADJ', 'PART'].includes(tokens[at + 1]?.pos ?? '') ? { ...token, pos: 'NOUN' } : token));
}

export function slotsOf(text: string): Slot[] {
  const tokens = withNounsRepaired(analyzeWithWink(withoutContractions(text).normalize('NFKC')).tokens).filter((token) => token.pos !== 'PUNCT' && !SKIPPED.has(token.normal));
  return tokens.map((token: WinkToken, at) => {
    const key = token.pos === 'VERB' || token.pos === 'AUX' ? infinitiveOf(token.value) : token.lemma;
    const phrasal = token.pos === 'VERB' && PARTICLES.has(tokens[at + 1]?.normal ?? '');
    // As written: the tagger's normal form spells "tyres" as "tires", which the other text's words are not.
    return { word: token.value.toLowerCase(), pos: token.pos, key, content: token.pos === 'NOUN' && !LIGHT.has(key) && !phrasal && /\p{L}{3,}/u.test(token.value) };
  });
}

/** The two slots stand between the same neighbours: the same word before them, or the same word after (not merely the text's end). */
export function sameFrame(asked: readonly Slot[], at: number, told: readonly Slot[], to: number): boolean {
  const before = at > 0 && to > 0 && asked[at - 1]!.key === told[to - 1]!.key;
  const after = at + 1 < asked.length && to + 1 < told.length && asked[at + 1]!.key === told[to + 1]!.key;
  return before || after;
}

/** A content word of the description swapped for one of the memory's in the same frame, or undefined (see above). */
export function swappedWord(description: string, content: string): { asked: string; told: string } | undefined {
  const request = withoutRequest(description);
  const said = request.replace(THAT_OPENING, '');
  // A statement ("that Jim sold his car"), not a name for a thing: "my fear of needles", "our accommodation in
  // Porto", "the money Rafael owes me" name a memory in words of their own (scenarios 1–168 lost 18 targets so).
  if (said === request && actorsOf(said) === undefined) return undefined;
  const memoryForms = wordForms(content);
  const unheld = descriptionForms(description).filter((forms) => heldWords(memoryForms, [forms]).length === 0);
  // Exactly one content word the memory lacks, and at least one it holds: a sentence with one word changed.
  if (unheld.length !== 1 || descriptionForms(description).length < 2) return undefined;
  const missing = unheld[0]!;
  const asked = slotsOf(said);
  const told = slotsOf(content);
  const askedForms = descriptionForms(description);
  for (const [at, slot] of asked.entries()) {
    if (!slot.content || heldWords([wordForms(slot.word)[0] ?? [slot.word]], [missing]).length === 0) continue;
    for (const [to, other] of told.entries()) {
      if (!other.content || heldWords([wordForms(other.word)[0] ?? [other.word]], askedForms).length > 0) continue;
      if (!sameFrame(asked, at, told, to)) continue;
      if (missing.some((form) => relatedInWordNet(form, other.word) || relatedInWordNet(form, other.key))) continue;
      // A compound holding the word is that word's kind: "that I use vim bindings" for "I use Vim keybindings" (scenarios 145–156).
      if (missing.some((form) => other.word.endsWith(form) || form.endsWith(other.word))) continue;
      return { asked: slot.word, told: other.word };
    }
  }
  return undefined;
}

/** Sure matches the description names with one word swapped (swappedWord) are offered to confirm instead. */
export function doubtSwapped(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => {
    const swap = swappedWord(description, entry.content);
    return swap && `it says "${swap.told}" where the description says "${swap.asked}"`;
  });
}

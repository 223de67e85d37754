import { infinitiveOf } from '../nlp/compromise-adapter.ts';
import { analyzeWithWink, isPossessiveMark } from '../nlp/wink-adapter.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { actingVerb, actorsOf, deedDoneOrGoingOn, samePerson } from './actor.ts';
import { leavesUnsaid, type LeaderCandidate } from './clear-leader.ts';
import { descriptionForms, heldWords, statementOf, wordForms } from './description-words.ts';
import { offerInsteadAsync } from './offer-instead.ts';
import { KIND_WORDS } from './word-aliases.ts';

/**
 * The thing a possessive names ("IVF" in "my sister's IVF in Madrid", "lessons" in "my daughter's singing lessons"):
 * the last noun of the words after "'s" (adjectives, nouns, "-ing" words), before a preposition or the end; undefined
 * when none, when it is a name or a number (a name the memory lacks already rules it out) or a kind word ("plans", "place":
 * word-aliases.ts KIND_WORDS, which a memory need not say).
 */
export function possessedThing(description: string, decisive: readonly string[]): string | undefined {
  const tokens = analyzeWithWink(statementOf(description)).tokens;
  const after = tokens.findIndex(isPossessiveMark);
  if (after < 1) return undefined;
  let last: (typeof tokens)[number] | undefined;
  let at = after + 1;
  for (; tokens[at] && (['ADJ', 'NOUN', 'PROPN'].includes(tokens[at]!.pos) || (tokens[at]!.pos === 'VERB' && /ing$/u.test(tokens[at]!.normal))); at += 1) last = tokens[at];
  // A "do" ending the phrase is the noun, a party ("Dermot's stag do", "Dorian's leaving do"), which the tagger reads as
  // the verb: fresh 19 (written blind) deleted "My best man was my old flatmate Dermot" for "Dermot's stag do", about
  // nothing stored, "stag" bringing it closer.
  // Not after a plural, whose "do" is the verb ("what my son's teachers do").
  if (last && last.lemma === last.normal && tokens[at]?.normal === 'do' && (tokens[at + 1] === undefined || ['ADP', 'PUNCT'].includes(tokens[at + 1]!.pos))) return 'party';
  if (!last || !['NOUN', 'PROPN'].includes(last.pos) || decisive.includes(last.normal) || KIND_WORDS.has(last.normal) || !/^\p{L}+$/u.test(last.normal)) return undefined;
  return last.normal;
}

/**
 * A sure match that does not say the thing a possessive names — not the word, a synonym, a word close to it by itself,
 * nor closer for it (clear-leader.ts leavesUnsaid) — is about something else of that person, however close in meaning:
 * fresh 16 (round 19) deleted "My daughter sings in the school musical" for "my daughter's singing lessons" (similarity
 * 0.84; "lessons" gains it 0.02), about nothing stored. Offered to confirm. Read without the gain and the kind words, it cost 10 hits of
 * scenarios 1–228 ("Dana's treatment": chemotherapy, "Kenji's layoff": lost his job).
 */
export async function doubtPossessedThing<T extends LeaderCandidate>(memory: Hippocampus, judged: readonly T[], description: string, decisive: readonly string[]): Promise<void> {
  const thing = possessedThing(description, decisive);
  if (thing === undefined) return;
  const forms = wordForms(thing)[0] ?? [thing];
  const said = descriptionForms(description);
  await offerInsteadAsync(judged, async (entry) => {
    const head = headAfter(entry.content, forms, said);
    if (head !== undefined) return `it says the ${thing} ${head}, not the ${thing}`;
    return (await leavesUnsaid(memory, entry, description, forms)) ? `it does not say the ${thing}` : undefined;
  });
}

/**
 * The noun after the thing where a memory says it only right after a possessive, as the first word of an open compound
 * whose head the description does not say: "My father's wedding ring was stolen in 2012" names the father's ring, and
 * "the news about my father's wedding" deleted it as holding every word (round 21; meant "My father is getting
 * remarried …"). English compounds are headed by their last noun, as round 20 read for hyphenated ones
 * (forget-by-description.ts, modifierOnlyWords). Read after any word, not only a possessive, it cost a hit of all 264
 * ("Yusuf's gambling": "My brother Yusuf has a gambling addiction"). Undefined when the memory says the thing
 * otherwise anywhere, or not at all in its own words.
 */
export function headAfter(content: string, forms: readonly string[], said: string[][]): string | undefined {
  const tokens = analyzeWithWink(content.normalize('NFKC')).tokens;
  const holding = tokens.map((token, at) => ({ token, at })).filter(({ token }) => heldWords(wordForms(token.normal), [[...forms]], { aliases: false }).length > 0);
  if (holding.length === 0 || holding.some(({ at }) => !isPossessiveMark(tokens[at - 1]))) return undefined;
  const heads = holding.map(({ at }) => tokens[at + 1]).map((next) => (next && next.pos === 'NOUN' && heldWords(wordForms(next.normal), said).length === 0 ? next.normal : undefined));
  return heads.every((head) => head !== undefined) ? heads[0] : undefined;
}

/**
 * The deed a possessive names and its doer: "my son's reading" is the son reading, a gerund after "'s" (tagged a noun or a
 * verb, ending in "-ing"); undefined when none.
 */
export function possessorsDeed(description: string): { doer: string; deed: string } | undefined {
  const tokens = analyzeWithWink(statementOf(description)).tokens;
  const at = tokens.findIndex((token, index) => index > 0 && isPossessiveMark(token) && ['NOUN', 'VERB'].includes(tokens[index + 1]?.pos ?? '') && /^\p{L}{2,}ing$/u.test(tokens[index + 1]!.normal));
  if (at < 1) return undefined;
  return { doer: tokens[at - 1]!.normal, deed: infinitiveOf(tokens[at + 1]!.normal) };
}

/**
 * True when the memory has another do the deed a possessive gives its owner: "that thing about my son's reading" is
 * the son's, and "I read my son Arlo's messages on his phone every night …" has the user read (fresh 18, round 21:
 * deleted as holding every word, son and reading, for "My son Milo was diagnosed with dyslexia"), or does it again.
 */
export function anotherDoesPossessorsDeed(description: string, content: string): boolean {
  const asked = possessorsDeed(description);
  if (!asked) return false;
  // The deed past auxiliaries, or done again, is the deed: "I am rereading The Hobbit to my son at bedtime" has the
  // user read (fresh 19's memories, written blind, beside scenario 142's "that thing about my son's reading": deleted
  // as holding every word; its acting verb is "am").
  const deeds = [actingVerb(content), deedDoneOrGoingOn(content)].filter((verb) => verb !== undefined).map(infinitiveOf);
  if (!deeds.some((deed) => deed === asked.deed || deed === `re${asked.deed}`)) return false;
  return !(actorsOf(content) ?? []).some((person) => samePerson(asked.doer, person));
}

import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { leavesUnsaid, type LeaderCandidate } from './clear-leader.ts';
import { statementOf, wordForms } from './description-words.ts';
import { KIND_WORDS } from './word-aliases.ts';

/**
 * The thing a possessive names ("IVF" in "my sister's IVF in Madrid", "lessons" in "my daughter's singing lessons"):
 * the last noun of the words after "'s" (adjectives, nouns, "-ing" words), before a preposition or the end; undefined
 * when none, when it is a name or a number (a name the memory lacks already rules it out) or a kind word ("plans", "place":
 * word-aliases.ts KIND_WORDS, which a memory need not say).
 */
export function possessedThing(description: string, decisive: readonly string[]): string | undefined {
  const tokens = analyzeWithWink(statementOf(description)).tokens;
  const after = tokens.findIndex((token) => /^['’]s?$/u.test(token.value));
  if (after < 1) return undefined;
  let last: (typeof tokens)[number] | undefined;
  for (let at = after + 1; tokens[at] && (['ADJ', 'NOUN', 'PROPN'].includes(tokens[at]!.pos) || (tokens[at]!.pos === 'VERB' && /ing$/u.test(tokens[at]!.normal))); at += 1) last = tokens[at];
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
  for (const entry of judged) {
    if (entry.sure && (await leavesUnsaid(memory, entry, description, forms))) Object.assign(entry, { sure: false, why: `${entry.why}; but it does not say the ${thing}` });
  }
}

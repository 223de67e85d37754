import { cosineSimilarity } from '../working/similarity.ts';
import { queryTerms } from '../core/query-terms.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import { isUsersOtherOfKind, isUsersThing, ownedSubject, speaksOfUser, speaksOfUsersThing, userActs, userIsObject, userIsSubject } from './first-person.ts';
import { negated } from './polarity.ts';
import { isPersonNoun } from './actor.ts';

/** A sure match as the ambiguity check sees it. */
export interface SureMatch {
  id: string;
  content: string;
  /** Decisive words of the memory the description does not name. */
  ownDecisive: string[];
}

/** Two memories say the same thing (a raw sentence and the fact taken from it) at this cosine similarity, at least. */
const SAME_THING = 0.75;

/** The dictionary forms of a text's content words, the user aside ("User likes Redux" → redux). */
function contentLemmas(text: string): Set<string> {
  const lemmas = analyzeWithWink(text.normalize('NFKC')).tokens.map((token) => token.lemma.toLowerCase());
  return new Set(lemmas.filter((lemma) => lemma !== 'user' && queryTerms(lemma).length > 0));
}

/**
 * Close in meaning is not enough to be the same thing: "I cheated on my final exam in college" and "My
 * final exam was in the big hall" sit at cosine ≥ 0.75 with USE-lite, and both were deleted for "what
 * I did on my final exam" (scenarios 49–58). The same thing also says nothing the other does not: the
 * content words of one are all in the other ("User likes Redux" in "I like Redux for state management").
 * Negation aside: "not" is no content word, so "I do not like coffee anymore" passes beside "I like coffee".
 */
function sayTheSameButForNegation(left: string, right: string, cosine: number): boolean {
  if (cosine < SAME_THING) return false;
  const [a, b] = [contentLemmas(left), contentLemmas(right)];
  const within = (small: Set<string>, large: Set<string>) => [...small].every((lemma) => large.has(lemma));
  return within(a, b) || within(b, a);
}

/**
 * Opposite polarity is never the same thing: "I like coffee" and "I do not like coffee anymore" (cosine 0.86)
 * were both deleted for "that I like coffee". Nor is the user's own life and someone else's: "I have a peanut
 * allergy and carry an EpiPen" holds every content word of "My daughter Amira has a peanut allergy and carries
 * an EpiPen" (cosine ≥ 0.75), and "the EpiPen" deleted both (scenarios 107–116, written before round 6).
 */
function sayTheSame(left: string, right: string, cosine: number): boolean {
  return negated(left) === negated(right) && userIsSubject(left) === userIsSubject(right) && sayTheSameButForNegation(left, right, cosine);
}

/** True when one memory says what the other does, negated: "I do not like coffee anymore" of "I like coffee". */
export async function negationOf(memory: Hippocampus, left: { id: string; content: string }, right: { id: string; content: string }): Promise<boolean> {
  if (!memory.embedder || negated(left.content) === negated(right.content)) return false;
  const vectors = await memory.backend.vectors.vectorsOf({ agentId: memory.agentId }, [left.id, right.id]);
  const [a, b] = [vectors.get(left.id), vectors.get(right.id)];
  return a !== undefined && b !== undefined && sayTheSameButForNegation(left.content, right.content, cosineSimilarity(a, b));
}

/**
 * Several sure matches are different things the description fits equally — "my door code" and the
 * flat's 4711 beside the office's 1234, "the spare key" of the house and of the car — when they carry
 * names or numbers of their own that differ, or do not say the same thing: none is sure then. Matches
 * that say the same thing ("I like Redux" and the fact "User likes Redux"), or were derived one from the
 * other, go together.
 */
export async function ambiguous(memory: Hippocampus, sure: readonly SureMatch[]): Promise<boolean> {
  if (sure.length < 2) return false;
  // One at a time: what derives from a match that is itself among the ids asked about is not returned.
  const derived = new Set((await Promise.all(sure.map((entry) => memory.derivedFrom([entry.id])))).flat());
  const primary = sure.filter((entry) => !derived.has(entry.id));
  if (primary.length < 2) return false;
  const distinct = new Set(primary.filter((entry) => entry.ownDecisive.length > 0).map((entry) => [...entry.ownDecisive].sort().join(' ')));
  if (distinct.size >= 2) return true;
  if (!memory.embedder) return false;
  const vectors = await memory.backend.vectors.vectorsOf({ agentId: memory.agentId }, primary.map((entry) => entry.id));
  for (let left = 0; left < primary.length; left += 1) {
    for (let right = left + 1; right < primary.length; right += 1) {
      const a = vectors.get(primary[left]!.id);
      const b = vectors.get(primary[right]!.id);
      if (!a || !b || !sayTheSame(primary[left]!.content, primary[right]!.content, cosineSimilarity(a, b))) return true;
    }
  }
  return false;
}

/**
 * Of several memories a first-person description fits, the only one where the user is a subject
 * (src/forget/first-person.ts): "what I did on my final exam" is "I cheated on my final exam", not "My
 * final exam was in the big hall". Undefined when there is no such single one.
 */
export function ownLifeOnly<T extends { content: string }>(matches: readonly T[], description: string): T | undefined {
  if (!speaksOfUser(description)) return undefined;
  // The user has several of the thing named ("my car" beside "My second car …"): none is the one meant.
  if (matches.some((entry) => isUsersOtherOfKind(entry.content, description))) return undefined;
  // "my door code": the memory whose subject is the user's door code, before any "I …" that mentions one.
  const things = matches.filter((entry) => isUsersThing(entry.content, description));
  if (things.length === 1) return matches.some((entry) => entry !== things[0] && speaksOfUsersThing(entry.content, description)) ? undefined : things[0];
  if (things.length > 1) return undefined;
  // The user as the object of a memory is as much the user's life: "what Marco did to me" deleted "I owe
  // Marco a dinner" beside "My ex Marco cheated on me…" (scenarios 89–101), as only "I" counted.
  const own = matches.filter((entry) => userIsSubject(entry.content) || userIsObject(entry.content));
  const asked = new Set(queryTerms(description).map((word) => word.replace(/(?:es|s)$/u, '')));
  const ownedOf = (entry: T) => (ownedSubject(entry.content) ?? []).some((word) => asked.has(word));
  // With no memory where the user acts, the one opening on the user's own thing named, beside memories that speak of
  // nobody of the user's (no I, my, we, our, me, us): "our flooded basement" is "Our basement flooded in the March storm
  // …", not "The vault in the basement floods when it rains" (round 17, from the misses of scenarios 1–216).
  const owned = own.length === 0 ? matches.filter(ownedOf) : [];
  // Nor beside another person's life, a memory opening on the user's person and speaking of the user nowhere else ("My
  // father has high blood pressure" beside "My blood pressure medication is amlodipine" for "what I take for my blood
  // pressure"; not "My neighbour says my cellar flooded").
  const anothersLife = (entry: T) => !ownedOf(entry) && (ownedSubject(entry.content) ?? []).some((word) => isPersonNoun(word)) && !speaksOfUser(entry.content.trim().replace(/^(?:my|our)\b/iu, ''));
  if (owned.length === 1 && matches.every((entry) => entry === owned[0] || !speaksOfUser(entry.content) || anothersLife(entry))) return owned[0];
  // A description where the user does nothing ("when our anniversary is") may mean the user's own thing as
  // much as what the user does: "Our wedding anniversary is on 3 September" is as much the user's as "We
  // are going to Lisbon for our tenth anniversary", and the latter alone was deleted (scenarios 69–84).
  // Such a thing only makes a rival, never the one chosen: "my medication" is not amlodipine alone.
  if (!userActs(description)) {
    if (matches.some((entry) => !own.includes(entry) && ownedOf(entry))) return undefined;
  }
  return own.length === 1 ? own[0] : undefined;
}

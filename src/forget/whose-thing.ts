import { analyzeWithWink, isPossessiveMark, type WinkToken } from '../nlp/wink-adapter.ts';
import { isPersonNoun } from './actor.ts';
import { sameWord, statementOf } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';

const isOwner = (token: WinkToken) => (token.pos === 'PROPN' && /^\p{Lu}/u.test(token.value)) || isPersonNoun(token.value.toLowerCase());

/**
 * "my dog" is not "the neighbour's dog": a description naming a thing as the user's ("my", "our") is not about a
 * memory where that thing belongs to someone else — another's possessive before it ("The neighbour's dog chewed
 * the sofa cushion", "Ana's car") or "next door" after it ("Pepper the dog next door barks all night") — and never
 * the user's. The round 10 probe deleted both for "that my dog chewed the sofa" and "that our dog barks" (holding
 * every word). So is a thing after "his", "her" or "their" ("my sleeping bag" / "My son Felix lost his sleeping bag at
 * scout camp": the probe's fifth part, held out, deleted it). A fact's "User's dentist" is the user's own (the round 14 probe: "my
 * dentist" was offered, not deleted, for the fact remember_facts had just written). forget-by-description.ts reads the converse, an owner the description names ("my brother's DUI").
 */

/** The nouns a description names as the user's: the noun after "my" / "our", adjectives between ("my old car": car). */
function usersNouns(description: string): string[] {
  const tokens = analyzeWithWink(statementOf(description)).tokens;
  const nouns: string[] = [];
  tokens.forEach((token, at) => {
    if (!['my', 'our'].includes(token.normal)) return;
    let next = at + 1;
    while (tokens[next]?.pos === 'ADJ') next += 1;
    if (tokens[next]?.pos === 'NOUN') nouns.push(tokens[next]!.value.toLowerCase());
  });
  return nouns;
}

/** How much of a memory is read (as actor.ts reads): a memory may be 60 KB, and the thing a short description names is in its opening. */
const READ = 2000;

/** Possessive pronouns of another person. */
const THIRD_PERSON = new Set(['his', 'her', 'their']);

/** The memory's nouns that belong to another: after a possessive that is not the user's, or before "next door". */
function othersNouns(content: string): { owned: string[]; users: string[] } {
  const tokens = analyzeWithWink(content.slice(0, READ).normalize('NFKC')).tokens;
  const owned: string[] = [];
  const users: string[] = [];
  tokens.forEach((token, at) => {
    if (token.pos !== 'NOUN') return;
    let before = at - 1;
    while (tokens[before]?.pos === 'ADJ') before -= 1;
    const owner = tokens[before];
    if (owner && ['my', 'our'].includes(owner.normal)) users.push(token.value.toLowerCase());
    // "User's vault combination": how remember_facts writes the user's own thing (a fact's subject), not a person called User.
    else if (isPossessiveMark(owner) && before > 0 && tokens[before - 1]!.value === 'User') users.push(token.value.toLowerCase());
    // The possessor a person, named or by a noun ("Ana's car", "the neighbour's dog"): "a master's degree" is a kind of degree, not someone's.
    else if (isPossessiveMark(owner) && before > 0 && isOwner(tokens[before - 1]!)) owned.push(token.value.toLowerCase());
    else if (tokens[at + 1]?.normal === 'next' && tokens[at + 2]?.normal === 'door') owned.push(token.value.toLowerCase());
  });
  // Another person's by a pronoun ("My son Felix lost his sleeping bag"): "his", "her", "their" never name the user.
  // Every word of the noun phrase after it, which the tagger splits loosely ("his sleeping bag": sleeping a verb).
  tokens.forEach((token, at) => {
    if (!THIRD_PERSON.has(token.normal)) return;
    const phrase: string[] = [];
    for (let next = at + 1; tokens[next] && (['ADJ', 'NOUN'].includes(tokens[next]!.pos) || (tokens[next]!.pos === 'VERB' && /ing$/u.test(tokens[next]!.normal) && tokens[next + 1]?.pos === 'NOUN')); next += 1) phrase.push(tokens[next]!.value.toLowerCase());
    owned.push(...phrase);
  });
  return { owned, users };
}

/** The user's thing the description names, which the memory gives to another and never to the user, or undefined. */
export function anothersThing(description: string, content: string): string | undefined {
  const asked = usersNouns(description);
  if (asked.length === 0) return undefined;
  const { owned, users } = othersNouns(content);
  return asked.find((noun) => owned.some((other) => sameWord(noun, other)) && !users.some((other) => sameWord(noun, other)));
}

/** Every one of these nouns the memory holds only as another's thing ("for my husband's new job": job), never the user's. */
export function onlyAnothers(content: string, nouns: readonly string[]): boolean {
  if (nouns.length === 0) return false;
  const { owned, users } = othersNouns(content);
  return nouns.every((noun) => owned.some((other) => sameWord(noun, other)) && !users.some((other) => sameWord(noun, other)));
}

/** Sure matches where the thing the description calls the user's belongs to another are offered to confirm instead. */
export function doubtAnothersThing(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => {
    const thing = anothersThing(description, entry.content);
    return thing ? `the ${thing} there is someone else's` : undefined;
  });
}

import { embedWithCache } from '../memory/embedding-cache.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { cosineSimilarity } from '../working/similarity.ts';
import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import { queryTerms } from '../core/query-terms.ts';
import { headNoun, heldWords, namesWord, wordForms } from './description-words.ts';
import { speaksOfUser, userActs, userIsObject, userIsSubject } from './first-person.ts';
import { actorsOf, isPersonNoun } from './actor.ts';
import { onlyAnothers } from './whose-thing.ts';
import { aliases, covers } from './word-aliases.ts';

/** A memory as the clear-leader rule sees it: how close it is to the description and how many of its words it holds. */
export interface LeaderCandidate {
  id: string;
  content: string;
  /** Cosine similarity to the description (null without an embedder). */
  similarity: number | null;
  /** How many content words of the description it holds. */
  held: number;
  /** It holds every content word of the description. */
  holdsAll: boolean;
  sure: boolean;
  /** Offered to confirm when nothing is sure: it holds some of the words, or is close in meaning. */
  offered: boolean;
  why: string;
  /**
   * A rule here judged how it says the user's deed or what the description names: words said in other words,
   * or the user's act among memories of a name. The deed check after them (actor.ts anotherDeed) leaves it be.
   */
  deedJudged?: boolean;
}

// Calibrated on scenarios 1–15 of src/forget/fixtures/forget-cases.ts, the design set after them and
// the requests about nothing stored (never on the held-out scenarios 16–38), with USE-lite:
/** The leader must be this much closer than the next memory. Paraphrases meant led by 0.11–0.35; a request about nothing stored led by at most 0.085 when it held half its words ("my credit card number" → the card's PIN). */
const MARGIN = 0.1;
/** Each word the leader does not hold must add this much to its similarity. Paraphrases added 0.07–0.27 ("earn" for a salary 0.15, "mum" for mother 0.07); a word naming something else added 0.01–0.06 ("the spare key to the garage" → the car's spare key: 0.02, at a lead of 0.19). */
const GAIN = 0.06;
/** Holding under half the words it needs a wider lead and every word adding more ("that I am scared of planes" → afraid of flying: 0.30, gains 0.23 and 0.26; "my car's licence plate" → the driving licence: a lead of 0.23 but gains 0.05 and 0.06). */
const WIDE_MARGIN = 0.15;
const WIDE_GAIN = 0.1;
/** The fewest memories judged (near in meaning or sharing a word) for a lead by meaning to count. */
const FULL_FIELD = 10;
/** Below this similarity no memory leads, however far behind the rest are. */
const FLOOR = 0.45;
/**
 * A word the leader lacks is a paraphrase of one it holds when the two words alone sit this close
 * (USE-lite, each word embedded by itself): "cancer" and "chemotherapy" 0.66, "veterinarian" and "vet"
 * 0.73, "antibiotic" and "penicillin" 0.71, "money" and "paid" 0.56, where "pension" came to at most 0.44
 * against the words of "I was fired from Delmar Logistics" (a request about nothing stored). On scenarios
 * 1–84, 0.5, 0.55 and 0.6 made no wrong deletion (0.55/0.5: two more right ones); 0.55 keeps clear of 0.44.
 * Co-ordinate words score as high ("husband" and "wife" 0.74), so this only halves such a word's gain
 * test and spares it the other-thing test: the leader still must lead, or be the only user's act naming
 * the name.
 */
const RELATED = 0.55;

/** The words the leader lacks that are close in meaning, each by itself, to a word the leader holds. */
async function relatedWords(memory: Hippocampus, leaderContent: string, lacking: string[]): Promise<Set<string>> {
  const own = queryTerms(leaderContent);
  if (!memory.embedder || lacking.length === 0 || own.length === 0) return new Set();
  const { embeddings } = await embedWithCache(memory.embedder, undefined, [...lacking, ...own]);
  const related = new Set<string>();
  lacking.forEach((word, index) => {
    const closest = Math.max(...own.map((_, at) => cosineSimilarity(embeddings[index]!, embeddings[lacking.length + at]!)));
    if (closest >= RELATED) related.add(word);
  });
  return related;
}

/**
 * The description's words a memory does not hold (`unheld`), split into those it says in other words
 * (`related`, within RELATED of a word it holds) and the rest (`lacking`), with the memory's word forms.
 */
async function wordsNotHeld(memory: Hippocampus, content: string, terms: string[][]): Promise<{ forms: string[][]; unheld: string[]; related: Set<string>; lacking: string[] }> {
  const forms = wordForms(content);
  const unheld = terms.filter((term) => heldWords(forms, [term]).length === 0).map((term) => term[0]!);
  const related = await relatedWords(memory, content, unheld);
  return { forms, unheld, related, lacking: unheld.filter((word) => !related.has(word)) };
}

/** The description with one content word taken out (with its ending and possessive). */
function without(text: string, word: string): string {
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${word}\\p{L}*(['’]s)?`, 'giu'), '').replace(/\s+/g, ' ').trim();
}

/**
 * True when every word the leader lacks is a verb of the description: the things it names are all in
 * the memory and only how it says what happened differs ("that I drink black coffee" for "I prefer my
 * coffee black", "that I got caught speeding" for a speeding ticket). Taking such a verb out barely moves
 * the similarity (by -0.005 to 0.03 on scenarios 1–38, where a noun naming something else moved it 0.02–0.06),
 * so the gain test cannot tell paraphrase from another thing there; the lead over every other memory still must.
 */
function relationOnly(text: string, lacking: string[]): boolean {
  if (lacking.length === 0) return false;
  const verbs = new Set(analyzeWithWink(text.normalize('NFKC')).tokens.filter((token) => token.pos === 'VERB').map((token) => token.normal));
  return lacking.every((word) => verbs.has(word));
}

/**
 * A name says which thing, a noun what about it: when a leader holds nothing of the description but its
 * names and numbers and lacks a word of it that is not a verb (nor said in other words), it is another thing of that name ("my Delmar pension" led to
 * "I was fired from Delmar Logistics" by 0.18, "pension" adding 0.17 — a wrong deletion found on the
 * fresh scenarios 39–48). A leader holding other words too still may lead ("the job application at
 * Vireo Labs": job, Vireo, Labs).
 */
function namesOtherThing(description: { text: string; terms: string[][]; decisive: string[] }, lacking: string[]): boolean {
  if (description.decisive.length === 0 || lacking.length === 0) return false;
  const heldOtherWords = description.terms.some((forms) => !lacking.includes(forms[0]!) && !description.decisive.includes(forms[0]!));
  if (heldOtherWords) return false;
  // Any word but a verb (how it says what happened): the tagger reads "secret" in "Sami's secret" as an adjective,
  // and "Sami's secret" (the brother not out to the parents) deleted "Sami is picking us up from the airport", a
  // clear leader by 0.25 on the name alone, "secret" bringing it closer (round 9's fresh batch, on all 156).
  const verbs = new Set(analyzeWithWink(description.text.normalize('NFKC')).tokens.filter((token) => token.pos === 'VERB').map((token) => token.normal));
  return lacking.some((word) => !verbs.has(word));
}

/**
 * The same test for a memory chosen as the only one naming the description's name: the name says which
 * thing, but a noun it lacks and does not say in other words makes it another thing of that name. With one
 * Delmar memory stored, "my Delmar pension" deleted "I was fired from Delmar Logistics" (similarity 0.50;
 * "pension" is 0.44 from its nearest word there). The cost on scenarios 1–88: "my Redux preference" (0.50
 * from "like") is offered to confirm instead of deleted, 1 of 440.
 */
export async function namesAnotherThing(memory: Hippocampus, entry: LeaderCandidate, description: { text: string; terms: string[][]; decisive: string[] }): Promise<boolean> {
  const { lacking } = await wordsNotHeld(memory, entry.content, description.terms);
  return namesOtherThing(description, lacking);
}

/** The words a text's tagger reads as nouns. */
const nounsOf = (text: string) => analyzeWithWink(text.normalize('NFKC')).tokens.filter((token) => token.pos === 'NOUN').map((token) => token.normal);

/**
 * The only memory naming a name may hold other words of the description and still be another thing of that
 * name: "that Lukas has a key to my flat" is not "Lukas has a key to the office", "the 1200 euro sofa" not "I
 * bought a new laptop for 1200 euros". A noun of the description it lacks, does not say in other words (within
 * RELATED), and that does not bring it closer by the half GAIN asked of a word said in other words, names another
 * thing. The round 10 probe (bench/forget-precision-probe.ts) deleted 6 memories so by "the only memory naming"
 * (44 left of 50); on all 156 of the labelled set it cost one request of 780, "the court case on 9 June" for "I have a
 * court hearing about the custody of my children on 9 June" ("case" 0.5 from "hearing" as words, gaining little),
 * now offered to confirm as the one candidate: recall 0.713 -> 0.712, a price paid for precision.
 */
export async function lacksUnsaidNoun(memory: Hippocampus, entry: LeaderCandidate, description: { text: string; terms: string[][]; decisive: string[] }): Promise<boolean> {
  const { lacking } = await wordsNotHeld(memory, entry.content, description.terms);
  const nouns = new Set(nounsOf(description.text));
  // A wish's noun ("my dream of sailing across the Atlantic", "my plan to …") is said by a memory stating the wish.
  const saysWish = WISH.test(entry.content.slice(0, 2_000));
  const unsaid = lacking.filter((word) => nouns.has(word) && !description.decisive.includes(word) && !(saysWish && SPEAKS_OF_WISH.test(word)));
  if (unsaid.length === 0) return false;
  const gains = await gainsOf(memory, entry, description.text, unsaid);
  return gains !== undefined && gains.some((gain) => gain < GAIN / 2);
}

/**
 * "the alarm code for the cottage": a word the leader lacks that stands right before one it holds says
 * which of that kind is meant — an alarm code, not the key-safe code the leader holds (a wrong deletion
 * on scenarios 85–88, written after the rules: lead 0.10, and "alarm" brought it closer). Not for
 * decisive words and not for words the leader says in other words ("my antibiotic allergy"). For a leader,
 * an adjective or adverb there too ("Greta's new flat" led to "My landlady Greta is selling the flat we rent"
 * by 0.19, "new" bringing it closer: a wrong deletion on scenarios 117–121, written after round 6; reading
 * it cost nothing on scenarios 1–121).
 */
function qualifiesHeldWord(text: string, lacking: string[], leaderForms: string[][], kinds: readonly string[] = ['NOUN'], decisive: readonly string[] = []): boolean {
  // Nouns only: a verb there tells what happened ("that I got caught speeding").
  const tokens = analyzeWithWink(text.normalize('NFKC')).tokens.filter((token) => /^[\p{L}\p{N}]/u.test(token.value));
  const qualifies = (token: (typeof tokens)[number], next: (typeof tokens)[number] | undefined) => next !== undefined && kinds.includes(token.pos) && lacking.includes(token.normal) && !decisive.includes(next.normal) && heldWords(leaderForms, [[next.normal]]).length > 0;
  return tokens.some((token, at) => qualifies(token, tokens[at + 1]));
}

/**
 * A memory chosen for the name it shares with the description: an adjective it lacks right before a word
 * it holds says which of that kind is meant, so the name does not decide. "Kenji's new job" (about nothing
 * stored) deleted "My husband Kenji lost his job at the shipyard", the only one of two Kenji memories
 * holding "job" (scenarios 107–116, written before round 6). Nouns are left to namesAnotherThing: read here
 * too, "the Tokyo trip flight" stopped deleting the Tokyo flight. A name after the word is not what it
 * qualifies ("the money Rafael owes me"). The tagger reads a short phrase loosely ("Greta's new flat": "new" an
 * adverb, "flat" an adjective), so an adverb counts too: "Greta's new flat", about nothing stored, deleted "My
 * landlady Greta is selling the flat we rent" (scenarios 117–121, written after round 6 and scored untouched).
 */
export function qualifiesWhatItHolds(entry: LeaderCandidate, description: { text: string; terms: string[][]; decisive: string[] }): boolean {
  // Every word it does not hold, even one near a word of it: an adjective's closeness as a word says little ("new").
  const forms = wordForms(entry.content);
  const unheld = description.terms.filter((term) => heldWords(forms, [term]).length === 0).map((term) => term[0]!);
  return qualifiesHeldWord(description.text, unheld.filter((word) => !description.decisive.includes(word)), forms, ['ADJ', 'ADV'], description.decisive);
}

/**
 * True when the memory does not say a word of the description (`forms`): it does not hold it, itself or as a synonym,
 * no word of it is close to it by itself (RELATED), and taking it out of the description does not move the memory away
 * by the half GAIN asked of a word said in other words.
 */
export async function leavesUnsaid(memory: Hippocampus, entry: LeaderCandidate, text: string, forms: string[]): Promise<boolean> {
  const { lacking } = await wordsNotHeld(memory, entry.content, [forms]);
  if (lacking.length === 0) return false;
  const gains = await gainsOf(memory, entry, text, lacking);
  return gains !== undefined && gains.every((gain) => gain < GAIN / 2);
}

/** How much each word brings a memory closer to the description: its similarity less that of the description without the word. */
async function gainsOf(memory: Hippocampus, entry: LeaderCandidate, text: string, words: readonly string[]): Promise<number[] | undefined> {
  if (!memory.embedder || entry.similarity === null || words.length === 0) return words.length === 0 ? [] : undefined;
  const vector = (await memory.backend.vectors.vectorsOf({ agentId: memory.agentId }, [entry.id])).get(entry.id);
  if (!vector) return undefined;
  const { embeddings } = await embedWithCache(memory.embedder, undefined, words.map((word) => without(text, word)));
  return embeddings.map((other) => entry.similarity! - cosineSimilarity(other, vector));
}

/**
 * "Milo's football coach": the noun a description is about (src/forget/description-words.ts), lacking in a
 * memory that holds the word qualifying it, names a thing of that thing — a coach, not the football of
 * "Milo scored two goals at football on Saturday" (about nothing stored, deleted; scenarios 132–144, written
 * before round 8) — unless it brings the memory closer by the half GAIN asked of a word said in other words
 * ("the burnout conversation with Olga" → "I told my manager Olga I am burned out": +0.07; the football
 * memory: -0.03; in probes after it, "Priya's tennis coach" beside "Priya won the tennis tournament": +0.025,
 * "… lessons" +0.017, "… racket" -0.02). True when the memory holds the noun, or nothing it holds qualifies
 * it, or no embedder can tell.
 */
export async function headNounMeant(memory: Hippocampus, entry: LeaderCandidate, description: { text: string; decisive: readonly string[] }): Promise<boolean> {
  const head = headNoun(description.text);
  const forms = wordForms(entry.content);
  if (head === undefined || description.decisive.includes(head) || heldWords(forms, wordForms(head).slice(0, 1)).length > 0) return true;
  const tokens = analyzeWithWink(description.text.normalize('NFKC')).tokens;
  const at = tokens.findIndex((token) => token.normal === head);
  const qualifier = at > 0 ? tokens[at - 1]! : undefined;
  // A name before it says whose ("Karim money" in "that I owe Karim money"), which the name rule reads; a word says what kind.
  if (!qualifier || !['NOUN', 'ADJ'].includes(qualifier.pos) || description.decisive.includes(qualifier.normal) || heldWords(forms, [[qualifier.normal]]).length === 0) return true;
  const gains = await gainsOf(memory, entry, description.text, [head]);
  return gains === undefined || gains[0]! >= GAIN / 2;
}

/** A wish or intention and the verb it wishes for ("I want to lose weight", "I would like to sell the car"). */
export const WISH = /(?<![\p{L}])(?:wants?|wanted|hopes?|hoping|wish(?:es)?|would (?:like|love)|['’]d (?:like|love))\s+to\s+(\p{L}+)|(?<![\p{L}])dream(?:s|ed|t)?\s+of\s+(\p{L}+)/iu;
/** A description that speaks of a wish or a plan itself ("my weight loss goal", "that I want to …", "my plan to …"). */
export const SPEAKS_OF_WISH = /(?<![\p{L}])(?:wants?|wanted|wish(?:es)?|hopes?|hoping|plans?|planning|goals?|aims?|dreams?|intend|intention|trying|going to|would like|['’]d like)(?![\p{L}])/iu;

/**
 * "my weight loss" with "I want to lose weight before the summer" and "I lost 15 kilos on Ozempic this year"
 * stored: a wish is not the deed, and when the description speaks of no wish, the memory wishing for the thing
 * it names (the wished verb holds or says one of its words) and another memory, close enough to be meant (FLOOR)
 * and wishing for nothing, that says the same word as done, are both what it can mean — the user is asked. The
 * wish led by 0.19, "loss" 0.65 from "lose" and 0.59 from the deed's "lost", and was deleted (round 9's fresh
 * batch, on all 156). A description naming the wish ("my weight loss goal", "that I want to lose weight") or a
 * wish with no such deed beside it is left to the other tests. Not the label's fault: the Ozempic memory is what
 * "my weight loss" most plainly names, the wish a second reading; asking is the answer, deleting either a gamble.
 */
async function wishBesideDeed(memory: Hippocampus, leader: LeaderCandidate, field: readonly LeaderCandidate[], description: { text: string; terms: string[][] }): Promise<boolean> {
  const wish = WISH.exec(leader.content);
  const wished = wish?.[1] ?? wish?.[2];
  if (wished === undefined || SPEAKS_OF_WISH.test(description.text)) return false;
  const closeness = await wordCloseness(memory, wished, description.terms);
  const wishedWords = description.terms.filter((_, at) => closeness[at]! >= RELATED);
  if (wishedWords.length === 0) return false;
  for (const other of field) {
    if (other === leader || other.similarity === null || other.similarity < FLOOR || WISH.test(other.content)) continue;
    if ((await wordCloseness(memory, other.content, wishedWords)).every((value) => value >= RELATED)) {
      // Offered beside the wish even under the offering cut (0.5): the deed was at 0.475 and the confirm step missed it.
      if (!other.offered) Object.assign(other, { offered: true, why: `says ${wishedWords.map((forms) => forms[0]).join(', ')} done where the closest memory wishes for it (similarity ${other.similarity.toFixed(2)})` });
      return true;
    }
  }
  return false;
}

/**
 * A leader that says at least half of the description's words — held, or said in other words (each word alone
 * within RELATED of one of its words: "dermatitis" / "eczema", "boy" / "son") — and more of them than any other
 * memory holds, answers the description as a leader holding half of them does: it needs the lead MARGIN, not
 * WIDE_MARGIN. Its words said in other words still must bring it closer by WIDE_GAIN / 2, the gain asked of a
 * leader holding under half. Fresh batch 12 (round 14, written before it and scored untouched): 0.550 → 0.583,
 * "my dermatitis" and "the night my boy ended up at the gate"; no wrong deletion on the labelled set
 * or the precision probe (docs/memory-model.md, round 14).
 */
function saysHalf(held: number, said: number, mostHeldElsewhere: number, words: number): boolean {
  return said > 0 && (held + said) * 2 >= words && held + said > mostHeldElsewhere;
}

/** The description speaks of someone the memory's subject names: the user (my, I, we …) or a person by name or kin word. */
function speaksOfSubject(description: string, content: string): boolean {
  const told = actorsOf(content);
  if (told === undefined) return true;
  const personWords = (description.toLowerCase().match(/[\p{L}-]+/gu) ?? []).filter((word) => isPersonNoun(word));
  return told.some((person) => (person === 'user' || person === 'we' ? speaksOfUser(description) : new RegExp(`(?<![\\p{L}])${person}`, 'iu').test(description) || personWords.some((word) => aliases(word, person) || covers(word, person))));
}

/**
 * A leader holding half the words or more and more of them than any other memory, the description's head noun
 * among them, lacking only verbs (or words said in other words, which the gain test still reads), whose subject
 * the description speaks of, needs only to be the closest: the words say which memory, meaning only that it is
 * no further than another. Written in round 14 (side branch r14-recall-most-words, f822814), not kept then:
 * +6 requests in-sample, +0 on fresh 12; round 15 measured it on fresh 13 and fresh6, written after it.
 */
function holdsMostOfAll(leader: LeaderCandidate, description: { text: string; decisive: readonly string[] }, read: { mostHeldElsewhere: number; leaderForms: string[][]; lacking: string[] }): boolean {
  if (leader.held === 0 || leader.held <= read.mostHeldElsewhere) return false;
  const head = headNoun(description.text);
  const headHeld = head === undefined || description.decisive.includes(head) || heldWords(read.leaderForms, wordForms(head).slice(0, 1)).length > 0;
  return headHeld && (read.lacking.length === 0 || relationOnly(description.text, read.lacking)) && speaksOfSubject(description.text, leader.content);
}

/**
 * When nothing matched for sure, a memory still is the one meant when it is clearly the closest in
 * meaning and the words it lacks are paraphrase rather than something else: taking each such word out
 * of the description must lower the memory's similarity ("what I earn at Nordbank" → the Nordbank
 * salary: without "earn" it drops by 0.15), where a word that names another thing barely moves it
 * ("the spare key to the garage" → the car's spare key: 0.02). Two memories holding every word are a
 * choice for the user, whatever their similarity ("my ladder": the borrowed one or the broken one).
 * Marks the leader sure; changes nothing when there is none.
 */
export async function markClearLeader(memory: Hippocampus, field: LeaderCandidate[], description: { text: string; terms: string[][]; decisive: string[] }): Promise<void> {
  if (!memory.embedder) return;
  const ranked = field.filter((entry) => entry.similarity !== null).sort((left, right) => right.similarity! - left.similarity!);
  const [leader, second] = ranked;
  if (!leader || leader.similarity! < FLOOR) return;
  // A lead means something among many: in a store of a few memories the next one is far by chance, and the
  // precision probe (bench/forget-precision-probe.ts: 44 stores of 3–5 memories, 176 requests about nothing
  // stored) saw 19 wrong deletions from this rule; with at least FULL_FIELD memories judged (near in meaning or
  // sharing a word) 24 wrong deletions are left of 41, for 4 requests of 780 on the labelled set (0.712 →
  // 0.708), which are asked instead. 10, 20 and 40 mended the same on the probe; chosen on it, so in-sample.
  if (ranked.length < FULL_FIELD) return;
  // The user's act is in a memory of the user's life: "that I panicked on the bus" led "The bus driver waved at
  // the kids" by 0.21 beside "The bus station is being rebuilt" and "I listen to podcasts on the bus", "panicked"
  // passing as said in other words, and deleted it (found writing round 9's tests, 2026-11-27). A leader that
  // speaks of nobody of the user's (no I, we, me, us, my, our) is another's act or a thing: the user confirms.
  if (userActs(description.text) && !speaksOfUser(leader.content) && !userIsSubject(leader.content)) return;
  const mostHeldElsewhere = Math.max(0, ...ranked.slice(1).map((entry) => entry.held));
  if (mostHeldElsewhere > leader.held || (leader.holdsAll && mostHeldElsewhere === leader.held)) return;
  const margin = leader.similarity! - (second?.similarity ?? 0);
  const halfHeld = leader.held > 0 && leader.held * 2 >= description.terms.length;
  // Under the narrower lead no leader passes but one holding the most words (holdsMostOfAll): for the rest the
  // words it lacks (embedding each) need not be read.
  const mayHoldMost = halfHeld && leader.held > mostHeldElsewhere;
  if (margin < MARGIN && !mayHoldMost) return;
  const { forms: leaderForms, unheld, related, lacking } = await wordsNotHeld(memory, leader.content, description.terms);
  // A one-word paraphrase ("that I'm a pescatarian" for "I am vegetarian but eat fish about once a week") or one
  // without a content word ("that I'm not over him": feelings for an ex) leads as widely as a longer one: before
  // round 8 it never could, and 2 of the 65 requests of scenarios 132–144 (written before it) were left to confirm.
  // One saying half the words or more in other words leads as a holder does (saysHalf); the gain test stays the wide one.
  const byWords = mayHoldMost && holdsMostOfAll(leader, description, { mostHeldElsewhere, leaderForms, lacking });
  if (margin < (byWords ? 0 : halfHeld || saysHalf(leader.held, related.size, mostHeldElsewhere, description.terms.length) ? MARGIN : WIDE_MARGIN)) return;
  if (namesOtherThing(description, lacking) || qualifiesHeldWord(description.text, lacking.filter((word) => !description.decisive.includes(word)), leaderForms, ['NOUN', 'ADJ', 'ADV'])) return;
  // Only verbs unheld, or only verbs besides the paraphrased words: how it says what happened, not tested.
  // Nor one word a long description adds to all the others the leader holds, when it leads widely
  // ("forget that I had to sell my grandfathers watch to make rent that month": 4 of 5 words, lead 0.28;
  // "selling the watch for rent money": 3 of 4, lead 0.15 — "month" and "money" add no meaning, so their
  // gain was under 0.06). A word that qualifies or names another thing was ruled out above.
  const nearlyAll = leader.held >= 3 && unheld.length === 1 && margin >= WIDE_MARGIN;
  const tested = nearlyAll || relationOnly(description.text, unheld) ? [] : [...(relationOnly(description.text, lacking) ? [] : lacking), ...related];
  if (tested.length > 0) {
    const leaderVector = (await memory.backend.vectors.vectorsOf({ agentId: memory.agentId }, [leader.id])).get(leader.id);
    if (!leaderVector) return;
    const { embeddings } = await embedWithCache(memory.embedder, undefined, tested.map((word) => without(description.text, word)));
    const gains = embeddings.map((vector) => leader.similarity! - cosineSimilarity(vector, leaderVector));
    // A word said in other words still must bring the leader closer, by half the gain of another word:
    // "the spare key to the garage" → the car's spare key, "garage" and "car" 0.6 apart as words, gained 0.022
    // (a wrong deletion); paraphrases gained 0.04–0.35 ("antibiotic" 0.041, "treatment" 0.32) on scenarios 1–88.
    const needed = (word: string) => (halfHeld ? GAIN : WIDE_GAIN) / (related.has(word) ? 2 : 1);
    if (gains.some((gain, at) => gain < needed(tested[at]!))) return;
  }
  if (await wishBesideDeed(memory, leader, ranked, description)) return;
  const paraphrased = related.size > 0 ? `, ${[...related].join(', ')} said in other words` : '';
  Object.assign(leader, { sure: true, offered: true, deedJudged: related.size > 0, why: `closest in meaning by ${margin.toFixed(2)} (similarity ${leader.similarity!.toFixed(2)})${byWords && margin < MARGIN ? ' and holding more of the words than any other memory' : ''}, ${description.terms.length === 0 ? 'the description holding no content word' : `holding ${leader.held} of ${description.terms.length} words${paraphrased}, each other word bringing it closer`}` });
}

/**
 * "the Delmar job I lost", "that I bought Bitcoin", "the money I owe Ruth": the description has the user
 * do something with a name several memories hold; the one where the user is the subject ("I was fired
 * from Delmar Logistics", not "Delmar Logistics opened a warehouse") is meant when it is also the closest
 * of them and every other word of the description is in it, said in other words (within RELATED), or a
 * verb of the description (how it says what happened). A description that only owns the thing ("my Delmar
 * pension", a request about nothing stored) is not read this way: it names no act of the user's.
 */
export async function markOwnNamer(memory: Hippocampus, field: LeaderCandidate[], description: { text: string; terms: string[][]; decisive: string[] }): Promise<void> {
  if (!memory.embedder || description.decisive.length === 0 || !userActs(description.text)) return;
  const naming = field.filter((entry) => entry.similarity !== null && description.decisive.every((word) => namesWord(entry.content, word)));
  const own = naming.filter((entry) => userIsSubject(entry.content));
  if (naming.length < 2 || own.length !== 1) return;
  const [chosen] = own;
  if (naming.some((entry) => entry !== chosen && entry.similarity! >= chosen!.similarity!)) return;
  const { lacking } = await wordsNotHeld(memory, chosen!.content, description.terms);
  if (lacking.length > 0 && !relationOnly(description.text, lacking)) return;
  Object.assign(chosen!, { sure: true, offered: true, deedJudged: true, why: `of the memories naming ${description.decisive.join(', ')}, the closest (similarity ${chosen!.similarity!.toFixed(2)}) and the only one where the user is the subject` });
}

/** How close each word is to the closest word of a text (1 for a word it holds), each word embedded alone. */
export async function wordCloseness(memory: Hippocampus, content: string, terms: string[][]): Promise<number[]> {
  const forms = wordForms(content);
  const own = queryTerms(content);
  const words = terms.map((forms) => forms[0]!);
  if (!memory.embedder || own.length === 0) return terms.map((term) => (heldWords(forms, [term]).length > 0 ? 1 : 0));
  const { embeddings } = await embedWithCache(memory.embedder, undefined, [...words, ...own]);
  return terms.map((term, index) => (heldWords(forms, [term]).length > 0 ? 1 : Math.max(...own.map((_, at) => cosineSimilarity(embeddings[index]!, embeddings[words.length + at]!)))));
}

/**
 * "Kenji's layoff", "forget that Kenji is unemployed", with "My husband Kenji lost his job at the shipyard"
 * and "Kenji from the climbing gym is moving to Osaka" stored: the name says which person, and the other
 * words of the description say which of the memories naming them — when the closest of those memories says
 * every such word, itself or in other words (each word embedded alone within RELATED of one of its words,
 * the names aside: "unemployed" / "job" 0.66, "layoff" / "job" 0.55), and every other memory naming the name
 * says none of them, not even nearly: its closest word is under RELATED and MARGIN further than the chosen
 * one's ("scrap the airbnb price": "price" is 0.60 from the fees of "Airbnb raised its cleaning fees" and
 * 0.52 from the costs of the Porto Airbnb, and the fees one was deleted). A word said only in other words
 * must bring it closer (half the gain asked of a leader's paraphrased word). On scenarios 1–116 the memories
 * meant sat only 0.01–0.05 above the other memory naming the name, too little for the clear-leader lead.
 * A word further than RELATED from all of its words still counts as said when it brings it closer by the full GAIN
 * (round 16: "Ivy's university place", "what I told you about Leonie not eating" — "eating" 0.51 from "anorexia"
 * as words; +2 of 960 on scenarios 1–192, no wrong deletion there or on the probe).
 */
export async function markNamerSayingTheRest(memory: Hippocampus, field: LeaderCandidate[], description: { text: string; terms: string[][]; decisive: string[] }): Promise<void> {
  if (!memory.embedder || description.decisive.length === 0) return;
  const rest = description.terms.filter((forms) => !description.decisive.includes(forms[0]!));
  const naming = field.filter((entry) => entry.similarity !== null && description.decisive.every((word) => namesWord(entry.content, word))).sort((left, right) => right.similarity! - left.similarity!);
  if (rest.length === 0 || naming.length < 2) return;
  const withoutNames = (content: string) => description.decisive.reduce((text, word) => text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${word}\\p{L}*(['’]s)?`, 'giu'), ' '), content);
  const [chosen, ...others] = naming;
  const own = await wordCloseness(memory, withoutNames(chosen!.content), rest);
  const restWords = rest.map((forms) => forms[0]!);
  const ownGains = await gainsOf(memory, chosen!, description.text, restWords);
  // A word under RELATED of all its words is said in other words still when it brings it closer by the full GAIN a
  // leader's unheld word must bring: "Ivy's university place" (0.54 from its nearest word there, +0.17).
  if (own.some((closeness, at) => closeness < RELATED && (ownGains?.[at] ?? 0) < GAIN)) return;
  for (const other of others) {
    const closeness = await wordCloseness(memory, withoutNames(other.content), rest);
    if (closeness.some((value, at) => value >= RELATED || value > own[at]! - MARGIN)) return;
    // Nor does it say one in a word the word embeddings miss: a word bringing it closer by the half GAIN asked
    // of a word said in other words, and by less than MARGIN under what it brings the chosen one, is said there
    // too. "the Valencia trip" chose "I visited Valencia for a conference in 2019" (+0.08) beside "Our team
    // offsite is in Valencia from 9 to 12 October" (+0.04), "offsite" 0.39 from "trip" as words (scenarios
    // 132–144, before round 8); "Kenji's layoff": +0.25 for the job lost, +0.07 for the move to Osaka.
    const gains = await gainsOf(memory, other, description.text, restWords);
    if (gains?.some((gain, at) => gain >= GAIN / 2 && gain > (ownGains?.[at] ?? 0) - MARGIN)) return;
  }
  const inOtherWords = rest.filter((_, at) => own[at]! < 1).map((forms) => forms[0]!);
  if (inOtherWords.length > 0) {
    const chosenVector = (await memory.backend.vectors.vectorsOf({ agentId: memory.agentId }, [chosen!.id])).get(chosen!.id);
    if (!chosenVector) return;
    const { embeddings } = await embedWithCache(memory.embedder, undefined, inOtherWords.map((word) => without(description.text, word)));
    if (embeddings.some((vector) => chosen!.similarity! - cosineSimilarity(vector, chosenVector) < GAIN / 2)) return;
  }
  Object.assign(chosen!, { sure: true, offered: true, deedJudged: inOtherWords.length > 0, why: `of the memories naming ${description.decisive.join(', ')}, the closest (similarity ${chosen!.similarity!.toFixed(2)}) and the only one saying ${rest.map((forms) => forms[0]).join(', ')}${inOtherWords.length > 0 ? ` (${inOtherWords.join(', ')} in other words)` : ''}` });
}

/**
 * "that I faked my degree" with "I lied on my CV about having a master's degree" and "My sister is doing a
 * master's degree in Leeds": the description has the user do something, and of the memories holding the
 * most of its words (at least half), only one is about the user's own life — the user its subject or its
 * object. It is meant when it is also the closest of them and what it lacks are only verbs of the
 * description that it says in other words (how it says what the user did: "faked" for "lied"). The rule markOwnNamer applies to a
 * name, read for the description's other words; an own-life rule for memories holding every word already
 * decides (same-thing.ts).
 */
export async function markOwnActAmongHolders(memory: Hippocampus, field: LeaderCandidate[], description: { text: string; terms: string[][]; decisive: string[] }): Promise<void> {
  if (!memory.embedder || !userActs(description.text) || description.terms.length < 2) return;
  const most = Math.max(0, ...field.map((entry) => entry.held));
  if (most === 0 || most * 2 < description.terms.length || most === description.terms.length) return;
  const holders = field.filter((entry) => entry.held === most && entry.similarity !== null);
  const own = holders.filter((entry) => userIsSubject(entry.content) || userIsObject(entry.content));
  if (holders.length < 2 || own.length !== 1) return;
  const [chosen] = own;
  if (holders.some((entry) => entry !== chosen && entry.similarity! >= chosen!.similarity!)) return;
  const { unheld, related } = await wordsNotHeld(memory, chosen!.content, description.terms);
  if (!relationOnly(description.text, unheld)) return;
  // The nouns it holds are another's there: "that I am looking for a new job" is not "We are moving to Canada in
  // the spring for my husband's new job" (fresh 19's memories, written blind, beside scenario 132's request: a wrong
  // deletion once a second memory held "new" and "job").
  const heldNouns = nounsOf(description.text).filter((noun) => !unheld.includes(noun) && description.terms.some((forms) => forms[0] === noun));
  if (onlyAnothers(chosen!.content, heldNouns)) return;
  // Each verb it lacks it still says, in other words ("faked" is 0.63 from "lied" as words) or as the half GAIN a
  // word said in other words must bring ("formatted" brings "I prefer tabs over spaces …" 0.09 closer, 0.53 from its
  // nearest word): a verb it does not say is another act at the same place. "forget that I freaked out on the
  // train" (a panic attack on the tube) deleted "I listen to music on the train", "freaked" 0.35 from its nearest
  // word and moving it 0.11 away (round 9's fresh batch, on all 156).
  const unsaid = unheld.filter((word) => !related.has(word));
  const gains = await gainsOf(memory, chosen!, description.text, unsaid);
  if (gains === undefined || gains.some((gain) => gain < GAIN / 2)) return;
  Object.assign(chosen!, { sure: true, offered: true, deedJudged: true, why: `of the memories holding ${most} of the words, the closest (similarity ${chosen!.similarity!.toFixed(2)}) and the only one about the user's own life; it says what the user did (${unheld.join(', ')}) in other words` });
}

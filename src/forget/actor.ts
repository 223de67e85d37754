import nlp from 'compromise';
import { infinitiveOf } from '../nlp/compromise-adapter.ts';
import { analyzeWithWink, type WinkToken } from '../nlp/wink-adapter.ts';
import { SPEAKS_OF_WISH, WISH } from './clear-leader.ts';
import { withoutContractions } from './description-words.ts';
import { KIN } from './kin.ts';
import { aliases, covers, singular } from './word-aliases.ts';
import { OPENING_READ, openingOf } from './opening.ts';

/**
 * Who does what a statement says: the people of its subject, read from its opening up to its verb ("I" is
 * the user; "my father", "Tom", "My daughter Mia", "My husband and I"). A description that has one person act
 * ("that I voted conservative", "that Tom cheated on me") is not about a memory where another does the same
 * ("My father always votes conservative", "I cheated on my boyfriend Tom"): the words are all there, the
 * deed is not the one meant. The round 10 precision probe (bench/forget-precision-probe.ts, 44 small stores,
 * 176 requests about nothing stored) deleted 28 memories so (25, and 3 more once a verb the tagger took for a noun was read), by every rule that reads words or meaning
 * ("holds every word", "the only memory naming", "same meaning" at 0.81); a description naming no person
 * ("my marathon time"), a subject that is a thing ("My flight to Lisbon is on …"), and "we" (the user and
 * others) say nothing either way.
 */

/** People named by a noun: kin (kin.ts's list) and the roles people have in a user's life. A plural is read as its singular. */
const PERSON_NOUNS: ReadonlySet<string> = new Set([
  ...KIN,
  'children', 'baby', 'twin', 'partner', 'boyfriend', 'girlfriend', 'fiance', 'fiancé', 'fiancee', 'fiancée', 'ex', 'friend', 'neighbour', 'neighbor',
  'colleague', 'coworker', 'boss', 'manager', 'landlord', 'landlady', 'tenant', 'roommate', 'flatmate', 'housemate', 'teacher', 'doctor', 'dentist',
  'therapist', 'nurse', 'lawyer', 'accountant', 'coach', 'trainer', 'student', 'teammate', 'classmate', 'mentor', 'youngest', 'oldest', 'eldest',
  'in-law', 'ex-wife', 'ex-husband', 'ex-boyfriend', 'ex-girlfriend', 'ex-partner',
]);
// "great-aunt", "half-brother", "great-grandmother": the kin word with a prefix of degree is a person too.
export const isPersonNoun = (word: string) => PERSON_NOUNS.has(singular(word.replace(/^(?:(?:great|half)-)+/u, ''))) || /-in-law$/u.test(word);
/** Opens a description and is no part of what it says. */
const REQUEST = /^\s*(?:please\s+)?(?:(?:forget|delete|remove|erase)\s+)?(?:(?:about\s+)?(?:the\s+(?:fact|bit|thing)\s+)?that\s+)?/iu;

/**
 * "my plan to move to Spain" has the user act as "I move to Spain" does: a plan, wish or decision of the user's
 * to do a thing names the user as the one who does it. Read as a noun phrase, it named no one, and "the only
 * memory naming Spain", "Our landlord lives in Spain most of the year" (a near miss of fresh batch 10), was deleted.
 */
const INTENT = /^\s*(my|our)\s+(?:plans?|wish|dream|decision|intention|attempt|promise|goal)\s+to\s+(?=\p{L})/iu;

/** The people of a statement's subject and the verb they act by, as read from its opening. */
interface Actors {
  people: string[];
  verb: string;
  /** The deed of the verb chain after the subject (deedOf), if it has one. */
  deed?: string;
  /** A deed going on, "-ing" after a form of "be" ("Mia is leaving the company"), which `deed` leaves out. */
  goingOn?: string;
}

/** Verbs that carry tense, mood or a state rather than the deed ("got fired", "has lived", "keeps skipping"). */
const LIGHT = new Set(['be', 'have', 'get', 'do', 'will', 'can', 'could', 'should', 'may', 'might', 'must', 'shall', 'go', 'start', 'keep', 'need', 'make', 'use']);
/** Light verbs that are a deed of their own when no other verb follows them ("got a job", "made a cake", "went home", "needed stitches"). */
const ACTING_LIGHT = new Set(['get', 'make', 'go', 'keep', 'start', 'need']);
/** Verbs of a wish, plan or attempt: the deed after them is not done ("wants to sell", "is planning to quit"). */
const INTENDING = new Set(['want', 'would', 'hope', 'plan', 'wish', 'dream', 'think', 'consider', 'decide', 'try', 'like', 'love', 'intend', 'mean']);
/**
 * The deed of the verb chain after the subject: its last verb that is not light ("got fired": fired, "wants to
 * sell": sell), as written; undefined when the chain has none ("has a key", "got into Oxford") or the deed is a
 * gerund, which names a thing as much as a deed ("Ayo driving test", "Tim and Ole coming").
 */
function deedOf(tokens: readonly WinkToken[], from: number, verbs: ReadonlySet<string>): string | undefined {
  const deed = chainDeed(tokens, from, verbs);
  return deed && !/ing$/u.test(deed) ? deed : undefined;
}

/** The "-ing" deed of a verb chain after a form of "be" ("is leaving", "are moving"), or undefined. */
function deedGoingOn(tokens: readonly WinkToken[], from: number, verbs: ReadonlySet<string>): string | undefined {
  const deed = chainDeed(tokens, from, verbs);
  return deed && /ing$/u.test(deed) && /^(?:am|is|are|was|were)$/iu.test(tokens[from]?.value ?? '') ? deed : undefined;
}

function chainDeed(tokens: readonly WinkToken[], from: number, verbs: ReadonlySet<string>): string | undefined {
  let deed: string | undefined;
  let last: string | undefined;
  for (const [index, token] of tokens.slice(from).entries()) {
    // The verb readActors found is one, whatever wink tagged it ("that Kiwi bit me": bit/NOUN); not a phrasal one,
    // whose deed is not the bare verb's ("Luis and Marta split up" is "broke up": all 168's target).
    const phrasal = /^(?:up|out|off|down|away|back|over)$/iu.test(tokens[from + index + 1]?.value ?? '');
    const isVerb = (index === 0 && !phrasal && verbs.has(token.value.toLowerCase())) || token.pos === 'VERB' || token.pos === 'AUX' || (token.pos === 'ADJ' && /ed$/u.test(token.value) && verbs.has(token.value.toLowerCase()));
    if (!isVerb && !['PART', 'ADV'].includes(token.pos)) break;
    // A deed wished or planned is not done: "that I want to become Portuguese" for "I applied for Portuguese citizenship".
    if (isVerb && INTENDING.has(infinitiveOf(token.value))) return undefined;
    if (isVerb && !LIGHT.has(infinitiveOf(token.value))) deed = token.value.toLowerCase();
    if (isVerb) last = token.value.toLowerCase();
  }
  // A light verb of action ending the chain is the deed: "that Tom got a job" (not "got fired"), "that I got over the flu".
  // Not "need" in the present, a state like "have": "that I need knee surgery" says what the user lacks, not a deed,
  // and "I tore my ACL … and I am waiting for knee surgery" was offered as "another deed" (fresh 18, round 21).
  if (deed === undefined && last !== undefined && ACTING_LIGHT.has(infinitiveOf(last)) && !/^needs?$/u.test(last)) deed = last;
  return deed;
}

/**
 * A clause set between commas after the opening person says more about them and is no part of who acts:
 * "Our neighbour Mr Patel, a retired pilot, fell off his ladder", "My colleague, who sits next to me, got
 * married". Read with it, the subject held a thing ("pilot") and named no one, and "that I fell off the ladder"
 * deleted the neighbour's fall (round 12's probe). A name set so ("My mentor, Dr Osei, moved") stays, without its commas.
 */
const APPOSITIVE = /^([^,]{1,60}?),\s+((?:a|an|the|who|whom|whose|which|my|our|his|her|their)\s[^,]{1,60}|\p{Lu}[^,]{0,40}),\s*/u;
const withoutAppositive = (text: string) => text.replace(APPOSITIVE, (_, before: string, between: string) => (/^\p{Lu}/u.test(between) && !/^(?:A|An|The|Who|My|Our|His|Her|Their)\s/u.test(between) ? `${before} ${between} ` : `${before} `));

/** Wink splits "brother-in-law" and "ex-wife" into words and hyphens; one token again, a noun. */
function joinHyphenated(tokens: readonly WinkToken[]): WinkToken[] {
  const joined: WinkToken[] = [];
  for (let at = 0; at < tokens.length; at += 1) {
    const token = tokens[at]!;
    const previous = joined.at(-1);
    if (token.value === '-' && previous && /^\p{L}[\p{L}-]*$/u.test(previous.value) && /^\p{L}+$/u.test(tokens[at + 1]?.value ?? '')) {
      const next = tokens[at + 1]!;
      joined[joined.length - 1] = { ...previous, value: `${previous.value}-${next.value}`, normal: `${previous.normal}-${next.normal}`, pos: 'NOUN' };
      at += 1;
    } else joined.push(token);
  }
  return joined;
}

/** A person noun ("friend", "sister") or a name written as one, a capital and small letters ("Mia", not "PIN"). */
const namesPerson = (token: WinkToken | undefined) => token !== undefined && (isPersonNoun(token.value.toLowerCase()) || (token.pos === 'PROPN' && /^\p{Lu}\p{Ll}/u.test(token.value)));
const isPerson = (token: WinkToken | undefined) => token !== undefined && ((token.pos === 'PROPN' && /^\p{Lu}/u.test(token.value)) || isPersonNoun(token.value.toLowerCase()) || /^(?:I|we)$/iu.test(token.value));

/**
 * readActors' answers for the texts read last. One forget reads a sure match up to four times (anotherActor,
 * deedForWish, the contrast guard, anotherDeed), and compromise tags the whole text each time: a 54 KB memory
 * that was the only one naming a word took 23 s of CPU a forget against 7 s before the guard and the deed check.
 */
const readLately = new Map<string, Actors | undefined>();
const READ_LATELY_TEXTS = 64;

function readActors(text: string): Actors | undefined {
  if (readLately.has(text)) return readLately.get(text);
  const read = readActorsOf(text);
  if (readLately.size >= READ_LATELY_TEXTS) readLately.delete(readLately.keys().next().value!);
  readLately.set(text, read);
  return read;
}

/**
 * A text's opening: all of it up to 600 characters, else to the first sentence end after that (at most 2,000).
 * The subject and its verb chain are at the start, and compromise took ~7 s to tag all of a 54 KB memory.
 */
function opening(text: string): string {
  if (text.length <= OPENING_READ) return text;
  const end = /[.!?\n]\s/u.exec(text.slice(OPENING_READ, OPENING_MAX_CHARS));
  return text.slice(0, end ? OPENING_READ + end.index + 1 : OPENING_MAX_CHARS);
}
const OPENING_MAX_CHARS = 2_000;

function readActorsOf(text: string): Actors | undefined {
  const said = withoutAppositive(withoutContractions(opening(text).normalize('NFKC')).replace(REQUEST, '').replace(INTENT, (_, owner: string) => (owner.toLowerCase() === 'my' ? 'I ' : 'we ')));
  const tokens = joinHyphenated(analyzeWithWink(said).tokens);
  // Wink reads a verb right after a person as a noun ("my brother lives", "my mother drank") or, in a past
  // participle's form, an adjective ("My old boss Frank retired"); compromise does not.
  const verbs = new Set<string>(nlp(said).match('#Verb').out('array').flatMap((phrase: string) => phrase.toLowerCase().split(/\s+/u)));
  const verbAt = tokens.findIndex(
    (token, at) =>
      token.pos === 'VERB' ||
      token.pos === 'AUX' ||
      (token.pos === 'NOUN' && verbs.has(token.value.toLowerCase()) && !isPersonNoun(token.value.toLowerCase())) ||
      // An irregular participle too ("My husband burnt the croissants", "Our son spilt the paint"), when compromise reads it as a verb.
      (token.pos === 'ADJ' && verbs.has(token.value.toLowerCase()) && isPerson(tokens[at - 1])),
  );
  if (/^User\b/u.test(said)) return { people: ['user'], verb: tokens[verbAt]?.normal ?? '', deed: deedOf(tokens, Math.max(0, verbAt), verbs) };
  if (verbAt <= 0) return undefined;
  const subject = tokens.slice(0, verbAt);
  const first = subject[0]!;
  // A subject opens on a person: a pronoun, a possessive, a name (not "the school bag I lost", a noun phrase before a clause).
  // Or "The neighbour's dog": a person's thing or kin, the person named by a noun.
  const personsOwn = /^the$/iu.test(first.value) && isPersonNoun(subject[1]?.value.toLowerCase() ?? '') && /^['’]s$/u.test(subject[2]?.value ?? '');
  if (!(/^(?:I|we|my|our)$/iu.test(first.value) || (first.pos === 'PROPN' && /^\p{Lu}/u.test(first.value)) || personsOwn)) return undefined;
  const people: string[] = [];
  for (const [at, token] of subject.entries()) {
    const word = token.value.toLowerCase();
    if (word === 'i') people.push('user');
    else if (word === 'we') people.push('we');
    // "Chloe's brother is getting married": the brother is, Chloe only says whose (round 13's probe deleted it for "that Chloe is getting married").
    else if (isPerson(token) && /^['’]s$/u.test(subject[at + 1]?.value ?? '') && isPersonNoun(subject[at + 2]?.value.toLowerCase() ?? '')) continue;
    // "The neighbour's dog chewed the sofa cushion" is the dog's deed, not the neighbour's. Only so: "Nadia's plans to
    // study medicine" read as the plans' deed lost its target, "My daughter Nadia wants to study medicine" (scenarios 1–144).
    else if (personsOwn && at === 1) continue;
    else if (personsOwn && at === 3 && token.pos === 'NOUN') people.push(singular(word));
    else if (token.pos === 'PROPN' && /^\p{Lu}/u.test(token.value)) people.push(word);
    else if (isPersonNoun(word)) people.push(singular(word));
    // A thing in the subject ("My flight to Lisbon", "Pepper the dog"): not a statement about what a person does.
    // A noun before a person's says what kind of person ("My business partner Greta", "my maths teacher").
    else if (token.pos === 'NOUN' && isPersonNoun(subject[at + 1]?.value.toLowerCase() ?? '')) continue;
    // So does one before a name, of a pet or a person ("Our parrot Kiwi can say hello", "My physio Dana").
    else if (token.pos === 'NOUN' && subject[at + 1]?.pos === 'PROPN' && /^\p{Lu}/u.test(subject[at + 1]!.value)) continue;
    else if (token.pos === 'NOUN' || token.pos === 'NUM') return undefined;
    // A preposition after a person says which one ("Mia from accounting", "Anna from work"): the rest of the subject
    // qualifies the person named, it is no other actor (round 15; the probe deleted "Mia from accounting is leaving the
    // company" for "that Mia from accounting got promoted", the deed unread).
    // Only after a person noun or a name written as one: an acronym is none ("My PIN for the phone is 1357" names no one).
    else if (token.pos === 'ADP' && people.length > 0 && namesPerson(subject[at - 1])) break;
    // Words between people ("and", "my", a comma, a title) and before the verb ("always", "never") leave the people as they are.
    else if (!['PRON', 'CCONJ', 'PUNCT', 'DET', 'ADV', 'ADJ', 'X', 'PART'].includes(token.pos)) return undefined;
  }
  return people.length > 0 ? { people, verb: tokens[verbAt]!.normal, deed: deedOf(tokens, verbAt, verbs), goingOn: deedGoingOn(tokens, verbAt, verbs) } : undefined;
}

/**
 * The people of a statement's subject, "user" for the user and "we" for the user with others; undefined when
 * it does not open on a subject of people and a verb (a noun phrase, a thing as the subject, an opening adverb).
 */
export function actorsOf(text: string): string[] | undefined {
  return readActors(text)?.people;
}

/** The deed of a statement's verb chain (deedOf: its last verb that is not light), as read from its opening, or undefined. */
export function statedDeed(text: string): string | undefined {
  return readActors(text)?.deed;
}

/** The deed of a statement's verb chain done or going on ("I am rereading": rereading), as read from its opening, or undefined. */
export function deedDoneOrGoingOn(text: string): string | undefined {
  const read = readActors(text);
  return read?.deed ?? read?.goingOn;
}

/** The verb a statement's people act by, as read from its opening (undefined when it opens on no people and verb). */
export function actingVerb(text: string): string | undefined {
  return readActors(text)?.verb;
}

/** The first full verb of a text's opening (openingOf), past auxiliaries ("I am throwing": throwing), or undefined. */
function mainVerb(text: string): string | undefined {
  return analyzeWithWink(withoutContractions(openingOf(text)).normalize('NFKC')).tokens.find((token) => token.pos === 'VERB')?.normal;
}

/** The memory speaks of the person anywhere: the user as I, me, my, we, us, our; another by the word. */
const mentions = (content: string, person: string) => (person === 'user' ? /(?<![\p{L}])(?:I|me|my|mine|we|us|our)(?![\p{L}])/iu : new RegExp(`(?<![\\p{L}])${person}`, 'iu')).test(content);
const HAVE = new Set(['have', 'has', 'had', 'having']);
/** The same person, or one the description's word covers ("my kid" for "My daughter Amira"). */
export const samePerson = (asked: string, told: string) => asked === told || aliases(asked, told) || covers(asked, told);

/**
 * True when both a description and a memory name who acts and no one is in both: another person's deed (or
 * the user's, for another's). Not when one of them only has something ("that Paolo has my car" for "I lent my
 * car to my cousin Paolo"): a having is the state another's deed leaves, and on all 156 of the labelled set it
 * was the target there; nor "my kid" for "My daughter Amira" (all 156: two targets so, before it was read).
 */
export function anotherActor(description: string, content: string): boolean {
  const asked = readActors(description);
  const told = readActors(content);
  if (!asked || !told) return false;
  // The deed past its auxiliaries: "I am throwing a surprise party for Gemma's fortieth" throws, as "that Gemma threw me a surprise party" does.
  const sameDeed = infinitiveOf(mainVerb(description) ?? asked.verb) === infinitiveOf(mainVerb(content) ?? told.verb);
  // "we" is spoken of as the user is (us, our, me …).
  const spoken = (person: string) => (person === 'we' ? 'user' : person);
  const eachInOther = asked.people.some((person) => mentions(content, spoken(person))) && told.people.some((person) => mentions(description, spoken(person)));
  // "we" is the user with others, who may be anyone ("that we are doing IVF" for "My wife Hana is undergoing IVF
  // treatment") — but not the person it names beside it by the same deed, the roles swapped: "that we want to
  // move closer to my mother-in-law" is not "My mother-in-law wants us to move closer to her" (probe fresh4, held out).
  const others = (people: string[]) => people.every((person) => person !== 'we' && person !== 'user');
  if (asked.people.includes('we') || told.people.includes('we')) return sameDeed && eachInOther && (others(asked.people) || others(told.people));
  // Each side's actor is in the other, by another verb: maybe its converse ("Paolo borrowing my car" for "I lent
  // my car to my cousin Paolo", all 156's target). By the same verb the roles are swapped ("that Greta lent me her camera").
  if (!sameDeed && eachInOther) return false;
  if (HAVE.has(asked.verb) !== HAVE.has(told.verb)) return false;
  return !asked.people.some((person) => told.people.some((other) => samePerson(person, other)));
}

/** A word by which a text speaks of the user: the first person, or "User" as facts are written. */
export const FIRST_PERSON = /(?<![\p{L}])(?:I|me|my|mine|myself|we|us|our|ours|ourselves|user)(?![\p{L}])/iu;

/**
 * The user's deed against a memory that never speaks of the user: "that I smashed a window" is not "The church
 * window was smashed by vandals", nor "that I smashed the greenhouse" "A storm smashed two panes of the greenhouse"
 * (round 16's probe part fresh7 deleted both: every word held). Such a memory tells of a thing, or of someone
 * unnamed; the user's own deed names the user somewhere (I, me, my, we, our; "User …" as facts are written).
 */
export function userDeedElsewhere(description: string, content: string): boolean {
  const asked = readActors(description);
  if (asked === undefined || asked.people.length !== 1 || asked.people[0] !== 'user' || HAVE.has(asked.verb)) return false;
  return !FIRST_PERSON.test(withoutContractions(content));
}

/**
 * "that I bought a house by the sea" is not "I dream of buying a house by the sea": a description stating a
 * deed (a person acting, src/forget/actor.ts) and speaking of no wish is not about a memory that only wishes
 * for it. The probe of round 10 deleted the wish so twice ("holds every word", and a clear leader by 0.16 for
 * "that I play the cello" beside "I want to learn the cello someday"); a description naming the wish ("my
 * cello dream", "that I want to …") or no deed ("my trip to Kyoto") is left to the other rules.
 */
/** The verbs a wish opens on ("I want to …", "I would like to …", "I dream of …"). */
const WISHING_VERBS = new Set(['want', 'wants', 'wanted', 'hope', 'hopes', 'hoping', 'wish', 'wishes', 'would', "'d", '’d', 'dream', 'dreams', 'dreamt', 'dreamed']);

export function deedForWish(description: string, content: string): boolean {
  const asked = readActors(description);
  // "my daughter becoming a vet": a gerund after the person names the thing, wished or done (all 156: the wish was the target).
  if (asked === undefined || /ing$/u.test(asked.verb) || SPEAKS_OF_WISH.test(description)) return false;
  // Only a wish: its first verb is the wishing. "I drink too much on weekends and want to cut down" says the deed
  // too, and was the target of "that I drink too much" on all 156 (taken for a wish, the other memory holding
  // every word, "I have been sober for two years since I quit drinking", was deleted instead).
  const told = readActors(content);
  return told !== undefined && WISHING_VERBS.has(told.verb) && WISH.test(content);
}

/**
 * True when a description and a memory have the same person act, by two different deeds neither says:
 * "that Frank got fired" is not "My old boss Frank retired last spring", "that Luis moved in with his
 * boyfriend" is not "My best friend Luis broke up with his boyfriend". A name or every other word shared, the
 * small store's only memory of that person was deleted (round 12's probe). A deed said anywhere in the other,
 * itself or in other words (`holds`), is the same deed.
 */
export function anotherDeed(description: string, content: string, holds: (text: string, word: string) => boolean): boolean {
  const asked = readActors(description);
  const told = readActors(content);
  // A memory's deed going on is a deed too: "Mia from accounting is leaving the company" is not "that Mia from
  // accounting got promoted" (round 15; the description's own "-ing" stays unread, it may name the thing).
  const toldDeed = told?.deed ?? told?.goingOn;
  if (!asked?.deed || !told || !toldDeed || infinitiveOf(asked.deed) === infinitiveOf(toldDeed)) return false;
  if (!asked.people.some((person) => told.people.some((other) => samePerson(person, other)))) return false;
  // "that I hate using a mouse" for "I use Vim keybindings … and hate using the mouse": the deed is there.
  return !holds(content, asked.deed) && !holds(description, toldDeed);
}

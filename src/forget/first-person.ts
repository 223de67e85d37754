import { analyzeWithWink } from '../nlp/wink-adapter.ts';

/**
 * "My divorce", "our counselling", "how I take my coffee": a description in the first person asks about
 * the user's own life. When two memories hold its words and only one of them has the user speaking of
 * themself ("My husband and I are getting divorced" beside "My friends got divorced last year"; "I
 * prefer my coffee black" beside "The coffee machine at work is broken"), that one is what is meant.
 * "My" alone in a memory does not count: "my friends" did the divorcing.
 */
const TELLING = /\bI\s+(?:said|told|mentioned|gave|shared|wrote|noted)\b/gu;

/** True when the description speaks of the user (my, our, I, me, we), the telling ("what I said about") aside. */
export function speaksOfUser(description: string): boolean {
  return /(?<![\p{L}\p{N}])(?:my|our|ours|mine|me|we|us|I)(?![\p{L}\p{N}])/iu.test(description.replace(TELLING, ''));
}

/** True when the description has the user do or be something ("what I did on my final exam", "where we are going"), not only own it ("my final exam"). */
export function userActs(description: string): boolean {
  return /(?<![\p{L}\p{N}])(?:I|we|We)(?![\p{L}\p{N}])/u.test(description.replace(TELLING, ''));
}

/** True when the user is a subject of the memory: "I" or "we" as a word of its own, or a fact about "User". */
export function userIsSubject(content: string): boolean {
  return /^User\b/u.test(content) || /(?<![\p{L}\p{N}])(?:I|[Ww]e)(?:['’](?:m|ve|d|ll|re))?(?![\p{L}\p{N}'’])/u.test(content);
}

/** True when the user is the object of the memory: "me" or "us" as a word of its own ("My ex Marco cheated on me"). */
export function userIsObject(content: string): boolean {
  // Case kept: "US" is a country.
  return /(?<![\p{L}\p{N}])(?:[Mm]e|[Uu]s)(?![\p{L}\p{N}])/u.test(content);
}

/** "my door code", and so too "what I told you about my door code": the telling before the thing is no part of it. */
const POSSESSIVE_DESCRIPTION = /^(?:(?:forget|delete|remove)\s+)?(?:(?:what|everything|anything|the\s+(?:stuff|things?|bit))\s+(?:(?:I|we)\s+(?:said|told\s+you|mentioned|shared|wrote)\s+)?about\s+|about\s+)?(?:the\s+)?(?:my|our)\s+(.+)$/iu;
const POSSESSIVE_SUBJECT = /^(?:My|Our|User['’]s)\s+(.+)$/u;
const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.replace(/(?:es|s)$/u, ''));
/** A title before a name ("Dr. Halvorsen"): part of the name, not of what the subject is. */
const TITLE = /^(?:dr|mr|mrs|ms|miss|prof|professor|sir|dame)\.?$/iu;

/**
 * The words of a "My …" or "Our …" memory's subject, up to its verb (or a preposition, a clause's
 * punctuation), without the name that follows a person or thing: "My therapist Dr. Halvorsen sees me"
 * is about the user's therapist, "My sister Ines is pregnant" about the user's sister. Undefined when
 * the memory does not open on the user's own thing.
 */
export function ownedSubject(content: string): string[] | undefined {
  return readOwnedSubject(content)?.words;
}

/**
 * "Remember this: my car is a red Volvo" (the README's first `remember`): the request to keep it is no
 * part of what is kept, so the memory opens on the user's car all the same.
 */
const KEEP_CUE = /^(?:(?:please|pls)\s+)?(?:remember|note|don['’]?t\s+forget|never\s+forget|for\s+the\s+record)(?:\s+(?:this|that))?(?:\s*[:,—–-]\s*|\s+(?=(?:my|our)\b))/iu;

function withoutKeepCue(content: string): string {
  return content.trim().replace(KEEP_CUE, '').replace(/^(?:my|our)\b/u, (word) => word[0]!.toUpperCase() + word.slice(1));
}

function readOwnedSubject(content: string): { words: string[]; qualified: boolean } | undefined {
  const subject = POSSESSIVE_SUBJECT.exec(withoutKeepCue(content));
  if (!subject) return undefined;
  const tokens = analyzeWithWink(subject[1]!).tokens.filter((token) => token.sentence === 0);
  const end = tokens.findIndex((token) => ['VERB', 'AUX', 'ADP', 'PUNCT', 'SCONJ', 'CCONJ', 'PART'].includes(token.pos) && !TITLE.test(token.value) && token.value !== '.');
  const phrase = tokens.slice(0, end === -1 ? tokens.length : end);
  // The apposed name: capitalised words (and a title) after the first word.
  let cut = phrase.length;
  while (cut > 1 && (/^\p{Lu}/u.test(phrase[cut - 1]!.value) || TITLE.test(phrase[cut - 1]!.value) || phrase[cut - 1]!.value === '.')) cut -= 1;
  return { words: wordsOf(phrase.slice(0, cut).map((token) => token.value).join(' ')), qualified: end !== -1 && tokens[end]!.pos === 'ADP' };
}

/**
 * "my door code", "my PIN": a description that is the user's own thing, named, is a memory whose subject
 * is that very thing ("My door code is 1234", "User's PIN is 4421") rather than one where the user speaks
 * of such things ("I do not have a door code at work", "I forgot my PIN at the bank once"). The thing must
 * be the whole subject: "My blood pressure medication is amlodipine" is one of the user's medications, not
 * what "my medication" names when others may be (the labelled set's "my medication" beside sertraline).
 * Nor is a subject a preposition qualifies: "My password for the bank is tulip88" is one of the user's
 * passwords, and "my password" deleted it beside "My laptop login password is orange42" (a probe).
 */
export function isUsersThing(content: string, description: string): boolean {
  const named = POSSESSIVE_DESCRIPTION.exec(description.trim());
  const subject = readOwnedSubject(content);
  const said = subject?.qualified ? undefined : subject?.words;
  if (!named || !said || /(?<![\p{L}\p{N}])I(?![\p{L}\p{N}])/u.test(named[1]!)) return false;
  const thing = wordsOf(named[1]!);
  return thing.length > 0 && said.length === thing.length && thing.every((word, index) => said[index] === word);
}

/**
 * "My second car is a blue Volvo" for "my car": the user's own thing of the kind the description names,
 * told apart by a word before it ("second car", "work phone", "old flat"). Beside it, "My car is a red
 * Mazda" is one of the user's cars, and "my car" does not say which: a probe saw it delete one of them.
 */
export function isUsersOtherOfKind(content: string, description: string): boolean {
  const named = POSSESSIVE_DESCRIPTION.exec(description.trim());
  const subject = readOwnedSubject(content);
  if (!named || !subject || /(?<![\p{L}\p{N}])I(?![\p{L}\p{N}])/u.test(named[1]!)) return false;
  const thing = wordsOf(named[1]!);
  const said = subject.words;
  return thing.length > 0 && said.length > thing.length && thing.every((word, index) => said[said.length - thing.length + index] === word);
}

/**
 * "I still have feelings for my ex, Jonas" beside "My ex Marco cheated on me", "My blood test showed high
 * cholesterol" beside "My cholesterol was 290": a memory about the user's own life that holds the thing a
 * description names ("my ex", "my cholesterol") as the head of a noun phrase is about that thing too, though
 * its subject is something else — unlike one holding the word to name another thing ("a password manager",
 * "my ex-colleague"). Either may be meant then (round 8 of issue #11 item 4: "my cholesterol" and "the stuff
 * about my ex" each deleted the one whose subject it was, on scenarios 132–144 among the older ones).
 */
export function speaksOfUsersThing(content: string, description: string): boolean {
  const named = POSSESSIVE_DESCRIPTION.exec(description.trim());
  if (!named || !(userIsSubject(content) || userIsObject(content) || POSSESSIVE_SUBJECT.test(withoutKeepCue(content)))) return false;
  const head = wordsOf(named[1]!).at(-1);
  if (head === undefined) return false;
  const tokens = analyzeWithWink(content.normalize('NFKC')).tokens;
  return tokens.some((token, at) => {
    const next = tokens[at + 1];
    // The tagger reads a short word it does not know as X ("my ex, Sofia").
    return ['NOUN', 'X'].includes(token.pos) && wordsOf(token.value).join(' ') === head && (next === undefined || (!['NOUN', 'PROPN'].includes(next.pos) && !/^[-‐–]$/u.test(next.value)));
  });
}

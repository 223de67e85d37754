import { queryTerms } from '../core/query-terms.ts';
import { isKnownWord } from './contrast-guard.ts';
import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import { aliases, covers, KIND_WORDS, readPhrases } from './word-aliases.ts';
import { digitOfWord, digitsForNumberWords, digitsForWords } from './number-words.ts';
import { isNegationWord } from './negation-words.ts';

/**
 * Words that ask for forgetting, or tell of the telling, rather than say what: "forget that I like
 * Redux" is about Redux, and so is "the Redux thing I mentioned to you" — "the passport number I gave
 * you" left "gave" as a content word no memory holds, so the memory meant was only a candidate.
 */
const FILLER_WORDS = new Set([
  'anything', 'everything', 'something', 'stuff', 'thing', 'info', 'information', 'bit', 'part',
  // Light verbs: "getting robbed" is about the robbery ("get" and "got" are stop words already).
  'getting', 'gets', 'gotten',
  'mention', 'mentioned', 'tell', 'told', 'said', 'give', 'gave', 'given', 'share', 'shared', 'wrote', 'written', 'note', 'noted',
  // The politeness and the time around a request: "delete my phone pin code please", "… anymore" (scenarios 89–101).
  'please', 'anymore',
  // …and "please" as it is typed in chat ("pls forget my allergy", scenarios 107–116).
  'pls', 'plz',
  // A preposition as typed ("tabs vs spaces"): read as a content word, it was a word no memory holds (scenarios 132–144).
  'vs', 'versus',
]);
const REQUEST_VERBS = new Set(['forget', 'forgetting', 'delete', 'remove', 'erase', 'drop', 'scrap', 'ditch', 'wipe', 'purge']);
export const REQUEST_WORDS = new Set([...FILLER_WORDS, ...REQUEST_VERBS]);

/**
 * The request itself opens a description ("forget that …", "please delete …"); anywhere else the verb
 * is content: "my mother forgetting things" is about forgetting, and dropping the word left only
 * "mother", which two memories hold.
 */
/**
 * "that I'm vegetarian" is "that I am vegetarian": a pronoun's contraction spelled out. Read as one word,
 * "I'm" was a capitalised name every memory had to hold (none did: nothing was found) and "im" a content word.
 */
export function withoutContractions(description: string): string {
  return description.replace(/(?<![\p{L}\p{N}])(I|you|we|they|he|she)['’](m|re|ve|ll|d)(?![\p{L}\p{N}])/giu, (_, pronoun: string, ending: string) => `${pronoun} ${CONTRACTED[ending.toLowerCase()]!}`);
}

/**
 * "my mother in law", "her brother in law": people type a kin word's -in-law form as three words, which read as
 * "mother" and "law" and miss the memory writing "mother-in-law" (and the rules reading who is spoken of).
 */
export function withInLawJoined(description: string): string {
  return description.replace(/(?<![\p{L}])((?:mother|father|brother|sister|son|daughter|parent|child)s?)\s+in\s+laws?(?![\p{L}])/giu, '$1-in-law');
}

const CONTRACTED: Record<string, string> = { m: 'am', re: 'are', ve: 'have', ll: 'will', d: 'would' };

export function withoutRequest(description: string): string {
  return description.replace(REQUEST_OPENING, '');
}

/** A request or a memory as the statement it makes, for the guards that read one: the request's opening gone, contractions spelled out, NFKC. */
export function statementOf(text: string): string {
  return withoutContractions(withoutRequest(text)).normalize('NFKC');
}

/** "that …", "about the fact that …" opening a statement: no part of what it states. */
export const THAT_OPENING = /^\s*(?:about\s+)?(?:the\s+(?:fact|bit|thing)\s+)?that\s+/iu;

/**
 * How a request opens: a verb of deleting ("forget", "scrap", "get rid of"), or telling the agent it need
 * not know ("you don't need to know my cholesterol anymore", "no need to remember …"): in scenarios 89–101,
 * written before this list, "don't", "know" and "scrap" were left as content words no memory holds.
 */
const REQUEST_OPENING =
  /^\s*(?:(?:please|pls|plz)\s+)?(?:(?:can|could|would|will)\s+you\s+)?(?:(?:just\s+)?(?:forget|delete|remove|erase|drop|scrap|ditch|wipe|purge|get\s+rid\s+of)\b(?:\s+(?:about|all))?|(?:you\s+)?(?:do\s+not|don['’]?t|no)\s+need\s+to\s+(?:know|remember|keep)\b(?:\s+about)?)/iu;

/**
 * Written abbreviations a description uses for a word the memory spells out: "my passport no." held
 * only "passport", which the memory meant shares with another. A list of the common written forms,
 * not of any one memory's words; "no" is read as "number" only where written "no." or before a digit.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  nr: 'number', num: 'number', tel: 'telephone', addr: 'address', appt: 'appointment', db: 'database', pw: 'password', pwd: 'password',
  dob: 'birthday', bday: 'birthday', dept: 'department', iban: 'bank account number', ssn: 'social security number', pc: 'computer', ivf: 'ivf', ni: 'national insurance',
};

function spellOut(description: string): string {
  // "number" before the number itself only labels it ("number seven Birch Lane": the 7 of "7 Birch Lane").
  return withoutDigitGroups(digitsForWords(description))
    .replace(/\b(?:no\.|number)\s+(?=\d)/giu, '')
    .replace(/\bno\.(?=\s|$)/giu, 'number ')
    .replace(/[\p{L}]+/gu, (word) => ABBREVIATIONS[word.toLowerCase()] ?? word);
}

/** The content words of a description: the query terms, abbreviations spelled out, without the words of the request itself. */
export function descriptionTerms(description: string): string[] {
  const terms = queryTerms(readPhrases(spellOut(withoutRequest(description)), false)).filter((term) => !FILLER_WORDS.has(term) && !isNegationWord(term));
  const often = howOften(description);
  const content = terms.filter((term) => !KIND_WORDS.has(term) || often.has(term));
  return content.length > 0 ? content : terms;
}

/**
 * "every day", "each time": a kind word after "every" or "each" says how often, which a memory must say too —
 * "that I bake sourdough every day" is not "I bake sourdough bread every Sunday", deleted by the precision probe
 * while "day" was left out as the kind word of "the day we met" (round 15).
 */
function howOften(description: string): Set<string> {
  return new Set([...description.matchAll(/(?<![\p{L}])(?:every|each)\s+(day|time)s?(?![\p{L}])/giu)].map((match) => match[1]!.toLowerCase()));
}

/**
 * Two words are the same word when one starts the other ("code", "codes") or they share a stem: a
 * common start of at least four letters that leaves at most three of the shorter one ("allergy",
 * "allergic"; "pregnancy", "pregnant"; "bullying", "bullied") and of the longer one an ending — at most
 * four letters, or a derivational ending after at most two ("application", "applied"; "retirement",
 * "retiring") — what a light stemmer would give. With `partSaysCompound: false`, `left` (a memory's word) that is
 * only the first word of `right`'s compound does not say it: "night" is not the "nightmares" of a description (round
 * 21: all 264 lose no hit and one wrong deletion), while the memory's "heartbeat" still says "heart".
 */
export function sameWord(left: string, right: string, options: { partSaysCompound?: boolean } = {}): boolean {
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  if (doneAgain(longer, shorter)) return true;
  const compound = options.partSaysCompound !== false || shorter !== left;
  // A short word starts many others ("car", "card"; "pin", "pink"): only an ending joins it to one ("pay", "payment").
  if (longer.startsWith(shorter)) return (shorter.length >= 4 && isEnding(longer.slice(shorter.length)) && suffixesFrom(longer, shorter.length, shorter, compound)) || /^(s|es|ed|ing|er|ers|ies|ment|ments)?$/.test(longer.slice(shorter.length)) || doubledBeforeEnding(shorter, longer);
  let common = 0;
  while (common < left.length && common < right.length && left[common] === right[common]) common += 1;
  return (common >= 4 && common >= shorter.length - 3 && isEnding(longer.slice(common)) && suffixesFrom(longer, common, shorter, compound)) || oneLetterDropped(shorter, longer);
}

/**
 * A short vowel's last consonant doubles before an ending that begins with a vowel: "scam", "scammer"; "swim",
 * "swimmer"; "plan", "planning". The lemma undoes it for inflections ("scammed") but not for the "-er" of the doer:
 * "the scam" took the neighbour's "scam text" as the only memory holding "scam" beside "… a scammer who phoned …"
 * (fresh 19, written blind, a wrong deletion). A stem of four letters or more for "-er": three-letter ones make other
 * words so ("sum", "summer"; "let", "letter"; "bet", "better").
 */
function doubledBeforeEnding(shorter: string, longer: string): boolean {
  const last = shorter.at(-1)!;
  if (shorter.length < 3 || !/[bdgklmnprtvz]/.test(last) || !/[aeiou]/.test(shorter.at(-2) ?? '') || longer[shorter.length] !== last) return false;
  const ending = longer.slice(shorter.length + 1);
  return ending === 'ed' || ending === 'ing' || (shorter.length >= 4 && (ending === 'er' || ending === 'ers'));
}

/**
 * English endings, from the suffix lists of the Porter stemmer (steps 1–4: inflections and derivations) with the
 * adverb's "ly", the superlative's "est", the participle's "en" (broken), a silent "e", the Greek "-sis" noun's "is" (diagnosis, diagnosed), and the
 * nouns made with "-ure", "-age" and "-ian" (failure, marriage, musician).
 */
const SUFFIXES = ['s', 'es', 'ies', 'ied', 'ier', 'iest', 'ily', 'd', 'ed', 'eed', 'en', 'ing', 'y', 'i', 'e', 'er', 'ers', 'est', 'ly', 'al', 'ally', 'ance', 'ancy', 'ence', 'ency', 'ic', 'ical', 'able', 'ible', 'ant', 'ent', 'ement', 'ment', 'ion', 'ation', 'ition', 'ator', 'ate', 'ative', 'ism', 'ist', 'iti', 'ity', 'ous', 'ive', 'ize', 'ise', 'ful', 'ness', 'less', 'ship', 'hood', 'ology', 'ologist', 'is', 'ee', 'or', 'ary', 'ery', 'ory', 'ure', 'age', 'ian'];

/** The rest of a word after its stem is a run of endings (at most three). */
function endingRun(rest: string, depth = 0): boolean {
  if (rest === '') return true;
  return depth < 3 && SUFFIXES.some((suffix) => rest.startsWith(suffix) && endingRun(rest.slice(suffix.length), depth + 1));
}

/**
 * Two words share a stem when, cut where they part (or up to two letters before, where a stem's last letter changes:
 * "bully", "bullied"), both rests are runs of endings: "partly" and "partner" share "part", but "ner" is no ending, and
 * "that I'm partly deaf" held "My partner snores so loudly …" (fresh 17, round 20). A word the longer one starts with
 * and ends in another English word (WordNet's) is its compound, as before.
 */
function suffixesFrom(longer: string, common: number, shorter: string, compound = true): boolean {
  for (let cut = common; cut >= Math.max(3, common - 2); cut -= 1) {
    const [one, other] = [longer.slice(cut), shorter.slice(cut)];
    if ((endingRun(one) && endingRun(other)) || sionOfStem(one, other) || sionOfStem(other, one)) return true;
  }
  // A compound of the word and another ("heartbeat", "breakdown" for "broke down", "checkup") says the word.
  return compound && shorter.length === common && isKnownWord(longer.slice(common));
}

/** The Latin noun in "-sion" beside a stem ending in "t" or "d": "conversion" / "converting", "admission" / "admitted", "extension" / "extend". */
function sionOfStem(noun: string, verb: string): boolean {
  return /^s?sions?$/u.test(noun) && /^[td]/u.test(verb) && endingRun(verb.slice(1).replace(/^t/u, ''));
}

/**
 * "remarried" is "married" again, "repayment" a "payment": a word that is another with "re" before it says that
 * word. Only a rest of six letters or more, so that "retire" is not "tire", "remove" not "move", "release" not
 * "lease". Fresh batch 10 (round 11) had "dad getting married again" hold every word of "My father's wedding ring
 * was stolen" and not of "My father is getting remarried …", and delete the ring; both are offered now. On
 * scenarios 1–144 "my home loan repayment" deletes "My mortgage payment is 1,450 euros a month" (0.736 → 0.738).
 */
function doneAgain(longer: string, shorter: string): boolean {
  return longer.startsWith('re') && longer.length - 2 >= 6 && inflectedAs(longer.slice(2), shorter);
}

/**
 * The rest after "re" must be the word itself or it with an inflection, not a word sharing its first letters: "rehearses"
 * leaves "hearses", which shares "hear" with "hearing", and "my hearing issue" deleted "I sing alto in a community choir
 * that rehearses on Thursday nights" as the one memory about the user holding "hearing" (fresh 16, round 19).
 */
function inflectedAs(rest: string, word: string): boolean {
  const [shorter, longer] = rest.length <= word.length ? [rest, word] : [word, rest];
  return longer.startsWith(shorter) && /^(s|es|d|ed|ing|er|ers|ies|ment|ments)?$/u.test(longer.slice(shorter.length));
}

/**
 * What a stemmer would strip after a shared start. A longer rest is the second part of a compound: "hearing"
 * and "heartbroken" share "hear", leaving "tbroken", and "the hearing about my kids" (a custody hearing)
 * deleted "Our hamster Nibbles died on Sunday and the kids are heartbroken" as holding every word (round 9).
 */
function isEnding(rest: string): boolean {
  return rest.length <= 4 || /^\p{L}{0,2}(?:ation|ition|ment|ness|ance|ence|ity|ology|ologist|ship|hood)s?$/u.test(rest);
}

/**
 * A typed word missing one letter of a long word ("adress", "cholestrol"): the longer with one letter
 * out is the shorter. Five letters at least and the same first letter, so that short words apart by a
 * letter ("card", "cared") stay apart; a changed or swapped letter is not read, as "house" and "mouse",
 * "trial" and "trail" are different words.
 */
function oneLetterDropped(shorter: string, longer: string): boolean {
  if (shorter.length < 5 || longer.length !== shorter.length + 1 || shorter[0] !== longer[0] || /\d/.test(longer)) return false;
  // Two English words are no typo of each other: "that I stream games" held "My gaming username on Steam is owlbear_9"
  // (fresh 18, round 21), as "adress" and "cholestrol", no words, are.
  if (isKnownWord(shorter) && isKnownWord(longer)) return false;
  let at = 0;
  while (at < shorter.length && shorter[at] === longer[at]) at += 1;
  return shorter.slice(at) === longer.slice(at + 1);
}

const CODE_WORDS = ['code', 'combination'];

/** True when the text holds a number of three or more digits that is not a year or an amount ("0927", "4711"; not "2019", "1,450"). */
function holdsCode(text: string): boolean {
  return [...text.matchAll(/(?<![\p{L}\p{N},.:])\d{3,}(?![\p{L}\p{N},.:])/gu)].some((match) => !/^(?:1[89]|20)\d\d$/.test(match[0]));
}

/**
 * The stem under an -ing or -ed ending where the tagger gave no dictionary form ("my firing" is a noun to it, and
 * "fir" + "ing" shares only three letters with "fired"): the bare stem, with a silent e, and with a
 * doubled consonant undone ("fire", "hope", "stop").
 */
function plainStems(word: string): string[] {
  const match = /^(\p{L}{3,}?)(?:ing|ed)$/u.exec(word);
  if (!match) return [];
  const stem = match[1]!;
  return /(\p{L})\1$/u.test(stem) ? [stem, stem.slice(0, -1)] : [stem, `${stem}e`];
}

/**
 * Each query term of a text with its dictionary form where that differs: the irregular forms a
 * common start cannot join ("hid", "hidden" and "hide"; "paid" and "pay"; "left" and "leave").
 */
export function wordForms(written: string): string[][] {
  const phrased = readPhrases(written, true);
  // "18,400" is one amount, not "18" and "400": the description's "eighteen thousand four hundred" is "18400".
  const text = withoutDigitGroups(phrased);
  const terms = queryTerms(text);
  const lemmas = new Map<string, Set<string>>();
  const tokens = analyzeWithWink(text.normalize('NFKC')).tokens;
  for (const token of tokens) {
    const normal = token.normal.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (token.lemma !== normal && /^\p{L}{2,}$/u.test(token.lemma)) lemmas.set(normal, (lemmas.get(normal) ?? new Set()).add(token.lemma));
  }
  const spaced = spacedCompounds(tokens).filter((word) => !terms.includes(word));
  // A hyphenated word is also one word: the memory's "Wi-Fi" is the description's "wifi". Begun only where a word
  // begins: tried at every letter of a 60,000-letter run, the pattern backtracked through the rest each time (10 s).
  const joined = [...text.toLowerCase().normalize('NFKC').matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)].map((match) => match[0].replaceAll('-', ''));
  // A code or combination is often given as the number alone: "The padlock on the storage unit opens with 0927".
  const codes = CODE_WORDS.filter((word) => !terms.includes(word) && holdsCode(phrased));
  // A number word is also its digit: "two years" holds the "2" of "my 2 years sober".
  const alternatives = (term: string) => [...(lemmas.get(term) ?? plainStems(term)), ...(digitOfWord(term) === undefined ? [] : [digitOfWord(term)!])];
  return [...terms.map((term) => [...new Set([term, ...alternatives(term)])]), ...codes.map((word) => [word]), ...joined.filter((word) => !terms.includes(word)).map((word) => [word]), ...spaced.map((word) => [word])];
}

/**
 * Two words written apart that are one English word written together (WordNet's, seven letters or more): "broke down"
 * says "breakdown", "check up" "checkup". A description's compound is held only so, not by its first word alone
 * (sameWord, partSaysCompound), since "my son's nightmares" held "… every night …" (round 21).
 */
function spacedCompounds(tokens: readonly { normal: string; lemma: string }[]): string[] {
  const found = new Set<string>();
  for (let at = 0; at + 1 < tokens.length; at += 1) {
    const next = tokens[at + 1]!.normal;
    if (!/^\p{L}+$/u.test(next)) continue;
    for (const first of new Set([tokens[at]!.normal, tokens[at]!.lemma])) {
      const together = `${first}${next}`;
      if (/^\p{L}+$/u.test(first) && together.length >= 7 && isKnownWord(together)) found.add(together);
    }
  }
  return [...found];
}

/** The terms (each with its forms) that some word of the memory (each with its forms) is the same word as, or (unless `aliases: false`) an everyday synonym of. */
export function heldWords(memoryForms: string[][], termForms: string[][], options: { aliases?: boolean } = {}): string[] {
  const same = (left: string, right: string) => sameWord(left, right, { partSaysCompound: false }) || (options.aliases !== false && (aliases(left, right) || covers(right, left)));
  return termForms.filter((forms) => memoryForms.some((word) => word.some((left) => forms.some((right) => same(left, right))))).map((forms) => forms[0]!);
}

/** True when the memory holds every content word of the description (prefix match, so "code" finds "codes"). */
export function holdsEveryWord(content: string, description: string): boolean {
  const terms = descriptionForms(description);
  return terms.length > 0 && heldWords(wordForms(content), terms).length === terms.length;
}

/** The kind words a description's content words leave out ("plan" in "my plan to quit"), each with its dictionary form. */
export function descriptionKindForms(description: string): string[][] {
  const kept = new Set(descriptionTerms(description));
  return wordForms(readPhrases(spellOut(withoutRequest(description)), false)).filter((forms) => KIND_WORDS.has(forms[0]!) && !kept.has(forms[0]!));
}

/** The content words of a description, each with its dictionary form. */
export function descriptionForms(description: string): string[][] {
  const terms = new Set(descriptionTerms(description));
  return wordForms(readPhrases(spellOut(withoutRequest(description)), false)).filter((forms) => terms.has(forms[0]!));
}

/**
 * The words of a text that name one thing and no other: numbers and codes (anything with a digit) and
 * names (capitalised words that do not open a sentence). In a description they are decisive — a memory
 * without them is not the one meant; in a memory they tell two otherwise alike memories apart.
 */
export function decisiveWords(text: string, options: { description?: boolean } = {}): string[] {
  const found = new Set<string>();
  // An amount keeps its digit groups: "84,000" is one number, not "84" (namesWord reads "84,000" as "84000").
  for (const match of text.normalize('NFKC').matchAll(/(^|[.!?]\s+|\s)([\p{L}\p{N}](?:[\p{L}\p{N}\-'’]|(?<=\d)[,.](?=\d))*)/gu)) {
    const word = match[2]!.replace(/['’]s$/, '');
    const lower = word.toLowerCase();
    // In a stored sentence a capital opening it says nothing; a short description ("Redux", "Ines
    // pregnancy") often opens with the name itself, so there only common words are passed over.
    const opensSentence = !options.description && (match[1] === '' || /[.!?]/.test(match[1]!));
    // A written abbreviation is spelled out, not a name ("my IBAN" is the bank account number).
    const capitalised = /^\p{Lu}/u.test(word) && !opensSentence && lower !== 'i' && !(options.description && (queryTerms(lower).length === 0 || REQUEST_WORDS.has(lower) || lower in ABBREVIATIONS));
    if (/\d/.test(word) || capitalised) found.add(lower);
  }
  return [...found];
}

/**
 * True when the text holds the name or number as a word of its own (or its plural or possessive):
 * "PIN" is not in "pinned", though it was, as a substring, and a second memory "naming" it left the
 * one meant unsure.
 */
export function namesWord(text: string, word: string): boolean {
  const found = (name: string) => {
    const escaped = withoutDigitGroups(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?:['’]?s)?(?![\\p{L}\\p{N}])`, 'iu').test(withoutDigitGroups(text.normalize('NFKC')));
  };
  // A number in a description names a memory that says it in words ("2" in "sober for two years").
  const inWords = /^\d+$/u.test(word) && new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u').test(digitsForNumberWords(text.normalize('NFKC')));
  // A possessive typed without its apostrophe ("Sofias pump", "jonahs addiction") names Sofia and Jonah.
  return found(word) || inWords || (/^\p{L}{4,}s$/u.test(word) && found(word.slice(0, -1)));
}

/** "5,000" and "5000" are one amount (a number spelled out in a description comes without the comma). */
function withoutDigitGroups(text: string): string {
  return text.replace(/(?<=\d)[,.](?=\d{3}(?!\d))/gu, '');
}

/**
 * The noun a description is about: the last of its first run of nouns ("code" in "the garage code at Birch
 * Lane", "vaccinations" in "my dog's vaccinations", "fright" in "that I get stage fright"), names and the
 * words of the request aside. Undefined when it names no thing.
 */
export function headNoun(text: string): string | undefined {
  const tokens = analyzeWithWink(withoutRequest(text).normalize('NFKC')).tokens;
  let head: string | undefined;
  for (const token of tokens) {
    const noun = token.pos === 'NOUN' && !REQUEST_WORDS.has(token.normal);
    if (noun) head = token.normal;
    else if (head !== undefined && !(token.pos === 'PART' || token.pos === 'PUNCT')) break;
  }
  return head;
}

import { actorsOf } from './actor.ts';
import { heldWords, wordForms } from './description-words.ts';
import { otherKin } from './kin.ts';
import { oppositeParticle, oppositeWay } from './particle-opposites.ts';
import { WORDNET_IRREGULAR_FORMS, WORDNET_WORDS } from './wordnet-contrasts-table.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';

/**
 * A word of a description the memory lacks, where the memory says a sibling of it or its opposite: "my aunt
 * in Leeds" against "My mother lives in a care home in Leeds", "that I hate my commute" against "I love my
 * commute". Word embeddings put siblings of a kind (wrist, ankle; aspirin, ibuprofen) and opposites (passed,
 * failed) as near as synonyms, so a small store's only memory naming the rest "leads" or sits at "same meaning"
 * 0.8 (round 10's precision probe: 24 wrong deletions of 176, most of them so). WordNet 3.0 tells them apart:
 * two words are siblings when a sense of each has the same direct hypernym (nouns: or the same hypernym two
 * steps up), and neither is a synonym (a shared synset) or a hypernym of the other within those steps;
 * opposites by its antonym pointers. The table is derived by scripts/wordnet-contrasts.ts for common words
 * only (src/forget/wordnet-contrasts-table.ts). Used only to doubt a sure match, never to find one (round 9
 * measured WordNet as a source of matches and did not ship it).
 */
export interface Contrast {
  /** The description's word the memory lacks. */
  word: string;
  /** The memory's word that is its sibling or its opposite. */
  other: string;
  relation: 'sibling' | 'opposite';
}

interface Lexeme {
  self: readonly string[];
  parents: readonly string[];
  grandparents: readonly string[];
  antonyms: readonly string[];
}

let lexicon: { words: Map<string, Lexeme>; irregular: Map<string, string> } | undefined;

/** The table, parsed on first use (about 13,000 words). */
function loadLexicon(): NonNullable<typeof lexicon> {
  if (lexicon) return lexicon;
  const list = (field: string | undefined) => (field ? field.split(',') : []);
  const words = new Map<string, Lexeme>();
  for (const line of WORDNET_WORDS.split('\n')) {
    const [word, self, parents, grandparents, antonyms] = line.split('|');
    words.set(word!, { self: list(self), parents: list(parents), grandparents: list(grandparents), antonyms: list(antonyms) });
  }
  const irregular = new Map(WORDNET_IRREGULAR_FORMS.split('\n').map((line) => line.split(' ') as [string, string]));
  lexicon = { words, irregular };
  return lexicon;
}

/** WordNet's detachment rules (morphy) for every part of speech, for a form the tagger left inflected. */
const ENDINGS: readonly [string, string][] = [['ies', 'y'], ['ses', 's'], ['xes', 'x'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['es', 'e'], ['es', ''], ['s', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''], ['er', ''], ['est', '']];

/** The table's words for the forms of one written word (itself, its dictionary forms, an irregular form's base, a detached ending). */
function lexemesOf(forms: readonly string[]): Map<string, Lexeme> {
  const { words, irregular } = loadLexicon();
  const found = new Map<string, Lexeme>();
  const add = (word: string) => {
    const lexeme = words.get(word);
    if (lexeme) found.set(word, lexeme);
  };
  for (const form of forms) {
    add(form);
    const base = irregular.get(form);
    if (base) add(base);
    for (const [ending, replacement] of ENDINGS) if (form.endsWith(ending) && form.length > ending.length + 2) add(form.slice(0, -ending.length) + replacement);
  }
  return found;
}

/** The value of a written word that is a number (its forms hold its digits: "eight" has "8"), else undefined. */
const numberOf = (forms: readonly string[]) => forms.find((form) => /^\d+$/u.test(form));

const shares = (left: readonly string[], right: readonly string[]) => left.some((id) => right.includes(id));
/** Two words share a sense, or a sense of one is a hypernym of the other's within two steps. */
const sameOrAbove = (a: Lexeme, b: Lexeme) => shares(a.self, b.self) || shares(a.self, [...b.parents, ...b.grandparents]) || shares(b.self, [...a.parents, ...a.grandparents]);

/** How two written words (each with its forms) stand in WordNet: siblings, opposites, or neither (the same word, synonyms, one the kind of the other, or unknown). */
export function contrastOf(left: readonly string[], right: readonly string[]): Contrast['relation'] | undefined {
  // Two numbers of different value are siblings of a kind WordNet's table misses ("eight" is not in it): "that
  // Oskar turned nine" against "My nephew Oskar turned eight in March" (round 11's fresh probe). A number typed
  // in digits is decisive already; a single number word is one only after a label (src/forget/number-words.ts).
  const [leftNumber, rightNumber] = [numberOf(left), numberOf(right)];
  if (leftNumber !== undefined && rightNumber !== undefined) return leftNumber === rightNumber ? undefined : 'sibling';
  // Kin WordNet puts beyond two steps ("aunt" / "mother"), from a closed list of kinship terms (src/forget/kin.ts).
  if (left.some((one) => right.some((other) => otherKin(one, other)))) return 'sibling';
  // Parts of the day, which WordNet files under different parents: "that I practise calligraphy in the mornings"
  // is not "I practise calligraphy every evening with a dip pen" (round 16's probe part fresh7 deleted it at "same meaning" 0.81).
  const [leftPart, rightPart] = [partOfDay(left), partOfDay(right)];
  if (leftPart !== undefined && rightPart !== undefined && leftPart !== rightPart) return 'sibling';
  const [ofLeft, ofRight] = [lexemesOf(left), lexemesOf(right)];
  if ([...ofLeft.keys()].some((word) => ofRight.has(word))) return undefined;
  const pairs = [...ofLeft].flatMap(([leftWord, leftLexeme]) => [...ofRight].map(([rightWord, rightLexeme]) => ({ leftWord, leftLexeme, rightWord, rightLexeme })));
  // Any sense in common or above the other ("mum" is a kind of "mother", "kid" a "child") and they may name one thing.
  if (pairs.some(({ leftLexeme, rightLexeme }) => sameOrAbove(leftLexeme, rightLexeme))) return undefined;
  if (pairs.some(({ leftWord, leftLexeme, rightWord, rightLexeme }) => leftLexeme.antonyms.includes(rightWord) || rightLexeme.antonyms.includes(leftWord))) return 'opposite';
  if (pairs.some(({ leftLexeme: a, rightLexeme: b }) => shares(a.parents, b.parents) || shares(a.grandparents, b.grandparents))) return 'sibling';
  return undefined;
}

/** The parts of a day, each with its forms; "tonight" is the night's. */
const PARTS_OF_DAY: ReadonlyMap<string, string> = new Map([
  ['morning', 'morning'], ['mornings', 'morning'], ['afternoon', 'afternoon'], ['afternoons', 'afternoon'],
  ['evening', 'evening'], ['evenings', 'evening'], ['night', 'night'], ['nights', 'night'], ['tonight', 'night'], ['overnight', 'night'],
]);

/** Which part of the day one written word's forms name, if any. */
function partOfDay(forms: readonly string[]): string | undefined {
  for (const form of forms) {
    const part = PARTS_OF_DAY.get(form.toLowerCase());
    if (part !== undefined) return part;
  }
  return undefined;
}

/** True when the table knows the word, in one of its forms ("hives": hive): an English word, not a run of letters ("nucl"). */
export function isKnownWord(word: string): boolean {
  return lexemesOf([word]).size > 0;
}

/** True when two words share a sense in WordNet or one is a kind of the other within two steps ("sack" / "fire", "relocate" / "move"). */
export function relatedInWordNet(left: string, right: string): boolean {
  const [ofLeft, ofRight] = [lexemesOf([left]), lexemesOf([right])];
  return [...ofLeft.values()].some((a) => [...ofRight.values()].some((b) => sameOrAbove(a, b)));
}

/**
 * The first content word of a description (`terms`, each with its forms) that the memory does not hold, itself
 * or as a synonym, while it holds a sibling or the opposite of it — a word the description holds too aside. An
 * opposite verb with another person acting may be the same event told from the other side ("Paolo borrowing my
 * car" for "I lent my car to my cousin Paolo", a target of the labelled set): not an opposite then, the actor
 * rule (src/forget/actor.ts) judges it.
 */
export function contrastedWord(terms: string[][], content: string, description = ''): Contrast | undefined {
  const [asked, told] = [actorsOf(description), actorsOf(content)];
  const converse = asked !== undefined && told !== undefined && !asked.some((person) => told.includes(person));
  const memoryForms = wordForms(content).filter((forms) => /^(?:\p{L}{3,}|\d+)$/u.test(forms[0]!));
  // The memory's words the description does not hold, found once (at the first term it lacks), not once a term:
  // inside the loop it was terms × memory words × terms, 3 s of CPU for a 3.6 KB description against a 3.6 KB memory.
  let unheld: string[][] | undefined;
  for (const forms of terms) {
    if (!/^\p{L}{3,}$/u.test(forms[0]!) || heldWords(memoryForms, [forms]).length > 0) continue;
    unheld ??= memoryForms.filter((other) => heldWords([other], terms).length === 0);
    for (const other of unheld) {
      const relation = contrastOf(forms, other);
      if (relation === 'sibling' || (relation === 'opposite' && !converse)) return { word: forms[0]!, other: other[0]!, relation };
    }
  }
  return undefined;
}

/** The same verb with the opposite particle ("moved out" for "moved in"), or a journey the other way ("flight out" / "flight home"; src/forget/particle-opposites.ts), as a contrast. */
function contrastedParticle(description: string, content: string): Contrast | undefined {
  const found = oppositeParticle(description, content);
  if (found) return { word: `${found.verb} ${found.asked}`, other: `${found.verb} ${found.told}`, relation: 'opposite' };
  // The same journey the other way ("my flight out" / "My flight home").
  const way = oppositeWay(description, content);
  return way && { word: `${way.noun} ${way.asked}`, other: `${way.noun} ${way.told}`, relation: 'opposite' };
}

/** Sure matches whose words stand against the description's (contrastedWord) are offered to confirm instead. */
export function doubtContrasted(judged: readonly Doubtable[], terms: string[][], description: string): void {
  offerInstead(judged, (entry) => {
    const contrast = contrastedWord(terms, entry.content, description) ?? contrastedParticle(description, entry.content);
    return contrast && `it says "${contrast.other}" where the description says "${contrast.word}" (${contrast.relation === 'sibling' ? 'another of the same kind' : 'the opposite'})`;
  });
}

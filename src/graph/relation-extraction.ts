import { infinitiveOf } from '../nlp/compromise-adapter.ts';
import { splitSentences } from '../nlp/sentences.ts';
import { resolveTimeExpressions } from '../nlp/time-expressions.ts';
import { analyzeWithWink, type WinkToken } from '../nlp/wink-adapter.ts';

/** A relation read from a sentence: who, the verb (with its preposition), what, and since when. */
export interface ExtractedRelation {
  subject: string;
  /** The subject is a person (a pronoun resolved, a name, the speaker). */
  subjectIsPerson: boolean;
  /** snake_case lemma: "live_in", "adopt", "be_a". */
  predicate: string;
  object: string;
  /** The object is a name (proper noun) rather than a thing. */
  objectIsName: boolean;
  negated: boolean;
  /** When the relation began, from a date in the sentence resolved against when it was said. */
  validFrom?: number;
}

export interface RelationContext {
  /** Who said it: "I" and "we" become this name (default "user"). */
  speaker?: string | null;
  /** When it was said, for "yesterday" and "last summer". */
  at: number;
}

const NEGATIONS = new Set(['not', "n't", 'never', 'nt']);
const THIRD_PERSON = new Set(['he', 'she', 'they']);
const POSSESSIVES = new Set(['my', 'our', 'his', 'her', 'their', 'its', 'your']);
// Verbs whose object after "to"/"with" is a person, so a pronoun later can mean them.
const PEOPLE_PREDICATES = new Set(['meet', 'marry', 'call', 'date', 'help', 'hug', 'text', 'talk_to', 'speak_to', 'talk_with', 'speak_with', 'write_to', 'chat_with', 'text_with']);
const NOUN_LIKE = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const MAX_OBJECT_WORDS = 4;
// One spelling for a relation the graph keeps one value of at a time (names.ts): moving to a
// city is living there from then on, so the move closes the old city as "lives in" would.
const SAME_RELATION: Readonly<Record<string, string>> = { move_to: 'live_in', relocate_to: 'live_in', work_for: 'work_at', be_from: 'from', come_from: 'from' };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A date is when a relation began, not part of its object: "moved to Berlin last year" points at Berlin.
function withoutTimes(sentence: string, at: number): { text: string; validFrom?: number } {
  const times = resolveTimeExpressions(sentence, at);
  let text = sentence;
  for (const time of times) text = text.replace(new RegExp(`(?:\\b(?:on|in|since|during|back in|from)\\s+)?(?:the\\s+)?${escape(time.phrase)}`, 'i'), ' ');
  text = text.replace(/^[\s,]+/, '').replace(/\s+,/g, ',').replace(/\s{2,}/g, ' ');
  return times.length === 0 ? { text } : { text, validFrom: Math.min(...times.map((time) => time.from)) };
}

interface Cursor {
  tokens: WinkToken[];
  index: number;
}

const at = (cursor: Cursor, offset = 0) => cursor.tokens[cursor.index + offset];

/** A run of proper nouns ("Mexico City", "Harry Potter"), joined by "of" inside a name ("University of Porto"). */
function readName(cursor: Cursor): string | undefined {
  const words: string[] = [];
  while (at(cursor)?.pos === 'PROPN' || (words.length > 0 && at(cursor)?.normal === 'of' && at(cursor, 1)?.pos === 'PROPN')) words.push(cursor.tokens[cursor.index++]!.value);
  return words.length === 0 ? undefined : words.join(' ');
}

interface Subject {
  names: string[];
  isPerson: boolean;
}

function readSubject(cursor: Cursor, speaker: string, lastPerson: string | undefined): Subject | undefined {
  const first = at(cursor);
  if (first === undefined) return undefined;
  if (first.normal === 'i' || first.normal === 'we') {
    cursor.index++;
    return { names: [speaker], isPerson: true };
  }
  if (THIRD_PERSON.has(first.normal)) {
    cursor.index++;
    return lastPerson === undefined ? undefined : { names: [lastPerson], isPerson: true };
  }
  if (first.normal === 'my' || first.normal === 'our') {
    cursor.index++;
    const relative = at(cursor);
    if (relative?.pos !== 'NOUN') return undefined;
    cursor.index++;
    // "My friend Ivy": the name is who it is about.
    const name = readName(cursor);
    return { names: [name ?? `${speaker}'s ${relative.normal}`], isPerson: true };
  }
  if (first.pos === 'PROPN') {
    const names = [readName(cursor)!];
    if (at(cursor)?.value === "'s" && at(cursor, 1)?.pos === 'NOUN') {
      const relative = at(cursor, 1)!.normal;
      cursor.index += 2;
      return { names: [`${names[0]}'s ${relative}`], isPerson: true };
    }
    // "Sam and Alex went …": each of them did.
    while (at(cursor)?.normal === 'and' && at(cursor, 1)?.pos === 'PROPN') {
      cursor.index++;
      names.push(readName(cursor)!);
    }
    if (at(cursor)?.normal === 'and' && at(cursor, 1)?.normal === 'i') {
      cursor.index += 2;
      names.push(speaker);
    }
    return { names, isPerson: true };
  }
  return undefined;
}

interface Verb {
  lemma: string;
  negated: boolean;
}

// Auxiliaries, adverbs and negation before the verb; wink reads some verbs after a name as
// nouns ("Alice lives" → "life"), so a word in the verb's place is conjugated back.
function readVerb(cursor: Cursor, coordinated: boolean): Verb | undefined {
  let negated = false;
  let auxiliary: string | undefined;
  while (at(cursor) !== undefined) {
    const token = at(cursor)!;
    if (NEGATIONS.has(token.normal) || (token.normal === 'no' && at(cursor, 1)?.normal === 'longer')) negated = true;
    else if (token.pos === 'AUX') auxiliary = token.lemma;
    else if (token.pos !== 'ADV' && token.pos !== 'PART' && token.normal !== 'longer') break;
    cursor.index++;
  }
  const token = at(cursor);
  if (token?.pos === 'VERB') {
    cursor.index++;
    return { lemma: token.lemma, negated };
  }
  // Right after the subject with no auxiliary, an inflected word is the verb whatever its tag ("Ethan married/ADJ
  // Fiona", "Alice lives/NOUN in"); after "and" any word is ("and work/NOUN at Siemens"). "Ana's work trip" is not.
  const inflected = /(?:s|ed)$/.test(token?.normal ?? '') || coordinated;
  if (auxiliary === undefined && token !== undefined && (token.pos === 'NOUN' || token.pos === 'ADJ') && inflected && at(cursor, 1) !== undefined) {
    cursor.index++;
    return { lemma: infinitiveOf(token.normal), negated };
  }
  if (auxiliary === 'be') return { lemma: 'be', negated };
  // "I have two kids": the auxiliary is the verb.
  if (auxiliary !== undefined && token !== undefined && (token.pos === 'DET' || NOUN_LIKE.has(token.pos))) return { lemma: auxiliary, negated };
  return undefined;
}

interface ObjectPhrase {
  text: string;
  isName: boolean;
}

// The noun phrase after the verb: no article or possessive, a name when it holds one
// ("a cat named Miso" is Miso), at most four words.
function readObject(cursor: Cursor, speaker: string, subject: string | undefined): ObjectPhrase | undefined {
  const token = at(cursor);
  if (token?.pos === 'PRON') {
    if (token.normal === 'me' || token.normal === 'us') {
      cursor.index++;
      return { text: speaker, isName: true };
    }
    if (!POSSESSIVES.has(token.normal)) return undefined;
  }
  // "every morning", "each week": how often, not what.
  if (at(cursor)?.normal === 'every' || at(cursor)?.normal === 'each') return undefined;
  // "loves her work" is about Ana's work, not work at large: a possessed thing keeps its owner, so
  // it does not merge with every other mention of the word (a graph hub the question's keywords seed).
  let owner: string | undefined;
  while (at(cursor)?.pos === 'DET' || POSSESSIVES.has(at(cursor)?.normal ?? '')) {
    const word = at(cursor)!.normal;
    if (word === 'my' || word === 'our') owner = speaker;
    else if (POSSESSIVES.has(word) && word !== 'your' && word !== 'its') owner = subject;
    cursor.index++;
  }
  const words: WinkToken[] = [];
  while (at(cursor) !== undefined) {
    const next = at(cursor)!;
    if (NOUN_LIKE.has(next.pos) || (next.pos === 'VERB' && /ing$/.test(next.normal) && words.length === 0)) {
      words.push(next);
      cursor.index++;
    } else if (next.normal === 'of' && at(cursor, 1)?.pos === 'PROPN' && words.at(-1)?.pos === 'PROPN') {
      words.push(next);
      cursor.index++;
    } else break;
  }
  // "named Miso", "called Luna": the name is what the relation points at.
  if ((at(cursor)?.normal === 'named' || at(cursor)?.normal === 'called') && at(cursor, 1)?.pos === 'PROPN') {
    cursor.index++;
    return { text: readName(cursor)!, isName: true };
  }
  if (words.length === 0) return undefined;
  const kept = words.slice(-MAX_OBJECT_WORDS);
  const names = kept.filter((word) => word.pos === 'PROPN');
  if (names.length > 0 && kept.at(-1)?.pos === 'PROPN') {
    const start = kept.findIndex((word) => word.pos === 'PROPN');
    return { text: kept.slice(start).map((word) => word.value).join(' '), isName: true };
  }
  const thing = kept.map((word) => (word.pos === 'PROPN' ? word.value : word.value.toLowerCase())).join(' ');
  return { text: owner === undefined ? thing : `${owner}'s ${thing}`, isName: false };
}

// The words of "a new job" / "a job" at the cursor, and how many tokens they take.
function jobLength(cursor: Cursor): number {
  for (let length = 1; length <= 3; length++) if (at(cursor, length - 1)?.normal === 'job') return length;
  return 0;
}

function tokensText(cursor: Cursor, count: number): string {
  const length = jobLength(cursor) || count;
  return cursor.tokens.slice(cursor.index, cursor.index + length).map((token) => token.normal).join(' ');
}

/** One sentence's relations; `lastPerson` is who a "he" or "she" here would be. */
function sentenceRelations(sentence: string, context: { speaker: string; at: number }, lastPerson: string | undefined): { relations: ExtractedRelation[]; people: string[] } {
  const { text, validFrom } = withoutTimes(sentence, context.at);
  const tokens = analyzeWithWink(text).tokens.filter((token) => token.pos !== 'PUNCT' || token.value === ',');
  const cursor: Cursor = { tokens, index: 0 };
  const people: string[] = [];
  const subject = readSubject(cursor, context.speaker, lastPerson);
  if (subject === undefined) return { relations: [], people };
  people.push(...subject.names.filter((name) => name !== context.speaker));
  const relations: ExtractedRelation[] = [];
  // "lives in Austin and works at Dell": each verb, with its object, shares the subject.
  for (let clauses = 0; clauses < 3; clauses++) {
    const verb = readVerb(cursor, clauses > 0);
    if (verb === undefined) break;
    let predicate = verb.lemma;
    if (predicate === 'be' && (at(cursor)?.pos === 'DET' || POSSESSIVES.has(at(cursor)?.normal ?? ''))) predicate = 'be_a';
    while (at(cursor)?.pos === 'ADP' || (at(cursor)?.pos === 'PART' && at(cursor)?.normal !== 'to')) predicate = `${predicate}_${cursor.tokens[cursor.index++]!.normal}`;
    if (at(cursor)?.normal === 'to' && at(cursor, 1)?.pos !== 'VERB') predicate = `${predicate}_${cursor.tokens[cursor.index++]!.normal}`;
    const objects: ObjectPhrase[] = [];
    // "has a job at Globex", "got a job with Acme": where they work.
    if ((predicate === 'have' || predicate === 'get' || predicate === 'find') && /^(?:an?\s+)?(?:new\s+)?job$/i.test(tokensText(cursor, 3)) && ['at', 'with'].includes(at(cursor, jobLength(cursor))?.normal ?? '')) {
      cursor.index += jobLength(cursor) + 1;
      predicate = 'work_at';
    }
    for (let object = readObject(cursor, context.speaker, subject.names.length === 1 ? subject.names[0] : undefined); object !== undefined; object = undefined) {
      objects.push(object);
      // "Spanish and French": one verb, two objects.
      // Not when a verb follows "and" ("and works at Dell"), whatever wink tags it: a word then a preposition or article.
      const nextClause = at(cursor, 1)?.pos === 'VERB' || ['ADP', 'DET'].includes(at(cursor, 2)?.pos ?? '') || POSSESSIVES.has(at(cursor, 2)?.normal ?? '');
      if (at(cursor)?.normal === 'and' && !nextClause) {
        cursor.index++;
        object = readObject(cursor, context.speaker, subject.names.length === 1 ? subject.names[0] : undefined);
        if (object !== undefined) objects.push(object);
      }
    }
    // "be" with no noun after it ("is so happy") states a feeling, not a relation; before a name it says who someone is.
    {
      for (const name of subject.names) {
        for (const object of objects.filter((found) => predicate !== 'be' || found.isName)) {
          relations.push({ subject: name, subjectIsPerson: subject.isPerson, predicate: SAME_RELATION[predicate] ?? predicate, object: object.text, objectIsName: object.isName, negated: verb.negated, ...(validFrom === undefined ? {} : { validFrom }) });
          if (object.isName && PEOPLE_PREDICATES.has(predicate) && object.text !== context.speaker) people.push(object.text);
        }
      }
    }
    // On to the next verb of the same subject, past what is left of this clause ("with Nina" names a person).
    while (at(cursor) !== undefined && at(cursor)!.normal !== 'and') {
      if (at(cursor)!.normal === 'with' && at(cursor, 1)?.pos === 'PROPN') {
        cursor.index++;
        people.push(readName(cursor)!);
        continue;
      }
      cursor.index++;
    }
    if (at(cursor)?.normal !== 'and') break;
    cursor.index++;
  }
  return { relations, people };
}

/**
 * Subject–predicate–object relations of a text, offline: "I"/"we" are the
 * speaker, "he"/"she" the person last named, names and "my sister" as said;
 * the predicate is the verb's lemma with its preposition ("live_in"); the
 * object a name when it holds one; a date in the sentence is when it began.
 * Questions and sentences with no noun after their verb give nothing.
 *
 * @example
 * extractRelations('We adopted a cat named Miso last month.', { speaker: 'Ana', at: Date.UTC(2024, 5, 15) })
 * // [{ subject: 'Ana', predicate: 'adopt', object: 'Miso', validFrom: Date.UTC(2024, 4, 1), negated: false, ... }]
 */
export function extractRelations(text: string, context: RelationContext): ExtractedRelation[] {
  const speaker = context.speaker ?? 'user';
  const relations: ExtractedRelation[] = [];
  let lastPerson: string | undefined;
  for (const sentence of splitSentences(text)) {
    if (/\?\s*$/.test(sentence)) continue;
    const found = sentenceRelations(sentence.replace(/[‘’]/g, "'"), { speaker, at: context.at }, lastPerson);
    relations.push(...found.relations);
    lastPerson = found.people.at(-1) ?? lastPerson;
  }
  return relations;
}

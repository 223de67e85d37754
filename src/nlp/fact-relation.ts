import type { FactPolarity, FactStructure } from './fact.ts';
import { isSingleValued, predicateFamily } from './predicates.ts';

export { parseFact } from './parse-fact.ts';

/** How an incoming fact relates to one already stored. */
export type FactRelation = 'DUPLICATE' | 'SUPERSEDES' | 'DISTINCT';

// Words that decorate a name without changing what it names ("Acme" and
// "Acme Corp", "Lisbon" and "Lisbon city").
const NAME_DECORATIONS = new Set(['corp', 'corporation', 'inc', 'ltd', 'llc', 'gmbh', 'co', 'company', 'city', 'the']);

const LEADING_DETERMINER = /^(?:a|an|the|some|their|his|her|its|my|our)\s+/;
const TRAILING_TIME = /\s+(?:now|anymore|any more|again|these days|nowadays|currently|at the moment|right now|too|as well)$/;

function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is|ous)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * The comparable form of a fact's object: lower case, no determiner, no
 * trailing "now"/"anymore", plural nouns made singular.
 *
 * @example
 * normalizeObject('the Cats now') // 'cat'
 */
export function normalizeObject(object: string): string {
  let text = object.toLowerCase().replace(/[‘’]/g, "'").replace(/[.!?,;:"]+/g, ' ').replace(/\s+/g, ' ').trim();
  let previous = '';
  while (previous !== text) {
    previous = text;
    text = text.replace(LEADING_DETERMINER, '').replace(TRAILING_TIME, '').trim();
  }
  return text.split(' ').map(singular).join(' ');
}

function sameObject(left: string, right: string): boolean {
  const a = normalizeObject(left);
  const b = normalizeObject(right);
  if (a === b) return a !== '';
  const [shorter, longer] = a.length <= b.length ? [a.split(' '), b.split(' ')] : [b.split(' '), a.split(' ')];
  if (shorter.length === 0 || shorter[0] === '') return false;
  const extra = longer.filter((word) => !shorter.includes(word));
  return shorter.every((word) => longer.includes(word)) && extra.every((word) => NAME_DECORATIONS.has(word));
}

function normalizeSubject(subject: string): string {
  return subject.toLowerCase().replace(/[‘’]/g, "'").replace(/^the /, '').trim();
}

// Affirmed vs negated: "likes" against "dislikes", "lives in" against "no
// longer lives in". A plain statement against a liking is not a flip.
function isFlip(left: FactPolarity, right: FactPolarity): boolean {
  return left !== right && (left === 'negative' || right === 'negative');
}

// "tea over coffee" → ['tea', 'coffee']; "tea" → ['tea', ''].
function preferencePair(object: string): [string, string] {
  const [preferred = '', other = ''] = normalizeObject(object).split(/\s+over\s+/);
  return [preferred, other];
}

function classifyPreferences(existing: FactStructure, incoming: FactStructure): FactRelation {
  const [oldPreferred, oldOther] = preferencePair(existing.object);
  const [newPreferred, newOther] = preferencePair(incoming.object);
  if (oldPreferred === newOther && newPreferred === oldOther && oldOther !== '') return 'SUPERSEDES';
  if (oldPreferred === newPreferred) return oldOther === newOther || oldOther === '' || newOther === '' ? 'DUPLICATE' : 'DISTINCT';
  if (oldPreferred === newOther && oldPreferred !== '') return 'SUPERSEDES';
  return 'DISTINCT';
}

/**
 * Decides how an incoming fact relates to a stored one, by rules a person can check:
 * - same subject, relation, object and polarity → DUPLICATE;
 * - same subject and relation, same object, polarity flipped (likes → dislikes) → SUPERSEDES;
 * - same subject and single-valued relation (lives_in, name, works_at, job,
 *   age, relationship status...), a new object → SUPERSEDES;
 * - anything else → DISTINCT.
 * Facts stored as text only can be compared through `parseFact`.
 *
 * @example
 * classifyFactPair(parseFact('User lives in Berlin'), parseFact('User lives in Lisbon')) // 'SUPERSEDES'
 * classifyFactPair(parseFact('User likes Redux'), parseFact('User strongly dislikes Redux')) // 'SUPERSEDES'
 */
export function classifyFactPair(existing: FactStructure, incoming: FactStructure): FactRelation {
  if (normalizeSubject(existing.subject) !== normalizeSubject(incoming.subject)) return 'DISTINCT';
  const family = predicateFamily(existing.predicate);
  if (family !== predicateFamily(incoming.predicate)) return 'DISTINCT';
  if (family === 'prefers') return classifyPreferences(existing, incoming);
  // "User smokes" / "User quit smoking": the relation is the whole fact.
  if (normalizeObject(existing.object) === '' && normalizeObject(incoming.object) === '') {
    return isFlip(existing.polarity, incoming.polarity) ? 'SUPERSEDES' : 'DUPLICATE';
  }
  if (sameObject(existing.object, incoming.object)) return isFlip(existing.polarity, incoming.polarity) ? 'SUPERSEDES' : 'DUPLICATE';
  const bothAffirmed = existing.polarity !== 'negative' && incoming.polarity !== 'negative';
  return isSingleValued(existing.predicate) && bothAffirmed ? 'SUPERSEDES' : 'DISTINCT';
}

import { isSingleValued } from '../nlp/index.ts';

/**
 * The lookup key of an entity name: lower case, no leading article, no
 * possessive, single spaces. "The Lisbon office's" and "lisbon office" meet.
 *
 * @example
 * entityKey("  The Globex  Corp's ") // 'globex corp'
 */
export function entityKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/[^\p{L}\p{N}\s'&.-]/gu, ' ')
    .replace(/^\s*(?:the|a|an)\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One spelling per relation: the first word loses its third-person "s", so
 * "lives_in" (a fact) and "live_in" (its negation) are the same predicate.
 *
 * @example
 * canonicalPredicate('lives_in') // 'live_in'
 * canonicalPredicate('Works At') // 'work_at'
 */
export function canonicalPredicate(predicate: string): string {
  const words = predicate.trim().toLowerCase().split(/[\s_]+/).filter(Boolean);
  const [first, ...rest] = words;
  if (first === undefined) return '';
  const stem = first.length > 3 && first.endsWith('s') && !first.endsWith('ss') ? first.slice(0, -1) : first;
  return [stem, ...rest].join('_');
}

/** True when the predicate, in any of its spellings, holds one value at a time. */
export function isSingleValuedPredicate(predicate: string): boolean {
  const canonical = canonicalPredicate(predicate);
  const [first, ...rest] = canonical.split('_');
  const thirdPerson = [`${first}s`, ...rest].join('_');
  return isSingleValued(predicate) || isSingleValued(canonical) || isSingleValued(thirdPerson);
}

import { analyzeWithCompromise, type Phrase } from './compromise-adapter.ts';
import { analyzeWithWink } from './wink-adapter.ts';

export type EntityType = 'person' | 'place' | 'organization' | 'thing' | 'date' | 'other';

/** A named thing mentioned in a text. */
export interface Entity {
  name: string;
  type: EntityType;
}

// wink's lite model has no person/place/organisation recogniser but is good at
// dates and machine-shaped values; compromise is the other way round. Bare
// numbers and emoji are left out: they are not things a memory is "about".
const WINK_TYPES: Readonly<Record<string, EntityType>> = {
  DATE: 'date',
  TIME: 'date',
  DURATION: 'date',
  EMAIL: 'other',
  URL: 'other',
  MENTION: 'other',
  HASHTAG: 'other',
  MONEY: 'other',
  PERCENT: 'other',
};

interface Candidate extends Entity {
  start: number;
}

function positioned(found: Phrase[], type: EntityType): Candidate[] {
  return found.map((phrase) => ({ name: phrase.text, type, start: phrase.start }));
}

function overlaps(a: string, b: string): boolean {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left.includes(right) || right.includes(left);
}

/**
 * Finds people, places, organisations, dates and other named things in a text,
 * with compromise's and wink-nlp's recognisers (no network, no model download).
 * Names are de-duplicated case-insensitively, in order of first mention; a
 * proper noun neither library could classify (a library, a street, a product)
 * comes back as `thing`.
 *
 * @example
 * extractEntities('Ana moved from Berlin to work at Google in March 2024.')
 * // [{ name: 'Ana', type: 'person' }, { name: 'Berlin', type: 'place' },
 * //  { name: 'Google', type: 'organization' }, { name: 'March 2024', type: 'date' }]
 */
export function extractEntities(text: string): Entity[] {
  if (text.trim() === '') return [];
  const found = analyzeWithCompromise(text);
  const lowerText = text.toLowerCase();
  const typed: Candidate[] = [
    ...positioned(found.people, 'person'),
    ...positioned(found.organizations, 'organization'),
    ...positioned(found.places, 'place'),
  ];
  for (const entity of analyzeWithWink(text).entities) {
    const type = WINK_TYPES[entity.type];
    if (type) typed.push({ name: entity.value, type, start: lowerText.indexOf(entity.value.toLowerCase()) });
  }
  const things = positioned(found.properNouns, 'thing').filter(
    (thing) => /\p{L}/u.test(thing.name) && !typed.some((entity) => overlaps(entity.name, thing.name)),
  );

  const seen = new Set<string>();
  const unique: Candidate[] = [];
  // Typed candidates come first so a name both libraries saw keeps the more specific type.
  for (const candidate of [...typed, ...things]) {
    const key = candidate.name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(candidate);
  }
  return unique.sort((a, b) => a.start - b.start).map(({ name, type }) => ({ name, type }));
}

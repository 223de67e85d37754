import { describe, expect, it } from 'vitest';
import { extractEntities } from './entities.ts';

function typeOf(text: string, name: string): string | undefined {
  return extractEntities(text).find((entity) => entity.name.toLowerCase() === name.toLowerCase())?.type;
}

describe('extractEntities', () => {
  it('finds people, places, organisations and dates in one sentence', () => {
    const text = 'Barack Obama met Angela Merkel in Berlin on March 3rd 2015 at Google headquarters.';
    expect(extractEntities(text)).toEqual([
      { name: 'Barack Obama', type: 'person' },
      { name: 'Angela Merkel', type: 'person' },
      { name: 'Berlin', type: 'place' },
      { name: 'March 3rd 2015', type: 'date' },
      { name: 'Google', type: 'organization' },
    ]);
  });

  it('reads a self-introduction', () => {
    const text = 'My name is Ana and I work at Acme Corp in New York as a nurse.';
    expect(typeOf(text, 'Ana')).toBe('person');
    expect(typeOf(text, 'Acme Corp')).toBe('organization');
    expect(typeOf(text, 'New York')).toBe('place');
    // "nurse" is a common noun, not a name.
    expect(typeOf(text, 'nurse')).toBeUndefined();
  });

  it('keeps unclassified proper nouns as things and leaves sentence words alone', () => {
    const entities = extractEntities('I NEVER want to use Redux again, it was a nightmare.');
    expect(entities).toEqual([{ name: 'Redux', type: 'thing' }]);
  });

  it('de-duplicates names case-insensitively, keeping the more specific type', () => {
    const entities = extractEntities('Sarah called. Later sarah and Sarah met Sarah at Microsoft, then MICROSOFT hired her.');
    expect(entities.filter((entity) => entity.name.toLowerCase() === 'sarah')).toHaveLength(1);
    expect(entities.filter((entity) => entity.name.toLowerCase() === 'microsoft')).toHaveLength(1);
    expect(typeOf('Sarah called. Later she met Sarah at Microsoft.', 'Microsoft')).toBe('organization');
  });

  it('reports machine-shaped values as other and durations as dates', () => {
    const entities = extractEntities('Email me at ana@example.com, it costs $40 and takes 3 hours.');
    expect(entities).toContainEqual({ name: 'ana@example.com', type: 'other' });
    expect(entities).toContainEqual({ name: '3 hours', type: 'date' });
  });

  it('returns nothing for chatter and empty text', () => {
    expect(extractEntities('ok thanks, haha')).toEqual([]);
    expect(extractEntities('   ')).toEqual([]);
  });
});

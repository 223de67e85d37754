import { describe, expect, it } from 'vitest';
import { extractKeywords, extractTopics } from './keywords.ts';

describe('extractKeywords', () => {
  it('keeps the content words as lemmas and drops stop words and light verbs', () => {
    const keywords = extractKeywords('I NEVER want to use Redux again, it was a nightmare.');
    expect(keywords[0]).toBe('redux');
    expect(keywords).toContain('nightmare');
    for (const dropped of ['i', 'never', 'want', 'it', 'was', 'be', 'a', 'again']) expect(keywords).not.toContain(dropped);
  });

  it('ranks repeated and proper nouns above one-off verbs', () => {
    const keywords = extractKeywords('We moved the billing service to Postgres. Postgres handles billing well.');
    expect(keywords.slice(0, 2)).toEqual(['postgres', 'billing']);
    expect(keywords.indexOf('move')).toBeGreaterThan(keywords.indexOf('service'));
  });

  it('joins multi-word names and lemmatises verbs', () => {
    const keywords = extractKeywords('I moved to New York and tried cooking.');
    expect(keywords).toContain('new york');
    expect(keywords).toContain('move');
    expect(keywords).not.toContain('moved');
  });

  it('honours the limit', () => {
    expect(extractKeywords('Alice, Bob, Carol, Dave and Erin visited Paris, Rome and Oslo.', 3)).toHaveLength(3);
    expect(extractKeywords('ok', 5)).toEqual([]);
  });
});

describe('extractTopics', () => {
  it('returns named subjects before common noun phrases', () => {
    expect(extractTopics('I tried that new café on Sukhumvit with Sarah.')).toEqual(['Sarah', 'Sukhumvit', 'new café']);
  });

  it('ranks a repeated subject first and strips determiners', () => {
    const topics = extractTopics('We moved the billing service to Postgres. Postgres is fast.');
    expect(topics).toEqual(['Postgres', 'billing service']);
  });
});

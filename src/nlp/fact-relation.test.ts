import { describe, expect, it } from 'vitest';
import { FACT_PAIRS, type FactPairLabel } from '../testing/fixtures/fact-pairs.ts';
import { extractFactsOffline } from './fact-extraction.ts';
import { classifyFactPair, normalizeObject, parseFact } from './fact-relation.ts';

const relate = (existing: string, incoming: string) => classifyFactPair(parseFact(existing), parseFact(incoming));

describe('classifyFactPair', () => {
  it('lets a move to Lisbon supersede living in Berlin', () => {
    expect(relate('User lives in Berlin', 'User lives in Lisbon')).toBe('SUPERSEDES');
    const [moved] = extractFactsOffline('I actually moved to Lisbon');
    if (!moved) throw new Error('no fact extracted');
    expect(classifyFactPair(parseFact('User lives in Berlin'), moved)).toBe('SUPERSEDES');
  });

  it('treats a flipped polarity on the same thing as superseding', () => {
    expect(relate('User likes Redux', 'User strongly dislikes Redux')).toBe('SUPERSEDES');
    expect(relate('User lives in Berlin', 'User no longer lives in Berlin')).toBe('SUPERSEDES');
    expect(relate('User prefers tea over coffee', 'User prefers coffee over tea')).toBe('SUPERSEDES');
  });

  it('recognises the same fact said again', () => {
    expect(relate('User lives in Berlin', 'User is based in Berlin')).toBe('DUPLICATE');
    expect(relate('User dislikes Redux', 'User hates Redux')).toBe('DUPLICATE');
    expect(relate('User works at Acme Corp', 'User works at Acme')).toBe('DUPLICATE');
    expect(relate('User has two cats', 'User has two cats.')).toBe('DUPLICATE');
  });

  it('keeps related facts apart', () => {
    expect(relate('User likes tea', 'User likes coffee')).toBe('DISTINCT');
    expect(relate('User lives in Berlin', "User's sister lives in Berlin")).toBe('DISTINCT');
    expect(relate('User lives in Berlin', 'User works in Berlin')).toBe('DISTINCT');
    expect(relate('User likes React', 'User likes React Native')).toBe('DISTINCT');
    // A negated fact about another city does not replace where the user lives.
    expect(relate('User lives in Berlin', 'User no longer lives in Paris')).toBe('DISTINCT');
  });

  it('classifies the labelled fixture pairs mostly right', () => {
    const confusion = new Map<string, number>();
    let correct = 0;
    for (const pair of FACT_PAIRS) {
      const predicted = relate(pair.a, pair.b);
      if (predicted === pair.label) correct++;
      const key = `${pair.label}→${predicted}`;
      confusion.set(key, (confusion.get(key) ?? 0) + 1);
    }
    const accuracy = correct / FACT_PAIRS.length;
    const perLabel = (label: FactPairLabel) => confusion.get(`${label}→${label}`) ?? 0;
    console.info(
      `classifyFactPair on ${FACT_PAIRS.length} fixture pairs: accuracy ${(accuracy * 100).toFixed(1)}% ` +
        `(DUPLICATE ${perLabel('DUPLICATE')}, SUPERSEDES ${perLabel('SUPERSEDES')}, DISTINCT ${perLabel('DISTINCT')} right); ` +
        `confusion ${JSON.stringify(Object.fromEntries(confusion))}`,
    );
    // Word-level rules miss paraphrases that share no words (NYC / New York,
    // "works remotely" / "works from home"); the floor guards against regressions.
    expect(accuracy).toBeGreaterThanOrEqual(0.8);
    // Unrelated facts must never be merged or replaced.
    expect(confusion.get('DISTINCT→SUPERSEDES') ?? 0).toBe(0);
  });
});

describe('normalizeObject', () => {
  it('drops determiners, trailing time words and plurals', () => {
    expect(normalizeObject('the Cats now')).toBe('cat');
    expect(normalizeObject('a new café on Sukhumvit.')).toBe('new café on sukhumvit');
  });
});

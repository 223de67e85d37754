import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('keeps a comma-joined comment with the clause it comments on', () => {
    expect(splitSentences('I NEVER want to use Redux again, it was a nightmare. Oh and I tried that new café on Sukhumvit.')).toEqual([
      'I NEVER want to use Redux again, it was a nightmare.',
      'Oh and I tried that new café on Sukhumvit.',
    ]);
  });

  it('starts a new statement at "oh and" / "btw" even without punctuation', () => {
    expect(splitSentences('i hate redux oh and i tried the new cafe on sukhumvit')).toEqual([
      'i hate redux',
      'oh and i tried the new cafe on sukhumvit',
    ]);
    expect(splitSentences('I moved to Lisbon btw my sister lives there too')).toEqual(['I moved to Lisbon', 'btw my sister lives there too']);
  });

  it('splits clauses that each have a first-person subject', () => {
    expect(splitSentences('I live in Berlin and I work at Acme; my wife is a doctor.')).toEqual([
      'I live in Berlin',
      'I work at Acme',
      'my wife is a doctor.',
    ]);
    expect(splitSentences('I like tea, but I hate coffee')).toEqual(['I like tea', 'I hate coffee']);
  });

  it('does not split a conditional or a clause without its own subject', () => {
    expect(splitSentences('If it rains, I stay home.')).toEqual(['If it rains, I stay home.']);
    expect(splitSentences('I live in Berlin and work at Acme.')).toEqual(['I live in Berlin and work at Acme.']);
  });

  it('separates a trailing request from the statement before it', () => {
    expect(splitSentences('I moved to Lisbon, can you recommend a café?')).toEqual(['I moved to Lisbon', 'can you recommend a café?']);
  });

  it('respects abbreviations and returns nothing for blank text', () => {
    expect(splitSentences('Mr. Smith met Dr. Jones at 5 p.m. yesterday. It went well!')).toHaveLength(2);
    expect(splitSentences('  \n ')).toEqual([]);
  });
});

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

  it('reads a line break as the end of a statement when the next line opens one, and a wrapped line as going on', () => {
    // Chat puts one statement a line, often with no full stop: the lines were read as one sentence.
    expect(splitSentences('I like tea\nI live in Lisbon\r\nI work at Acme')).toEqual(['I like tea', 'I live in Lisbon', 'I work at Acme']);
    expect(splitSentences('- i like tea\n- i live in lisbon\n\nmy dog is called rex')).toEqual(['i like tea', 'i live in lisbon', 'my dog is called rex']);
    expect(splitSentences('1. I like tea\n2) I live in Lisbon')).toEqual(['I like tea', 'I live in Lisbon']);
    expect(splitSentences('I moved to\nLisbon last year because\nthe rent was lower.')).toEqual(['I moved to Lisbon last year because the rent was lower.']);
  });

  it('respects abbreviations and returns nothing for blank text', () => {
    expect(splitSentences('Mr. Smith met Dr. Jones at 5 p.m. yesterday. It went well!')).toHaveLength(2);
    expect(splitSentences('  \n ')).toEqual([]);
  });
});

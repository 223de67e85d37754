import { describe, expect, it } from 'vitest';
import { analyzeWithCompromise } from './compromise-adapter.ts';
import { LONGEST_ANALYSED_RUN, restoreLongRuns, shortenLongRuns } from './long-runs.ts';
import { analyzeWithWink } from './wink-adapter.ts';

const chain = 'ab-'.repeat(40); // 120 characters, no space: wink split it into 80 tokens, compromise into 40 terms

describe('runs of characters without a space, longer than the analysers read', () => {
  it('stand in as one placeholder that is not in the text, and come back in order', () => {
    const first = 'q'.repeat(LONGEST_ANALYSED_RUN + 1);
    const shortened = shortenLongRuns(`longrun ${first} and ${chain}.`);
    expect(shortened.placeholder).toBe('longrunx');
    expect(shortened.text).toBe('longrun longrunx and longrunx');
    expect(shortened.runs).toEqual([first, `${chain}.`]);
    expect(restoreLongRuns(shortened, ['longrun longrunx', 'and', 'longrunx'])).toEqual([`longrun ${first}`, 'and', `${chain}.`]);
    expect(shortenLongRuns('q'.repeat(LONGEST_ANALYSED_RUN))).toEqual({ text: 'q'.repeat(LONGEST_ANALYSED_RUN), placeholder: '', runs: [] });
  });

  it('are one token to wink, given back as written, so the text rebuilds from its tokens', () => {
    const text = `My password is ${chain} and I keep it safe.`;
    const analysis = analyzeWithWink(text);
    expect(analysis.tokens.map((token) => token.value)).toEqual(['My', 'password', 'is', chain, 'and', 'I', 'keep', 'it', 'safe', '.']);
    expect(analysis.tokens[3]).toMatchObject({ normal: chain, lemma: chain });
    expect(analysis.tokens.map((token) => token.space + token.value).join('')).toBe(text);
    expect(analysis.sentences).toEqual([text]);
    expect(analysis.entities.some((entity) => entity.value.includes('longrun'))).toBe(false);
  });

  it('are in no phrase compromise finds, and the phrases around them are', () => {
    const name = `Q${'q'.repeat(LONGEST_ANALYSED_RUN)}`; // a proper noun to compromise, were it read
    const found = analyzeWithCompromise(`Tim Cook moved to Berlin with ${name}`);
    expect(found.people.map((phrase) => phrase.text)).toEqual(['Tim Cook']);
    expect(found.places.map((phrase) => phrase.text)).toEqual(['Berlin']);
    expect([...found.properNouns, ...found.nounPhrases].some((phrase) => phrase.text.includes('qqq') || phrase.text.includes('longrun'))).toBe(false);
  });
});

describe('a long text read by compromise a piece at a time', () => {
  it('finds the names of every piece, at their places in the whole text, as it does in a short one', () => {
    const filler = 'We walked along the river and talked about nothing much. '.repeat(60); // 3,480 characters
    const text = `Tim Cook moved to Berlin. ${filler}Angela Merkel visited Paris. ${filler}Marta lives in Lisbon.`;
    const found = analyzeWithCompromise(text);
    expect(found.people.map((phrase) => phrase.text)).toEqual(['Tim Cook', 'Angela Merkel', 'Marta']);
    expect(found.places.map((phrase) => phrase.text)).toEqual(['Berlin', 'Paris', 'Lisbon']);
    for (const phrase of [...found.people, ...found.places]) expect(text.slice(phrase.start, phrase.start + phrase.text.length)).toBe(phrase.text);
    const short = analyzeWithCompromise('Angela Merkel visited Paris.');
    expect(short.people.map((phrase) => phrase.text)).toEqual(['Angela Merkel']);
  });
});

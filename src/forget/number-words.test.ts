import { describe, expect, it } from 'vitest';
import { digitsForNumberWords, digitsForWords } from './number-words.ts';

describe('numbers said in words', () => {
  it('reads a run of digit words digit by digit, and a counted number as counted', () => {
    expect(digitsForWords('the PIN one three five seven')).toBe('the PIN 1357');
    expect(digitsForWords('the five thousand euro bonus')).toBe('the 5000 euro bonus');
    expect(digitsForWords('the two hundred ninety cholesterol')).toBe('the 290 cholesterol');
    expect(digitsForWords('two hundred and ninety')).toBe('290');
    expect(digitsForWords('twenty-five euros')).toBe('25 euros');
    expect(digitsForWords('one million')).toBe('1000000');
  });

  it('reads a single number word only after a word that labels a number', () => {
    expect(digitsForWords('number seven Birch Lane')).toBe('number 7 Birch Lane');
    expect(digitsForWords('her type one diabetes')).toBe('her type 1 diabetes');
    // A pronoun, and a count that names no digit a memory must hold.
    expect(digitsForWords('the one about my salary')).toBe('the one about my salary');
    expect(digitsForWords('my two kids')).toBe('my two kids');
    // Words that only start like a number stay words.
    expect(digitsForWords('someone at the tension seminar')).toBe('someone at the tension seminar');
  });

  it('reads every number word of a stored sentence but "one" as its digit', () => {
    expect(digitsForNumberWords('I have been sober for two years')).toBe('I have been sober for 2 years');
    expect(digitsForNumberWords('The one on the left has twelve seats')).toBe('The one on the left has 12 seats');
  });
});

describe('numbers and dates as people shorten them', () => {
  it('reads thousands, ordinals and short month names as the memory writes them', () => {
    expect(digitsForWords('the 12k debt')).toBe('the 12000 debt');
    expect(digitsForWords('my 1.5K bonus')).toBe('my 1500 bonus');
    expect(digitsForWords('the anniversary do on the 21st')).toBe('the anniversary do on the 21');
    expect(digitsForWords('the 3 Feb operation')).toBe('the 3 February operation');
    expect(digitsForWords('my flight on Sept. 14')).toBe('my flight on September 14');
    expect(digitsForWords('the dec 3 dentist')).toBe('the December 3 dentist');
  });

  it('leaves words that only look like a short form', () => {
    // "mar" and "jun" alone, in lower case and beside no number, are words; "kg" is no thousand; "4th" inside a code stays.
    expect(digitsForWords('what would mar the day')).toBe('what would mar the day');
    expect(digitsForWords('the 5kg bag')).toBe('the 5kg bag');
    expect(digitsForWords('code AB4th')).toBe('code AB4th');
  });
});

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

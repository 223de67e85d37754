import { describe, expect, it } from 'vitest';
import { timeInQuestion } from './time-in-question.ts';

describe('timeInQuestion', () => {
  it('reads a year or a month of a year as a UTC span, end exclusive', () => {
    expect(timeInQuestion('Where did the user live in 2023?')).toEqual({ from: Date.UTC(2023, 0, 1), to: Date.UTC(2024, 0, 1) });
    expect(timeInQuestion('Who was her manager in December 2021?')).toEqual({ from: Date.UTC(2021, 11, 1), to: Date.UTC(2022, 0, 1) });
    expect(timeInQuestion('What did we ship during 1999')).toEqual({ from: Date.UTC(1999, 0, 1), to: Date.UTC(2000, 0, 1) });
  });

  it('finds no span in a question without a year', () => {
    expect(timeInQuestion('Where does the user live?')).toBeNull();
    expect(timeInQuestion('How many of the 300 tickets are open?')).toBeNull();
  });
});

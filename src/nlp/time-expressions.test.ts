import { describe, expect, it } from 'vitest';
import { resolveTimeExpressions } from './time-expressions.ts';

const SAID = Date.UTC(2023, 4, 8, 13, 56); // Monday 8 May 2023, 1:56 pm
const day = (year: number, month: number, date: number) => Date.UTC(year, month, date);

describe('resolveTimeExpressions', () => {
  it('resolves days relative to when it was said', () => {
    expect(resolveTimeExpressions('I went to a support group yesterday.', SAID)).toEqual([{ phrase: 'yesterday', from: day(2023, 4, 7), to: day(2023, 4, 8) }]);
    expect(resolveTimeExpressions('We moved in two days ago', SAID)[0]).toMatchObject({ from: day(2023, 4, 6), to: day(2023, 4, 7) });
    expect(resolveTimeExpressions('the day before yesterday was rough', SAID)).toHaveLength(1);
    expect(resolveTimeExpressions('the day before yesterday was rough', SAID)[0]!.from).toBe(day(2023, 4, 6));
  });

  it('resolves weeks, weekends and weekdays (Monday-first weeks)', () => {
    expect(resolveTimeExpressions('last week', SAID)[0]).toMatchObject({ from: day(2023, 4, 1), to: day(2023, 4, 8) });
    expect(resolveTimeExpressions('last weekend', SAID)[0]).toMatchObject({ from: day(2023, 4, 6), to: day(2023, 4, 8) });
    expect(resolveTimeExpressions('last Friday', SAID)[0]).toMatchObject({ from: day(2023, 4, 5), to: day(2023, 4, 6) });
  });

  it('resolves months, seasons and years', () => {
    expect(resolveTimeExpressions('a few months ago', SAID)[0]).toMatchObject({ from: day(2023, 1, 1), to: day(2023, 2, 1) });
    expect(resolveTimeExpressions('last month', SAID)[0]).toMatchObject({ from: day(2023, 3, 1), to: day(2023, 4, 1) });
    // Said in May, last summer is 2022's; said in September, it is the one just ended.
    expect(resolveTimeExpressions('last summer', SAID)[0]).toMatchObject({ from: day(2022, 5, 1), to: day(2022, 8, 1) });
    expect(resolveTimeExpressions('last summer', day(2023, 8, 20))[0]).toMatchObject({ from: day(2023, 5, 1), to: day(2023, 8, 1) });
    expect(resolveTimeExpressions('last year', SAID)[0]).toMatchObject({ from: day(2022, 0, 1), to: day(2023, 0, 1) });
    expect(resolveTimeExpressions('back in December', SAID)[0]).toMatchObject({ from: day(2022, 11, 1), to: day(2023, 0, 1) });
  });

  it('reads written dates whole, not their parts', () => {
    expect(resolveTimeExpressions('on 3 May, 2023 we met', SAID)).toEqual([{ phrase: '3 May, 2023', from: day(2023, 4, 3), to: day(2023, 4, 4) }]);
    expect(resolveTimeExpressions('since March 2021', SAID)).toEqual([{ phrase: 'March 2021', from: day(2021, 2, 1), to: day(2021, 3, 1) }]);
    expect(resolveTimeExpressions('in 2019', SAID)[0]).toMatchObject({ from: day(2019, 0, 1), to: day(2020, 0, 1) });
  });

  it('finds nothing in a text that names no time', () => {
    expect(resolveTimeExpressions('Yeah, it was amazing! May I ask what you painted?', SAID)).toEqual([]);
  });
});

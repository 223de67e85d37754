import { describe, expect, it } from 'vitest';
import { questionTime, timeMatch } from './question-time.ts';

const NOW = Date.UTC(2026, 10, 25);
const day = (year: number, month: number, date: number) => Date.UTC(year, month, date);

describe('questionTime', () => {
  it('tells a "when" question from one that names a time', () => {
    expect(questionTime('When did Caroline go to the support group?', NOW)).toEqual({ asksWhen: true, spans: [], months: [] });
    expect(questionTime('What year did Nate adopt a dog?', NOW).asksWhen).toBe(true);
    expect(questionTime('What did Joanna watch on 1 May, 2022?', NOW)).toEqual({ asksWhen: false, spans: [{ from: day(2022, 4, 1), to: day(2022, 4, 2) }], months: [] });
  });

  it('reads a month or season without a year as that month in any year', () => {
    expect(questionTime('When did Melanie go camping in June?', NOW).months).toEqual([5]);
    expect(questionTime('When did Caroline go to a pride parade during the summer?', NOW).months).toEqual([5, 6, 7]);
    expect(questionTime('Which tournament did Nate win in the beginning of November 2022?', NOW).spans).toEqual([{ from: day(2022, 10, 1), to: day(2022, 11, 1) }]);
  });

  it('asks nothing of time in a question without it', () => {
    expect(questionTime('What does Melanie paint?', NOW)).toEqual({ asksWhen: false, spans: [], months: [] });
  });
});

describe('timeMatch', () => {
  const june = questionTime('When did Melanie go camping in June?', NOW);
  it('matches a memory about the asked month though it was said in the next', () => {
    const said = day(2023, 6, 3);
    expect(timeMatch(june, { said, about: [{ from: day(2023, 5, 26), to: day(2023, 6, 3) }] })).toBe(1);
    expect(timeMatch(june, { said, about: [] })).toBe(0);
  });

  it('gives a "when" question the memories that say when', () => {
    const when = questionTime('When did Caroline go to the support group?', NOW);
    expect(timeMatch(when, { said: NOW, about: [{ from: day(2023, 4, 7), to: day(2023, 4, 8) }] })).toBe(1);
    expect(timeMatch(when, { said: NOW, about: [] })).toBe(0);
  });
});

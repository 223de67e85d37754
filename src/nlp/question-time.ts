import { resolveTimeExpressions, type TimeSpan } from './time-expressions.ts';

/** What a question asks about time: whether it asks when, and the time it names. */
export interface QuestionTime {
  /** "When did …", "What year …", "How long ago …". */
  asksWhen: boolean;
  /** Spans named with a year or relative to now: "in 2022", "on 3 May 2023", "last summer". */
  spans: TimeSpan[];
  /** Months of any year (0–11) for a month or season named without one: "in June", "during the summer". */
  months: number[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const SEASON_MONTHS: Readonly<Record<string, number[]>> = { spring: [2, 3, 4], summer: [5, 6, 7], fall: [8, 9, 10], autumn: [8, 9, 10], winter: [11, 0, 1] };
const ASKS_WHEN = /^\s*(?:when\b|what (?:date|year|month|day|time|week)\b|which (?:year|month|day|week|date)\b|in (?:what|which) (?:year|month)\b|how long ago\b|since when\b)/i;
// A month or a season named without a year: "in June", "during the summer", "in the beginning of November".
const YEARLESS_MONTH = new RegExp(`\\b(?:in|during|of|on)\\s+(?:the\\s+)?(?:(?:beginning|start|middle|end)\\s+of\\s+|early\\s+|late\\s+|mid-?)?(${MONTHS.join('|')})\\b(?!,?\\s+(?:\\d|of\\s+\\d))`, 'gi');
const YEARLESS_SEASON = /\b(?:in|during|over|this|that)\s+(?:the\s+)?(spring|summer|fall|autumn|winter)\b(?!\s+(?:of\s+)?\d)/gi;

/**
 * Reads the time a question is about. Month and season names without a year
 * match that month in any year (a user asking "in June" rarely means a June
 * of the wrong year); the rest resolve against `now` as in memories.
 *
 * @example
 * questionTime('When did Ana go camping in June?', Date.now()) // { asksWhen: true, spans: [], months: [5] }
 * questionTime('Who did Maria have dinner with on May 3, 2023?', Date.now()).spans // [{ from: Date.UTC(2023, 4, 3), to: Date.UTC(2023, 4, 4) }]
 */
export function questionTime(question: string, now: number): QuestionTime {
  const months = new Set<number>();
  let rest = question.replace(YEARLESS_MONTH, (_whole, month: string) => {
    months.add(MONTHS.indexOf(month.toLowerCase()));
    return ' ';
  });
  rest = rest.replace(YEARLESS_SEASON, (whole, season: string) => {
    // "this summer" is a span relative to now, not any summer.
    if (/^this\b/i.test(whole)) return whole;
    for (const month of SEASON_MONTHS[season.toLowerCase()] ?? []) months.add(month);
    return ' ';
  });
  const spans = resolveTimeExpressions(rest, now).map(({ from, to }) => ({ from, to }));
  return { asksWhen: ASKS_WHEN.test(question), spans, months: [...months] };
}

/** True when a question says anything about time. */
export function asksAboutTime(time: QuestionTime): boolean {
  return time.asksWhen || time.spans.length > 0 || time.months.length > 0;
}

const DAY = 24 * 60 * 60 * 1000;

function monthsOf(span: TimeSpan): number[] {
  const months: number[] = [];
  // Walk the span a month at a time; a span of a year or more holds every month.
  if (span.to - span.from >= 365 * DAY) return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  for (let date = new Date(span.from); date.getTime() < span.to; date = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1))) months.push(date.getUTCMonth());
  return months;
}

/**
 * How well a memory's times answer a question's: 1 when one of the spans the
 * memory is about (or the day it was said) falls in the time the question
 * names; for a "when" question that names no time, 1 when the memory says
 * when (a time expression of its own); 0 otherwise.
 */
export function timeMatch(question: QuestionTime, memory: { said: number; about: readonly TimeSpan[] }): number {
  const named = question.spans.length > 0 || question.months.length > 0;
  if (!named) return question.asksWhen && memory.about.length > 0 ? 1 : 0;
  const spans = [...memory.about, { from: memory.said, to: memory.said + 1 }];
  const overlaps = spans.some((span) => question.spans.some((asked) => span.from < asked.to && span.to > asked.from));
  const inMonth = question.months.length > 0 && spans.some((span) => monthsOf(span).some((month) => question.months.includes(month)));
  return overlaps || inMonth ? 1 : 0;
}

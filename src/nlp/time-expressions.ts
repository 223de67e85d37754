/** A stretch of time, UTC milliseconds, `to` exclusive. */
export interface TimeSpan {
  from: number;
  to: number;
}

/** A time expression found in a text and the span it names. */
export interface ResolvedTime extends TimeSpan {
  phrase: string;
}

const DAY = 24 * 60 * 60 * 1000;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_NAME = `(${MONTHS.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?`;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const COUNTS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, few: 3, 'a few': 3, couple: 2, 'a couple of': 2, 'a couple': 2, several: 3 };
// Northern-hemisphere seasons as month ranges [first month, months long]: winter runs December to February.
const SEASONS: Readonly<Record<string, number>> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };

const startOfDay = (time: number) => Math.floor(time / DAY) * DAY;
const dayOf = (time: number, offsetDays = 0): TimeSpan => ({ from: startOfDay(time) + offsetDays * DAY, to: startOfDay(time) + (offsetDays + 1) * DAY });
const monthSpan = (year: number, month: number): TimeSpan => ({ from: Date.UTC(year, month, 1), to: Date.UTC(year, month + 1, 1) });
const yearSpan = (year: number): TimeSpan => ({ from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) });
const seasonSpan = (year: number, firstMonth: number): TimeSpan => ({ from: Date.UTC(year, firstMonth, 1), to: Date.UTC(year, firstMonth + 3, 1) });

function monthIndex(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3)));
}

function countOf(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (COUNTS[word.toLowerCase().replace(/\s+/g, ' ')] ?? 1);
}

/** Monday-based week containing `time`, shifted by whole weeks. */
function weekOf(time: number, offsetWeeks: number): TimeSpan {
  const day = new Date(startOfDay(time)).getUTCDay();
  const monday = startOfDay(time) - ((day + 6) % 7) * DAY + offsetWeeks * 7 * DAY;
  return { from: monday, to: monday + 7 * DAY };
}

function relativeMonth(time: number, offset: number): TimeSpan {
  const date = new Date(time);
  return monthSpan(date.getUTCFullYear(), date.getUTCMonth() + offset);
}

/** The last season of this name that has ended by `time` (offset −1), or the one that holds or follows it (0). */
function seasonAround(time: number, firstMonth: number, offset: -1 | 0 | 1): TimeSpan {
  const year = new Date(time).getUTCFullYear();
  const candidates = [year - 2, year - 1, year, year + 1].map((y) => seasonSpan(y, firstMonth));
  if (offset === -1) return candidates.filter((span) => span.to <= time).at(-1)!;
  if (offset === 1) return candidates.find((span) => span.from > time)!;
  return candidates.find((span) => span.to > time)!;
}

/** The most recent month of this name starting at or before `time`. */
function monthBefore(time: number, month: number): TimeSpan {
  const date = new Date(time);
  const year = month <= date.getUTCMonth() ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return monthSpan(year, month);
}

interface Pattern {
  pattern: RegExp;
  resolve: (match: RegExpExecArray, at: number) => TimeSpan | undefined;
}

const UNIT_AGO = (unit: string, count: number, at: number): TimeSpan => {
  if (unit.startsWith('day')) return dayOf(at, -count);
  if (unit.startsWith('week')) return weekOf(at, -count);
  if (unit.startsWith('month')) return relativeMonth(at, -count);
  return yearSpan(new Date(at).getUTCFullYear() - count);
};

// Ordered: longer wordings first, so "the day before yesterday" is not read as "yesterday".
const PATTERNS: readonly Pattern[] = [
  { pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME},?\\s+((?:19|20)\\d\\d)\\b`, 'gi'), resolve: (m) => dayOf(Date.UTC(Number(m[3]), monthIndex(m[2]!), Number(m[1]))) },
  { pattern: new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d\\d)\\b`, 'gi'), resolve: (m) => dayOf(Date.UTC(Number(m[3]), monthIndex(m[1]!), Number(m[2]))) },
  { pattern: new RegExp(`\\b${MONTH_NAME},?\\s+(?:of\\s+)?((?:19|20)\\d\\d)\\b`, 'gi'), resolve: (m) => monthSpan(Number(m[2]), monthIndex(m[1]!)) },
  { pattern: /\bthe day before yesterday\b/gi, resolve: (_m, at) => dayOf(at, -2) },
  { pattern: /\byesterday\b|\blast night\b/gi, resolve: (_m, at) => dayOf(at, -1) },
  { pattern: /\b(?:today|tonight|this (?:morning|afternoon|evening))\b/gi, resolve: (_m, at) => dayOf(at) },
  { pattern: /\btomorrow\b/gi, resolve: (_m, at) => dayOf(at, 1) },
  {
    pattern: /\b(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|a couple(?: of)?|couple|several)\s+(days?|weeks?|months?|years?)\s+ago\b/gi,
    resolve: (m, at) => UNIT_AGO(m[2]!.toLowerCase(), countOf(m[1]!), at),
  },
  { pattern: /\blast\s+weekend\b/gi, resolve: (_m, at) => ({ from: weekOf(at, -1).from + 5 * DAY, to: weekOf(at, -1).to }) },
  { pattern: /\bthis\s+(?:past\s+)?weekend\b/gi, resolve: (_m, at) => ({ from: weekOf(at, 0).from + 5 * DAY, to: weekOf(at, 0).to }) },
  { pattern: /\b(last|this|next)\s+(week|month|year)\b/gi, resolve: (m, at) => {
    const offset = m[1]!.toLowerCase() === 'last' ? -1 : m[1]!.toLowerCase() === 'next' ? 1 : 0;
    const unit = m[2]!.toLowerCase();
    if (unit === 'week') return weekOf(at, offset);
    if (unit === 'month') return relativeMonth(at, offset);
    return yearSpan(new Date(at).getUTCFullYear() + offset);
  } },
  { pattern: /\b(last|this|next)\s+(spring|summer|fall|autumn|winter)\b/gi, resolve: (m, at) => seasonAround(at, SEASONS[m[2]!.toLowerCase()]!, m[1]!.toLowerCase() === 'last' ? -1 : m[1]!.toLowerCase() === 'next' ? 1 : 0) },
  { pattern: new RegExp(`\\blast\\s+(${WEEKDAYS.join('|')})\\b`, 'gi'), resolve: (m, at) => {
    const back = (new Date(startOfDay(at)).getUTCDay() - WEEKDAYS.indexOf(m[1]!.toLowerCase()) + 7) % 7 || 7;
    return dayOf(at, -back);
  } },
  { pattern: new RegExp(`\\b(?:in|since|during|back in)\\s+${MONTH_NAME}(?![\\w,]*\\s+(?:\\d|of\\s+\\d))`, 'gi'), resolve: (m, at) => monthBefore(at, monthIndex(m[1]!)) },
  { pattern: /\b(?:in|since|during|back in|by)\s+((?:19|20)\d\d)\b/gi, resolve: (m) => yearSpan(Number(m[1])) },
];

/**
 * The time expressions of a text resolved against the moment it was said:
 * "yesterday" said on 8 May 2023 is 7 May 2023, "last summer" said in
 * September is June–August of that year. Spans are whole UTC days, weeks
 * (Monday first), months, seasons (northern) or years; `to` exclusive.
 *
 * @example
 * resolveTimeExpressions('I went camping yesterday', Date.UTC(2023, 4, 8))
 * // [{ phrase: 'yesterday', from: Date.UTC(2023, 4, 7), to: Date.UTC(2023, 4, 8) }]
 */
export function resolveTimeExpressions(text: string, at: number): ResolvedTime[] {
  const found: ResolvedTime[] = [];
  const taken: [number, number][] = [];
  for (const { pattern, resolve } of PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      const span = resolve(match, at);
      if (span === undefined || !Number.isFinite(span.from) || !Number.isFinite(span.to)) continue;
      taken.push([start, end]);
      found.push({ phrase: match[0], ...span });
    }
  }
  return found;
}

/**
 * A text split before the time expression it ends with (with the preposition leading into it), so a
 * fact's object is the thing and not its date: "Berlin last year" → Berlin + "last year"; "Berlin in
 * March 2023" → Berlin + "in March 2023". `when` is null when the text does not end with one.
 *
 * @example
 * splitTrailingTime('Berlin two years ago') // { head: 'Berlin', when: 'two years ago' }
 */
export function splitTrailingTime(text: string): { head: string; when: string | null } {
  const trimmed = text.trim();
  const last = resolveTimeExpressions(trimmed, 0).find((found) => trimmed.endsWith(found.phrase));
  if (last === undefined) return { head: trimmed, when: null };
  let start = trimmed.length - last.phrase.length;
  const lead = /\s(?:back\s+)?(?:in|since|during|from)\s+$/i.exec(trimmed.slice(0, start));
  if (lead) start = lead.index + 1;
  const head = trimmed.slice(0, start).trim().replace(/,$/, '');
  return head === '' ? { head: trimmed, when: null } : { head, when: trimmed.slice(start).trim() };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * The time span a question asks about, read from "in 2023", "in March 2023",
 * "during 2021", "back in 2019"; null when it names no year. Spans are UTC,
 * `to` exclusive.
 *
 * @example
 * timeInQuestion('Where did the user live in 2023?') // { from: Date.UTC(2023, 0, 1), to: Date.UTC(2024, 0, 1) }
 * timeInQuestion('Where was Ana in May 2021?') // { from: Date.UTC(2021, 4, 1), to: Date.UTC(2021, 5, 1) }
 */
export function timeInQuestion(question: string): { from: number; to: number } | null {
  const withMonth = new RegExp(`\\b(${MONTHS.join('|')})\\s+(?:of\\s+)?((?:19|20)\\d\\d)\\b`, 'i').exec(question);
  if (withMonth) {
    const month = MONTHS.indexOf(withMonth[1]!.toLowerCase());
    const year = Number(withMonth[2]);
    return { from: Date.UTC(year, month, 1), to: Date.UTC(year, month + 1, 1) };
  }
  const year = /\b(?:in|during|throughout|back in|as of|by)\s+((?:19|20)\d\d)\b/i.exec(question) ?? /\b((?:19|20)\d\d)\b/.exec(question);
  if (!year) return null;
  const value = Number(year[1]);
  return { from: Date.UTC(value, 0, 1), to: Date.UTC(value + 1, 0, 1) };
}

// The engine stores whole, non-negative epoch ms up to the last Date (its experience schema refuses the rest).
import { LATEST_DATE_MS } from '../config/time-schema.ts';

/**
 * A message's time as the engine stores it (whole epoch ms from 1970 to the last
 * Date), or why it cannot be: a source reports such a message and skips it, so
 * one bad time never fails the batch it is in. Fractional milliseconds (Python's
 * `time.time() * 1000`) are a real instant and are rounded; a string is parsed as a date.
 *
 * @example
 * storableTimestamp(1764000000000.5); // { ms: 1764000000001 }
 * storableTimestamp('0001-01-01');    // { problem: '"0001-01-01" is before 1970-01-01, which the engine cannot store' }
 */
export function storableTimestamp(value: unknown): { ms: number } | { problem: string } {
  const ms = typeof value === 'number' ? Math.round(value) : typeof value === 'string' ? Date.parse(asUtcWhenUnzoned(value)) : Number.NaN;
  if (Number.isNaN(ms)) return { problem: `${JSON.stringify(value) ?? String(value)} is not a date` };
  if (ms < 0) return { problem: `${JSON.stringify(value)} is before 1970-01-01, which the engine cannot store` };
  if (!(ms <= LATEST_DATE_MS)) return { problem: `${JSON.stringify(value)} is past the last date (+275760-09-13), which the engine cannot store` };
  return { ms };
}

// "2025-11-24 10:00:00", as SQLite's CURRENT_TIMESTAMP and datetime() write UTC: JavaScript reads a date and
// time without a zone as the machine's local time, so the same row had another time on each machine
// (a probe under America/New_York: five hours later). A string naming its zone is read as it says.
const UNZONED_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)$/u;

function asUtcWhenUnzoned(text: string): string {
  const parts = UNZONED_DATE_TIME.exec(text.trim());
  return parts ? `${parts[1]}T${parts[2]}Z` : text;
}

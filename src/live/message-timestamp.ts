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
  const ms = typeof value === 'number' ? Math.round(value) : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) return { problem: `${JSON.stringify(value) ?? String(value)} is not a date` };
  if (ms < 0) return { problem: `${JSON.stringify(value)} is before 1970-01-01, which the engine cannot store` };
  if (!(ms <= LATEST_DATE_MS)) return { problem: `${JSON.stringify(value)} is past the last date (+275760-09-13), which the engine cannot store` };
  return { ms };
}

import { z } from 'zod';

/** The last instant a Date can represent (ECMA-262: ±8.64e15 ms): past it, a time cannot be printed or compared as a date. */
export const LATEST_DATE_MS = 8.64e15;

/** A point in time as epoch ms, an ISO/date string or a Date; always epoch ms after parsing. */
export const timeSchema = z.union([z.number().int().nonnegative(), z.string().min(1), z.date()]).transform((value, context) => {
  const parsed = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (Number.isNaN(parsed) || Math.abs(parsed) > LATEST_DATE_MS) {
    context.addIssue({ code: 'custom', message: 'is not a valid date' });
    return z.NEVER;
  }
  return parsed;
});

/**
 * A memory's own time: as `timeSchema`, from 1970-01-01 to the last Date. A number already had to be
 * whole and non-negative; a date string before 1970 came out negative and a number past 8.64e15 passed,
 * then broke `new Date(ms).toISOString()` in listings and the LLM analyzer (probe, 2026-11-25).
 */
export const storableTimeSchema = timeSchema.refine((ms) => ms >= 0, { message: 'must be on or after 1970-01-01' });

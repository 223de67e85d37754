import { z } from 'zod';

/** A point in time as epoch ms, an ISO/date string or a Date; always epoch ms after parsing. */
export const timeSchema = z.union([z.number().int().nonnegative(), z.string().min(1), z.date()]).transform((value, context) => {
  const parsed = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (Number.isNaN(parsed)) {
    context.addIssue({ code: 'custom', message: 'is not a valid date' });
    return z.NEVER;
  }
  return parsed;
});

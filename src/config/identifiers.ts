import { z } from 'zod';

/**
 * Agent and session ids become directory names, so they are restricted to
 * letters, digits, '.', '_' and '-', never '.' or '..' nor ending in '.', at most 128 characters:
 * no id can reach outside the home directory.
 */
export const identifierSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(128, 'must be at most 128 characters')
  .regex(/^[A-Za-z0-9._-]+$/, "may contain only letters, digits, '.', '_' and '-'")
  .refine((value) => value !== '.' && value !== '..', "must not be '.' or '..'")
  // Windows drops a folder name's trailing dots: "ada." would open ada's folder, "..." an empty name (probe, 2026-11-27).
  .refine((value) => !value.endsWith('.'), "must not end with '.'");

/** Longest memory id: ULIDs are 26 characters; a host's own `generateId` gets room, not unbounded room. */
export const MAX_ID_LENGTH = 128;

/**
 * A memory id, one rule for every surface that takes one (engine calls, HTTP paths and bodies, a
 * memory's `relatedTo`, mirror files). No U+0000: no PostgreSQL text holds one, so a get, forget or
 * history of such an id was a STORE_ERROR there ("invalid byte sequence for encoding UTF8") and
 * NOT_FOUND on SQLite.
 */
export const memoryIdSchema = z.string().min(1, 'must not be empty').max(MAX_ID_LENGTH).refine((id) => !id.includes('\u0000'), 'must not hold U+0000');

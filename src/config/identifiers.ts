import { z } from 'zod';

/** '.' or '..': a path segment that names the folder itself or its parent, which a file system and a URL resolve away. */
const isDotSegment = (value: string) => value === '.' || value === '..';

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
  .refine((value) => !isDotSegment(value), "must not be '.' or '..'")
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

/**
 * The id of a memory about to be made (a host's `generateId`, an entry a mirror import writes): a memory id
 * that is also not '.' or '..'. A URL normalises those segments away (`/agents/ada/memories/..` is
 * `/agents/ada`), so no HTTP route could get, edit or forget such a memory (probe). Ids already stored are
 * still taken by every call (memoryIdSchema), so one made before stays reachable from the library and CLI.
 */
export const newMemoryIdSchema = memoryIdSchema.refine((id) => !isDotSegment(id), "must not be '.' or '..' (a URL path drops them, so no HTTP route could reach the memory)");

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

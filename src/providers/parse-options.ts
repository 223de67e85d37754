import type { z } from 'zod';
import { ValidationError } from '../errors/index.ts';

/**
 * Checks a provider factory's options at construction, so a typo in a base URL
 * or a zero batch size fails where it was written rather than at first use.
 */
export function parseOptions<Schema extends z.ZodType>(schema: Schema, options: unknown, factory: string): z.output<Schema> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new ValidationError({
    code: 'CONFIG_ERROR',
    message: `${factory}: invalid options: ${issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ')}`,
    issues,
  });
}

import type { z } from 'zod';
import { ProviderError } from '../../errors/index.ts';

/**
 * Validates a provider's JSON answer against its zod schema. A server that
 * answers 200 with the wrong shape (a proxy's HTML, an old API version) gets a
 * PROVIDER_RESPONSE_INVALID naming the first few offending fields, instead of a
 * TypeError three calls later.
 */
export function parseResponse<Schema extends z.ZodType>(schema: Schema, value: unknown, provider: string, what: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new ProviderError({ code: 'PROVIDER_RESPONSE_INVALID', provider, message: `${what} has an unexpected shape: ${issues}`, cause: result.error });
}

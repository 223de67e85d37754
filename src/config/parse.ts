import type { z } from 'zod';
import type { ErrorCode } from '../errors/codes.ts';
import { ValidationError } from '../errors/validation-error.ts';

/** Parses with zod and turns a failure into one typed ValidationError that names each field. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string, code?: ErrorCode): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return throwValidation(`Invalid ${what}: ${summary}`, issues, code);
}

function throwValidation(message: string, issues: { path: string; message: string }[], code?: ErrorCode): never {
  throw new ValidationError({ message, issues, ...(code === undefined ? {} : { code }) });
}

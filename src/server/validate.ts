import type { Context } from 'hono';
import type { z } from 'zod';
import { identifierSchema } from '../config/identifiers.ts';
import { parseWith } from '../config/parse.ts';
import { ValidationError } from '../errors/validation-error.ts';
import { memoryParamsSchema } from './schemas.ts';

/** The JSON body, validated; a body that is not JSON is a VALIDATION_ERROR, not a crash. */
export async function validBody<Schema extends z.ZodType>(context: Context, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await context.req.json();
  } catch {
    throw new ValidationError({ message: 'The request body must be JSON', issues: [{ path: '(body)', message: 'not valid JSON' }] });
  }
  return parseWith(schema, body, 'request body');
}

/** The query string, validated (each parameter once). */
export function validQuery<Schema extends z.ZodType>(context: Context, schema: Schema): z.output<Schema> {
  return parseWith(schema, context.req.query(), 'query');
}

/** The `:agent` path parameter, validated as in the CLI (INVALID_AGENT_ID). */
export function agentOf(context: Context): string {
  return parseWith(identifierSchema, context.req.param('agent'), 'agent id', 'INVALID_AGENT_ID');
}

/** The `:id` path parameter. */
export function memoryIdOf(context: Context): string {
  return parseWith(memoryParamsSchema.shape.id, context.req.param('id'), 'memory id');
}

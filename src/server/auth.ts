import type { MiddlewareHandler } from 'hono';
import { presentsBearerToken } from '../config/server-options.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';

/**
 * Requires `Authorization: Bearer <token>`. Both sides are hashed first so the
 * constant-time compare sees equal lengths and the length of the token leaks nothing.
 *
 * @example
 * app.use('/agents/*', requireBearerToken('s3cret'));
 */
export function requireBearerToken(token: string): MiddlewareHandler {
  return async (context, next) => {
    const header = context.req.header('authorization');
    if (!presentsBearerToken(header, token)) {
      context.header('WWW-Authenticate', 'Bearer realm="hippocampus"');
      const presented = /^Bearer\s+\S/i.test((header ?? '').trim());
      throw new HippocampusError({ code: 'UNAUTHORIZED', message: presented ? 'The bearer token is not valid' : 'This server needs an Authorization: Bearer <token> header' });
    }
    await next();
  };
}

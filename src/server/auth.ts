import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { HippocampusError } from '../errors/hippocampus-error.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Requires `Authorization: Bearer <token>`. Both sides are hashed first so the
 * constant-time compare sees equal lengths and the length of the token leaks nothing.
 *
 * @example
 * app.use('/agents/*', requireBearerToken('s3cret'));
 */
export function requireBearerToken(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (context, next) => {
    const header = context.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      context.header('WWW-Authenticate', 'Bearer realm="hippocampus"');
      throw new HippocampusError({ code: 'UNAUTHORIZED', message: match ? 'The bearer token is not valid' : 'This server needs an Authorization: Bearer <token> header' });
    }
    await next();
  };
}

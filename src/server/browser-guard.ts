import type { MiddlewareHandler } from 'hono';
import { allowedHostNames, changesState, isAllowedHost, isAllowedOrigin, isJsonContentType, refusals } from '../config/request-policy.ts';

export interface BrowserGuardOptions {
  /** The address the server is bound to (its name is allowed as a Host). */
  boundHost?: string;
  /** More host names to answer to (`'*'`: any). */
  allowedHosts?: readonly string[];
  /** Origins allowed to call from a browser (the CORS list). */
  allowedOrigins?: readonly string[];
}

/**
 * Refuses what a web page could send to a server on this machine: a foreign Host (DNS rebinding),
 * a foreign Origin or cross-site fetch, and a state-changing request that is not JSON (a cross-site
 * form or text/plain POST needs no preflight). Runs before any body is read.
 *
 * @example
 * app.use('*', browserGuard({ boundHost: '127.0.0.1', allowedOrigins: ['http://localhost:5173'] }));
 */
export function browserGuard(options: BrowserGuardOptions = {}): MiddlewareHandler {
  const hosts = allowedHostNames(options.boundHost, options.allowedHosts);
  const origins = options.allowedOrigins ?? [];
  return async (context, next) => {
    const hostHeader = context.req.header('host') ?? new URL(context.req.url).host;
    if (!isAllowedHost(hostHeader, hosts)) throw refusals.host(hostHeader);
    const origin = context.req.header('origin');
    if (!isAllowedOrigin({ origin, secFetchSite: context.req.header('sec-fetch-site'), hostHeader }, origins)) throw refusals.origin(origin);
    const contentType = context.req.header('content-type');
    if (changesState(context.req.method) && context.req.method !== 'DELETE' && !isJsonContentType(contentType)) throw refusals.mediaType(contentType);
    await next();
  };
}

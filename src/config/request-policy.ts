import { HippocampusError } from '../errors/hippocampus-error.ts';
import { isLoopbackHost } from './server-options.ts';

// What a local server accepts from a browser. One policy for the HTTP API (and its dashboard) and the
// MCP HTTP server: a web page must not be able to read or change memories by DNS rebinding (a foreign
// Host), by a cross-site "simple" request (a form or text/plain POST that needs no preflight), or from a
// foreign origin.

/**
 * The origins `--cors` (the `cors` / `allowedOrigins` option) allows, each as a browser sends it in `Origin`:
 * scheme, host and port, lower-cased. Anything else is a CONFIG_ERROR naming it: '*' let every page past the
 * origin check while the CORS headers still named no page, and an origin with a path or a trailing '/'
 * never matched what a browser sends.
 *
 * @example
 * allowedOriginsOf(['http://localhost:5173']); // ['http://localhost:5173']
 */
export function allowedOriginsOf(origins: readonly string[] | undefined): string[] {
  return (origins ?? []).map((entry) => {
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      origin = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin.toLowerCase() === entry.toLowerCase() ? url.origin.toLowerCase() : undefined;
    } catch {
      origin = undefined;
    }
    if (origin === undefined) {
      throw new HippocampusError({ code: 'CONFIG_ERROR', message: `--cors takes origins as a browser sends them (http://host or https://host:port, no path), got "${entry}"`, details: { origin: entry } });
    }
    return origin;
  });
}

/** The largest request body either server reads by default (the HTTP API's `bodyLimit`, the MCP server's), 1 MiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Host names every local server answers to. */
export const LOOPBACK_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** The host name of a Host header or authority, lower-cased, without the port; IPv6 keeps its brackets. */
export function hostNameOf(authority: string): string {
  const value = authority.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** Wildcard bind addresses: the name a client uses to reach them cannot be known in advance. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The host names a server bound to `boundHost` answers to: the loopback names, the bound address and
 * any configured ones. `null` means "any host": a server bound to a wildcard address with no list
 * configured (it needs a bearer token there, which a rebinding page does not have); `'*'` in the list
 * turns the check off on purpose.
 */
export function allowedHostNames(boundHost: string | undefined, configured: readonly string[] = []): Set<string> | null {
  if (configured.includes('*')) return null;
  if (boundHost !== undefined && WILDCARD_ADDRESSES.has(boundHost) && configured.length === 0) return null;
  const names = new Set<string>([...LOOPBACK_HOST_NAMES, ...configured.map(hostNameOf)]);
  if (boundHost !== undefined && !WILDCARD_ADDRESSES.has(boundHost)) names.add(hostNameOf(boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost));
  return names;
}

/** True when the Host header names this server (any port: the port is not what a rebinding attack changes). */
export function isAllowedHost(hostHeader: string | undefined, allowed: Set<string> | null): boolean {
  if (allowed === null) return true;
  if (!hostHeader) return false;
  const name = hostNameOf(hostHeader);
  return allowed.has(name) || (name.startsWith('127.') && isLoopbackHost(name) && allowed.has('127.0.0.1'));
}

/** `application/json`, with or without parameters (`; charset=utf-8`), or a `+json` type. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

/** Methods that change state; they must carry JSON, which a browser cannot send cross-site without a preflight. */
export function changesState(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

/**
 * Whether a request's origin may use the server: no `Origin` and no cross-site fetch metadata (a
 * non-browser client, or a same-origin navigation), the server's own origin, or a configured one.
 */
export function isAllowedOrigin(request: { origin: string | undefined; secFetchSite: string | undefined; hostHeader: string | undefined }, allowedOrigins: readonly string[]): boolean {
  const { origin, secFetchSite, hostHeader } = request;
  if (origin === undefined || origin === '') return secFetchSite !== 'cross-site' && secFetchSite !== 'same-site';
  if (allowedOrigins.includes(origin.toLowerCase())) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  return hostHeader !== undefined && originHost === hostHeader.trim().toLowerCase();
}

/** The refusal for each rule, with its code (mapped to 403/415 in one place by each server). */
export const refusals = {
  host: (hostHeader: string | undefined) =>
    new HippocampusError({ code: 'FORBIDDEN_HOST', message: `Host "${hostHeader ?? ''}" is not one this server answers to (allow it with --allowed-host)`, details: { host: hostHeader ?? null } }),
  origin: (origin: string | undefined) =>
    new HippocampusError({ code: 'FORBIDDEN_ORIGIN', message: `Requests from ${origin ? `origin ${origin}` : 'another site'} are refused (allow an origin with --cors)`, details: { origin: origin ?? null } }),
  mediaType: (contentType: string | undefined) =>
    new HippocampusError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: `This route takes application/json, got ${contentType ? `"${contentType}"` : 'no Content-Type'}`, details: { contentType: contentType ?? null } }),
};

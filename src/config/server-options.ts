import { HippocampusError } from '../errors/hippocampus-error.ts';

/** The bearer token of the HTTP server: the option, else `HIPPOCAMPUS_TOKEN`. Read only when the server starts. */
export function resolveServerToken(token?: string): string | undefined {
  const value = token ?? process.env.HIPPOCAMPUS_TOKEN;
  return value === undefined || value.length === 0 ? undefined : value;
}

/** Hosts that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A server reachable from other machines must not serve memories to anyone who asks.
 *
 * @example
 * requireTokenOffLoopback('0.0.0.0', undefined) // throws CONFIG_ERROR naming --token and HIPPOCAMPUS_TOKEN
 */
export function requireTokenOffLoopback(host: string, token: string | undefined): void {
  if (token === undefined && !isLoopbackHost(host)) {
    throw new HippocampusError({
      code: 'CONFIG_ERROR',
      message: `Binding to ${host} exposes memories beyond this machine: set a bearer token with the token option or the HIPPOCAMPUS_TOKEN environment variable`,
    });
  }
}

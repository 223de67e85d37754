import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { ValidationError } from '../errors/validation-error.ts';

/**
 * The bearer token of a server, read only when it starts: the `token` option, else the first line of
 * `tokenFile` (`--token-file`), else `HIPPOCAMPUS_TOKEN`, else the file named by `HIPPOCAMPUS_TOKEN_FILE`.
 * A command line never needs to carry it (every user of the machine sees it in `ps`).
 */
export function resolveServerToken(token?: string, tokenFile?: string): string | undefined {
  if (token !== undefined && token.length > 0) return token;
  if (tokenFile !== undefined) return readTokenFile(tokenFile);
  const fromEnvironment = process.env.HIPPOCAMPUS_TOKEN;
  if (fromEnvironment !== undefined && fromEnvironment.length > 0) {
    // Blank is a mistake, not "no token": a token file of blanks is refused the same way.
    if (fromEnvironment.trim().length === 0) throw new HippocampusError({ code: 'CONFIG_ERROR', message: 'HIPPOCAMPUS_TOKEN holds only white space: set a token or unset the variable' });
    return fromEnvironment.trim();
  }
  const environmentFile = process.env.HIPPOCAMPUS_TOKEN_FILE;
  return environmentFile !== undefined && environmentFile.length > 0 ? readTokenFile(environmentFile) : undefined;
}

/** Hosts that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Answering any Host name (`allowedHosts: ['*']`) turns off the check that keeps a DNS-rebinding page out, so
 * the token must do it: a page whose own name resolves to 127.0.0.1 read every memory through `/export`
 * (`Host: evil.com`, 200) on a loopback server started with `--allowed-host '*'` and no token (probe, 2026-11-27).
 *
 * @example
 * requireTokenForAnyHost(['*'], undefined) // throws CONFIG_ERROR naming --allowed-host and the token's sources
 */
export function requireTokenForAnyHost(allowedHosts: readonly string[] | undefined, token: string | undefined): void {
  if (!allowedHosts?.includes('*') || (token !== undefined && token.trim().length > 0)) return;
  throw new HippocampusError({
    code: 'CONFIG_ERROR',
    message:
      "--allowed-host '*' answers any Host name, so a web page can reach the server through DNS rebinding: set a bearer token with --token-file, the HIPPOCAMPUS_TOKEN environment variable or the token option, or list the names to answer to",
  });
}

/**
 * A server reachable from other machines must not serve memories to anyone who asks.
 *
 * @example
 * requireTokenOffLoopback('0.0.0.0', undefined) // throws CONFIG_ERROR naming --token and HIPPOCAMPUS_TOKEN
 */
export function requireTokenOffLoopback(host: string, token: string | undefined): void {
  if (isLoopbackHost(host)) return;
  if (token === undefined || token.trim().length === 0) {
    throw new HippocampusError({
      code: 'CONFIG_ERROR',
      message: `Binding to ${host} exposes memories beyond this machine: set a bearer token with --token-file, the HIPPOCAMPUS_TOKEN environment variable or the token option`,
    });
  }
  // Reachable from other machines, a token is guessed by trying: a short one is no protection.
  if ([...token].length < MIN_NETWORK_TOKEN_LENGTH) {
    throw new HippocampusError({
      code: 'CONFIG_ERROR',
      message: `Binding to ${host} needs a bearer token of at least ${MIN_NETWORK_TOKEN_LENGTH} characters (this one has ${[...token].length}); e.g. openssl rand -hex 24 > token && --token-file token`,
    });
  }
}

/** The shortest bearer token accepted off loopback (16 characters: ~95 bits even as hex). */
export const MIN_NETWORK_TOKEN_LENGTH = 16;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares a presented secret with the expected one in constant time: both are hashed first, so neither content nor length leaks. */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether an `Authorization` header carries this bearer token. The scheme is read in any letter case
 * with any run of spaces after it (RFC 7235), one rule for the HTTP API and the MCP HTTP server; the
 * token itself is compared in constant time.
 *
 * @example
 * presentsBearerToken('bearer s3cret', 's3cret') // true
 */
export function presentsBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec((header ?? '').trim());
  // Compared even without a match, so a malformed header costs what a wrong token costs.
  return secretsMatch(match?.[1] ?? '', token) && match !== null;
}

/**
 * A server's bearer token, from a file (`--token-file`: its first line) or `HIPPOCAMPUS_TOKEN`; never
 * needed on a command line, where `ps` shows it to every user of the machine.
 */
export function readTokenFile(file: string): string {
  let text: string;
  try {
    text = firstLineOf(file);
  } catch (error) {
    if (HippocampusError.isInstance(error)) throw error;
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot read the token file ${file}: ${(error as Error).message}`, cause: error });
  }
  const token = text.split(/\r?\n/)[0]!.trim();
  if (token.length === 0) throw new HippocampusError({ code: 'CONFIG_ERROR', message: `The token file ${file} is empty` });
  return token;
}

/** More bytes than a token line has any need of: what is read of a token file before its first line break. */
const MAX_TOKEN_LINE_BYTES = 64 * 1024;

/**
 * The start of a token file up to its first line break, read a block at a time: a pipe works (`--token-file
 * <(pass show hippocampus)`), and a file with no line break in its first 64 KiB is refused. Read whole,
 * `--token-file /dev/zero` took 4.4 GB in 15 s with nothing printed.
 */
function firstLineOf(file: string): string {
  const descriptor = fs.openSync(file, 'r');
  try {
    const block = Buffer.alloc(4096);
    const read: Buffer[] = [];
    let bytes = 0;
    for (let count = fs.readSync(descriptor, block); count > 0; count = fs.readSync(descriptor, block)) {
      read.push(Buffer.from(block.subarray(0, count)));
      bytes += count;
      if (block.subarray(0, count).includes(0x0a)) break;
      if (bytes > MAX_TOKEN_LINE_BYTES) {
        throw new HippocampusError({ code: 'CONFIG_ERROR', message: `The token file ${file} holds no line break in its first ${MAX_TOKEN_LINE_BYTES} bytes: a token is one short line` });
      }
    }
    return Buffer.concat(read).toString('utf8');
  } finally {
    fs.closeSync(descriptor);
  }
}

/**
 * A port to listen on: a whole number from 0 (the OS picks a free one) to 65535. Node's own refusal
 * is a RangeError the CLI could only report as an internal error.
 *
 * @example
 * checkListenPort(70000) // throws VALIDATION_ERROR: "port must be a whole number from 0 to 65535 …"
 */
export function checkListenPort(port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ValidationError({ message: `The port must be a whole number from 0 to 65535 (0 picks a free one), got ${port}`, issues: [{ path: 'port', message: 'must be a whole number from 0 to 65535' }] });
  }
  return port;
}

/**
 * Why a server could not listen, as a CONFIG_ERROR naming the address: the socket errors a person
 * can act on (a port taken, a privileged port, an address this machine does not have, a name that
 * does not resolve). Anything else is returned as it came.
 *
 * @example
 * listenFailure(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), '127.0.0.1', 7077)
 * // CONFIG_ERROR: "127.0.0.1:7077 is already in use: …"
 */
export function listenFailure(error: unknown, host: string, port: number): unknown {
  const address = `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  const reasons: Record<string, string> = {
    EADDRINUSE: `${address} is already in use: stop what listens there, or pick another port (0 picks a free one)`,
    EACCES: `Not allowed to listen on ${address} (ports below 1024 need privileges): pick another port`,
    EADDRNOTAVAIL: `Cannot listen on ${address}: ${host} is not an address of this machine`,
    ENOTFOUND: `Cannot listen on ${address}: the host name ${host} does not resolve`,
  };
  const reason = reasons[String((error as { code?: unknown } | null)?.code)];
  return reason === undefined ? error : new HippocampusError({ code: 'CONFIG_ERROR', message: reason, cause: error });
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { allowedHostNames, allowedOriginsOf, DEFAULT_BODY_LIMIT_BYTES, isAllowedHost, isAllowedOrigin, isJsonContentType } from '../config/request-policy.ts';
import { checkListenPort, listenFailure, presentsBearerToken, requireTokenForAnyHost, requireTokenOffLoopback } from '../config/server-options.ts';

export interface McpHttpOptions {
  /** A fresh MCP server per request (stateless mode): see createMcpServer. */
  createServer: () => Server;
  /** Default 127.0.0.1. Any other address requires `token`. */
  host?: string;
  /** Default 0 (the OS picks). */
  port?: number;
  /** Required as `Authorization: Bearer <token>` when set; mandatory off loopback. */
  token?: string;
  /** Default '/mcp'. */
  path?: string;
  /** More Host names to answer to besides the loopback names and the bound address (`'*'`: any). */
  allowedHosts?: string[];
  /** Browser origins allowed to call (none by default: any other Origin is refused). */
  allowedOrigins?: string[];
}

export interface McpHttpServer {
  /** e.g. 'http://127.0.0.1:49152/mcp' */
  url: string;
  close(): Promise<void>;
}

/** The largest body read, the HTTP API's default; the MCP SDK alone took 4 MB. */
export const MCP_BODY_LIMIT_BYTES = DEFAULT_BODY_LIMIT_BYTES;
/** The most messages a JSON-RPC batch may hold: a batch of thousands of tool calls in one POST was served (probe, 2026-11-27). */
export const MCP_BATCH_LIMIT = 64;

/** The request's body, parsed; a string saying why when it is too large or not JSON (then nothing is run). */
async function readBody(request: IncomingMessage): Promise<{ body: unknown } | { status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MCP_BODY_LIMIT_BYTES) return { status: 413, message: `Payload too large: the body is over ${MCP_BODY_LIMIT_BYTES} bytes` };
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return { status: 400, message: 'Parse error: the body is not JSON' };
  }
  // JSON-RPC 2.0 answers an empty batch with an invalid request; the SDK took it for a batch of notifications (202, no body).
  if (Array.isArray(body) && body.length === 0) return { status: 400, message: 'Invalid request: an empty batch' };
  if (Array.isArray(body) && body.length > MCP_BATCH_LIMIT) return { status: 400, message: `Invalid request: a batch holds at most ${MCP_BATCH_LIMIT} messages, this one ${body.length}` };
  return { body };
}

function reject(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}

/**
 * Serves MCP over streamable HTTP, stateless (each POST gets its own server
 * and transport over the shared memory). Bound to 127.0.0.1 unless told
 * otherwise; bound anywhere else it refuses to start without a bearer token.
 * On loopback the Host header is checked too, so a web page cannot reach the
 * server through DNS rebinding.
 *
 * @example
 * const http = await serveMcpHttp({ createServer: () => createMcpServer({ memory }), port: 8765 });
 * // clients connect to http.url
 */
export async function serveMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  // One policy with the HTTP API server: off loopback, no token, no start.
  requireTokenOffLoopback(host, options.token);
  requireTokenForAnyHost(options.allowedHosts, options.token);
  const wantedPort = checkListenPort(options.port ?? 0);
  // The same browser policy as the HTTP API (src/config/request-policy.ts): a foreign Host (DNS
  // rebinding) or a foreign Origin is refused before any MCP message is read.
  const hosts = allowedHostNames(host, options.allowedHosts);
  const origins = allowedOriginsOf(options.allowedOrigins);
  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    void handle(request, response).catch((error: unknown) => {
      // The client is told fixed words; the error's own (paths, a driver's address) go to stderr, as the HTTP API's.
      console.error('[hippocampus mcp]', error);
      if (!response.headersSent) reject(response, 500, 'Internal server error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) return reject(response, 404, `Not found; MCP is served at ${path}`);
    const hostHeader = request.headers.host;
    if (!isAllowedHost(hostHeader, hosts)) return reject(response, 403, `Forbidden: host "${hostHeader ?? ''}" is not one this server answers to`);
    const origin = request.headers.origin;
    const secFetchSite = request.headers['sec-fetch-site'];
    if (!isAllowedOrigin({ origin, secFetchSite: Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite, hostHeader }, origins)) {
      return reject(response, 403, `Forbidden: requests from ${origin ? `origin ${origin}` : 'another site'} are refused`);
    }
    if (options.token && !presentsBearerToken(request.headers.authorization, options.token)) {
      return reject(response, 401, 'Unauthorized: a valid bearer token is required', { 'www-authenticate': 'Bearer' });
    }
    if (request.method !== 'POST') return reject(response, 405, 'Method not allowed: this server is stateless, POST only', { allow: 'POST' });
    // A cross-site form or text/plain POST needs no preflight: refused before its body is read.
    if (!isJsonContentType(request.headers['content-type'])) return reject(response, 415, 'Unsupported media type: POST a JSON-RPC message as application/json');
    const read = await readBody(request);
    if ('status' in read) return reject(response, read.status, read.message);
    const server = options.createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, read.body);
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', (error) => reject(listenFailure(error, host, wantedPort)));
    http.listen(wantedPort, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the loopback server received, body already read. */
export interface RecordedRequest {
  method: string;
  /** Path plus query, e.g. '/v1/embeddings'. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type LoopbackHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface LoopbackServer {
  /** e.g. 'http://127.0.0.1:49152' (no trailing slash). */
  baseURL: string;
  /** Every request received so far, in arrival order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 with an OS-chosen port, so provider tests
 * speak real HTTP without touching any other address.
 *
 * @example
 * const server = await startLoopbackServer((request, response) => {
 *   response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
 * });
 * await fetch(`${server.baseURL}/anything`, { method: 'POST', body: '{}' });
 * await server.close();
 */
export async function startLoopbackServer(handler: LoopbackHandler): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      Promise.resolve(handler(request, response)).catch((error: unknown) => {
        // A broken handler must show up as a failed request, not a hung test.
        if (!response.headersSent) response.writeHead(599, { 'content-type': 'text/plain' });
        response.end(`loopback handler failed: ${String(error)}`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Delayed responses (timeout tests) would otherwise keep close() waiting.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Writes a JSON answer; the one place test servers set status and content type. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * Failure behaviours both protocol servers can be scripted with, applied to
 * the next request in order. Protocol-specific answers extend this union.
 */
export type CommonScriptStep =
  /** Answer with this HTTP status and an error body. */
  | { type: 'status'; status: number; retryAfter?: string; body?: string }
  /** Wait this long, then answer normally (forces client timeouts). */
  | { type: 'delay'; ms: number }
  /** Answer 200 with a body that is not JSON. */
  | { type: 'malformed-json' }
  /** Answer with any JSON body, for answers of the wrong shape. */
  | { type: 'json'; status: number; body: unknown };

const COMMON_STEP_TYPES: ReadonlySet<string> = new Set(['status', 'delay', 'malformed-json', 'json']);

/** Narrows a protocol server's step to the shared failure behaviours. */
export function isCommonStep(step: { type: string }): step is CommonScriptStep {
  return COMMON_STEP_TYPES.has(step.type);
}

/** Parses a request body as a JSON object, or undefined if it is not one. */
export function parseJsonBody(request: RecordedRequest): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(request.body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Applies a common step. Returns true when the response was fully written, false
 * when the caller should go on and answer normally (after a delay).
 */
export async function applyCommonStep(step: CommonScriptStep, response: ServerResponse): Promise<boolean> {
  switch (step.type) {
    case 'status': {
      const headers: Record<string, string> = step.retryAfter === undefined ? {} : { 'retry-after': step.retryAfter };
      response.writeHead(step.status, { 'content-type': 'application/json', ...headers });
      response.end(step.body ?? JSON.stringify({ error: { message: `scripted ${step.status}`, type: 'scripted_error' } }));
      return true;
    }
    case 'delay':
      await new Promise((resolve) => setTimeout(resolve, step.ms));
      return response.destroyed;
    case 'malformed-json':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"this is": not json');
      return true;
    case 'json':
      sendJson(response, step.status, step.body);
      return true;
  }
}

/** A protocol server whose next answers can be scripted. */
export interface ScriptedServer<Step> extends LoopbackServer {
  /** The base URL clients use, with the `/v1` prefix. */
  apiBaseURL: string;
  /** Queues behaviours for the next requests, one step per request. */
  script(...steps: Step[]): void;
  /** Request bodies parsed as JSON, for asserting what the client sent. */
  bodies(): Record<string, unknown>[];
}

/**
 * The queue shared by the protocol servers: `refuse` may answer first without
 * using a step (a bad key is refused whatever was scripted), common steps are
 * played here, and `answer` gets the protocol-specific step or undefined.
 */
export async function startScriptedServer<Step extends { type: string }>(handlers: {
  refuse?: (request: RecordedRequest, response: ServerResponse) => boolean;
  answer: (request: RecordedRequest, response: ServerResponse, step: Exclude<Step, CommonScriptStep> | undefined) => void | Promise<void>;
}): Promise<ScriptedServer<Step | CommonScriptStep>> {
  const steps: (Step | CommonScriptStep)[] = [];
  const server = await startLoopbackServer(async (request, response) => {
    if (handlers.refuse?.(request, response)) return;
    const step = steps.shift();
    if (step !== undefined && isCommonStep(step)) {
      if (await applyCommonStep(step, response)) return;
      return handlers.answer(request, response, undefined);
    }
    return handlers.answer(request, response, step as Exclude<Step, CommonScriptStep> | undefined);
  });
  return {
    ...server,
    apiBaseURL: `${server.baseURL}/v1`,
    script: (...more) => void steps.push(...more),
    bodies: () => server.requests.map((request) => parseJsonBody(request) ?? {}),
  };
}

/** A crude token count, deterministic so tests can assert the usage a server reports. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HippocampusError, ProviderError } from '../../errors/index.ts';
import { sendJson, startLoopbackServer, type LoopbackServer, type RecordedRequest } from '../../testing/loopback-server.ts';
import { parseRetryAfter, postJsonWithRetry, retryDelayMs } from './fetch-with-retry.ts';

type Reply = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that plays the given replies in order, then answers 200 {ok:true}. */
async function serve(...replies: Reply[]): Promise<LoopbackServer> {
  let index = 0;
  server = await startLoopbackServer(async (request, response) => {
    const reply = replies[index];
    index += 1;
    if (reply) return reply(request, response);
    sendJson(response, 200, { ok: true, echo: request.body });
  });
  return server;
}

const status = (code: number, headers: Record<string, string> = {}, body = '{"error":"nope"}'): Reply => (_request, response) => {
  response.writeHead(code, { 'content-type': 'application/json', ...headers }).end(body);
};

const slow = (ms: number): Reply => async (_request, response) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  if (!response.destroyed) sendJson(response, 200, { late: true });
};

const fast = { initialDelayMs: 1, maxDelayMs: 5, provider: 'test' } as const;

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(HippocampusError.isInstance(error)).toBe(true);
    return error as ProviderError;
  }
  throw new Error('expected a rejection');
}

describe('postJsonWithRetry', () => {
  it('posts JSON with the given headers and returns the parsed answer', async () => {
    const { baseURL, requests } = await serve();
    const result = await postJsonWithRetry({ ...fast, url: `${baseURL}/v1/x`, body: { a: 1 }, headers: { 'x-custom': 'yes' } });
    expect(result).toEqual({ value: { ok: true, echo: '{"a":1}' }, status: 200, attempts: 1 });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.path).toBe('/v1/x');
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.headers['x-custom']).toBe('yes');
  });

  it('retries a 429 and then succeeds', async () => {
    const { baseURL, requests } = await serve(status(429), status(429));
    const result = await postJsonWithRetry({ ...fast, url: baseURL, body: {}, maxRetries: 2 });
    expect(result.attempts).toBe(3);
    expect(requests).toHaveLength(3);
  });

  it('gives up after maxRetries 500s with a typed, retryable error carrying the status', async () => {
    const { baseURL, requests } = await serve(status(500), status(500), status(500), status(500));
    const error = await caught(postJsonWithRetry({ ...fast, url: baseURL, body: {}, maxRetries: 2 }));
    expect(error.code).toBe('PROVIDER_HTTP_ERROR');
    expect(error.status).toBe(500);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('gave up after 3 attempts');
    expect(requests).toHaveLength(3);
  });

  it('does not retry a 400 and quotes a short excerpt of the body', async () => {
    const longBody = JSON.stringify({ error: { message: 'model not loaded', padding: 'x'.repeat(2000) } });
    const { baseURL, requests } = await serve(status(400, {}, longBody));
    const error = await caught(postJsonWithRetry({ ...fast, url: baseURL, body: {}, maxRetries: 5 }));
    expect(error.code).toBe('PROVIDER_HTTP_ERROR');
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('model not loaded');
    expect(error.message.length).toBeLessThan(500);
    expect(requests).toHaveLength(1);
  });

  it('never puts the API key in an error message, even when the server echoes it', async () => {
    const echo: Reply = (request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `bad key ${request.headers.authorization}` }));
    };
    const { baseURL } = await serve(echo);
    const error = await caught(
      postJsonWithRetry({ ...fast, url: `${baseURL}/v1?key=sk-secret-123`, body: {}, headers: { Authorization: 'Bearer sk-secret-123' } }),
    );
    expect(error.status).toBe(401);
    expect(error.message).toContain('[redacted]');
    expect(error.message).not.toContain('sk-secret-123');
    expect(JSON.stringify(error.toJSON())).not.toContain('sk-secret-123');
  });

  it('honours Retry-After from the server', async () => {
    const { baseURL } = await serve(status(429, { 'retry-after': '0.3' }));
    const started = performance.now();
    await postJsonWithRetry({ ...fast, url: baseURL, body: {}, maxRetries: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('caps a huge Retry-After', async () => {
    const { baseURL } = await serve(status(503, { 'retry-after': '3600' }));
    const started = performance.now();
    await postJsonWithRetry({ ...fast, url: baseURL, body: {}, maxRetries: 1, maxRetryAfterMs: 20 });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('turns a slow server into PROVIDER_TIMEOUT', async () => {
    const { baseURL } = await serve(slow(1000));
    const started = performance.now();
    const error = await caught(postJsonWithRetry({ ...fast, url: baseURL, body: {}, timeoutMs: 100, maxRetries: 0 }));
    expect(error.code).toBe('PROVIDER_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('retries after a timeout and returns the next good answer', async () => {
    const { baseURL } = await serve(slow(500));
    const result = await postJsonWithRetry({ ...fast, url: baseURL, body: {}, timeoutMs: 100, maxRetries: 1 });
    expect(result.value).toMatchObject({ ok: true });
    expect(result.attempts).toBe(2);
  });

  it('reports a body that is not JSON as PROVIDER_RESPONSE_INVALID without retrying', async () => {
    const { baseURL, requests } = await serve(status(200, {}, '<html>gateway</html>'));
    const error = await caught(postJsonWithRetry({ ...fast, url: baseURL, body: {}, maxRetries: 3 }));
    expect(error.code).toBe('PROVIDER_RESPONSE_INVALID');
    expect(error.message).toContain('<html>gateway</html>');
    expect(requests).toHaveLength(1);
  });

  it('retries network failures and reports them typed when they persist', async () => {
    // Start and stop a server to get a loopback port nothing listens on.
    const closed = await startLoopbackServer(() => undefined);
    await closed.close();
    const error = await caught(postJsonWithRetry({ ...fast, url: closed.baseURL, body: {}, maxRetries: 2 }));
    expect(error.code).toBe('PROVIDER_HTTP_ERROR');
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('gave up after 3 attempts');
  });

  it('uses the injected fetch', async () => {
    const calls: string[] = [];
    const { baseURL } = await serve();
    const fetchSpy: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    await postJsonWithRetry({ ...fast, url: `${baseURL}/y`, body: {}, fetch: fetchSpy });
    expect(calls).toEqual([`${baseURL}/y`]);
  });

  it('rethrows the caller abort as-is instead of retrying', async () => {
    const { baseURL, requests } = await serve(status(500), status(500), status(500));
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    const promise = postJsonWithRetry({ ...fast, initialDelayMs: 200, maxDelayMs: 200, url: baseURL, body: {}, maxRetries: 5, abortSignal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(promise).rejects.toBe(reason);
    expect(requests.length).toBeLessThanOrEqual(2);
  });
});

describe('retry timing', () => {
  it('grows exponentially with jitter between half and all of the step, capped', () => {
    const options = { initialDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(0, undefined, { ...options, random: () => 0 })).toBe(50);
    expect(retryDelayMs(0, undefined, { ...options, random: () => 1 })).toBe(100);
    expect(retryDelayMs(2, undefined, { ...options, random: () => 1 })).toBe(400);
    expect(retryDelayMs(10, undefined, { ...options, random: () => 1 })).toBe(1000);
  });

  it('prefers Retry-After but caps it', () => {
    expect(retryDelayMs(0, 2000, { maxRetryAfterMs: 5000 })).toBe(2000);
    expect(retryDelayMs(0, 60_000, { maxRetryAfterMs: 5000 })).toBe(5000);
  });

  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }))).toBe(2000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });
});

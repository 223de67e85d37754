import { ProviderError } from '../../errors/index.ts';

export type FetchFunction = typeof globalThis.fetch;

export interface PostJsonOptions {
  /** Names the provider in error messages, e.g. 'openai-compatible'. */
  provider: string;
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  /** Injected so tests (and proxies) can swap the transport. Defaults to the global fetch. */
  fetch?: FetchFunction;
  /** Per attempt, including reading the body. Default 60 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff step; doubles each retry. Default 500 ms. */
  initialDelayMs?: number;
  /** Ceiling of one backoff step before jitter. Default 8 000 ms. */
  maxDelayMs?: number;
  /** The most a server's Retry-After can make us wait. Default 30 000 ms. */
  maxRetryAfterMs?: number;
  abortSignal?: AbortSignal;
  /** Source of jitter; injectable so delays are deterministic in tests. */
  random?: () => number;
}

export interface PostJsonResult {
  value: unknown;
  status: number;
  attempts: number;
}

const DEFAULTS = { timeoutMs: 60_000, maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };
const EXCERPT_LENGTH = 300;
const SECRET_HEADERS = new Set(['authorization', 'x-api-key', 'api-key']);

/**
 * POSTs JSON and returns the parsed JSON answer. Retries 408, 429, 5xx, network
 * failures and per-attempt timeouts with exponential backoff plus jitter,
 * honouring (but capping) Retry-After. Other 4xx fail at once, because resending
 * the same request cannot fix it.
 *
 * Errors are ProviderErrors: PROVIDER_HTTP_ERROR (with `status` and a short,
 * secret-free body excerpt), PROVIDER_TIMEOUT, PROVIDER_RESPONSE_INVALID.
 * A caller's own abort is not a provider failure and is rethrown as-is.
 *
 * @example
 * const { value } = await postJsonWithRetry({
 *   provider: 'openai-compatible',
 *   url: 'http://127.0.0.1:11434/v1/embeddings',
 *   body: { model: 'nomic-embed-text', input: ['hello'] },
 *   maxRetries: 3,
 * });
 */
export async function postJsonWithRetry(options: PostJsonOptions): Promise<PostJsonResult> {
  const maxRetries = options.maxRetries ?? DEFAULTS.maxRetries;
  const secrets = secretValues(options.headers ?? {});
  const payload = JSON.stringify(options.body);
  for (let attempt = 0; ; attempt += 1) {
    options.abortSignal?.throwIfAborted();
    const outcome = await attemptOnce(options, payload, secrets);
    if (outcome.kind === 'ok') return { value: outcome.value, status: outcome.status, attempts: attempt + 1 };
    const { retryAfterMs, kind: _kind, ...failure } = outcome;
    if (!failure.retryable || attempt >= maxRetries) {
      const gaveUp = attempt === 0 ? '' : ` (gave up after ${attempt + 1} attempts)`;
      throw new ProviderError({ ...failure, provider: options.provider, message: `${failure.message}${gaveUp}` });
    }
    await sleep(retryDelayMs(attempt, retryAfterMs, options), options.abortSignal);
  }
}

type AttemptOutcome =
  | { kind: 'ok'; value: unknown; status: number }
  | {
      kind: 'failed';
      code: 'PROVIDER_HTTP_ERROR' | 'PROVIDER_TIMEOUT' | 'PROVIDER_RESPONSE_INVALID';
      message: string;
      retryable: boolean;
      status?: number;
      cause?: unknown;
      retryAfterMs?: number;
    };

async function attemptOnce(options: PostJsonOptions, payload: string, secrets: string[]): Promise<AttemptOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const controller = new AbortController();
  const timeoutReason = new Error('timeout');
  const timer = setTimeout(() => controller.abort(timeoutReason), timeoutMs);
  const onCallerAbort = () => controller.abort(options.abortSignal?.reason);
  options.abortSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const fetchFunction = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetchFunction(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: payload,
      signal: controller.signal,
    });
    // The body is read under the same timer: a server that stalls mid-body is a timeout too.
    const text = await response.text();
    if (!response.ok) return httpFailure(response, text, secrets, options.url);
    try {
      return { kind: 'ok', value: JSON.parse(text) as unknown, status: response.status };
    } catch (cause) {
      return {
        kind: 'failed',
        code: 'PROVIDER_RESPONSE_INVALID',
        message: `${safeUrl(options.url)} answered ${response.status} with a body that is not JSON: ${excerpt(text, secrets)}`,
        status: response.status,
        retryable: false,
        cause,
      };
    }
  } catch (cause) {
    if (options.abortSignal?.aborted) throw options.abortSignal.reason;
    if (controller.signal.aborted && controller.signal.reason === timeoutReason) {
      // Retried like a network failure: a slow moment on the server is usually transient.
      const message = `no complete answer from ${safeUrl(options.url)} within ${timeoutMs} ms`;
      return { kind: 'failed', code: 'PROVIDER_TIMEOUT', message, retryable: true, cause };
    }
    const message = `request to ${safeUrl(options.url)} failed: ${describeCause(cause)}`;
    return { kind: 'failed', code: 'PROVIDER_HTTP_ERROR', message, retryable: true, cause };
  } finally {
    clearTimeout(timer);
    options.abortSignal?.removeEventListener('abort', onCallerAbort);
  }
}

function httpFailure(response: Response, text: string, secrets: string[], url: string): AttemptOutcome {
  const retryable = isRetryableStatus(response.status);
  return {
    kind: 'failed',
    code: 'PROVIDER_HTTP_ERROR',
    status: response.status,
    retryable,
    message: `${safeUrl(url)} answered HTTP ${response.status}: ${excerpt(text, secrets)}`,
    ...(retryable ? { retryAfterMs: parseRetryAfter(response.headers) } : {}),
  };
}

/** 408 and 429 ask us to come back later; 5xx are server-side and often transient. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Milliseconds a server asked us to wait, from `retry-after-ms` (OpenAI) or
 * `retry-after` (seconds or an HTTP date). Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Exponential backoff with jitter in [half, full] of the step, so a crowd of
 * clients does not retry in lock-step; a server's Retry-After wins, capped so a
 * hostile or confused server cannot park us for an hour.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  options: Pick<PostJsonOptions, 'initialDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs' | 'random'> = {},
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs);
  const step = Math.min(options.maxDelayMs ?? DEFAULTS.maxDelayMs, (options.initialDelayMs ?? DEFAULTS.initialDelayMs) * 2 ** attempt);
  const random = options.random ?? Math.random;
  return step / 2 + (random() * step) / 2;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Values of credential headers, plus the bare token of "Bearer <token>". */
function secretValues(headers: Record<string, string>): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADERS.has(name.toLowerCase()) || value === '') continue;
    secrets.push(value);
    const token = value.replace(/^Bearer\s+/i, '');
    if (token !== value && token !== '') secrets.push(token);
  }
  return secrets;
}

/** A short, single-line piece of a body, with any credential we sent blanked out (servers do echo them). */
function excerpt(text: string, secrets: string[]): string {
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join('[redacted]');
  clean = clean.replace(/\s+/g, ' ').trim();
  if (clean === '') return '(empty body)';
  return clean.length > EXCERPT_LENGTH ? `${clean.slice(0, EXCERPT_LENGTH)}…` : clean;
}

/** URLs can carry keys in the query (?key=...); show only origin and path. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
  return `${cause.message}${inner}`;
}

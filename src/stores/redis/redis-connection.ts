import { Redis } from 'ioredis';
import { withDeadline } from '../../core/deadline.ts';
import { HippocampusError, StoreError, WorkingMemoryUnavailableError } from '../../errors/index.ts';

export interface RedisConnectionOptions {
  /** An ioredis client (left open on close) or a redis:// URL (the store owns that client). */
  redis: Redis | string;
  /** Longest a call may wait for the server (connect, each command, reconnect). Default 1000 ms. */
  timeoutMs?: number;
}

/** A Redis client wrapped so every call either answers or fails typed within a deadline. */
export interface RedisConnection {
  readonly client: Redis;
  /** Runs `work` once the client is ready; connection trouble becomes WorkingMemoryUnavailableError. */
  run<T>(operation: string, work: (client: Redis) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 1000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens (lazily) or adopts an ioredis client. Owned clients never queue
 * commands while disconnected and retry a command at most once, so a dead
 * server is reported in about `timeoutMs`, not after minutes of retries.
 */
export function openRedisConnection(options: RedisConnectionOptions): RedisConnection {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const owned = typeof options.redis === 'string';
  const client =
    typeof options.redis === 'string'
      ? new Redis(options.redis, {
          lazyConnect: true,
          connectTimeout: timeoutMs,
          commandTimeout: timeoutMs,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          // Keep reconnecting in the background so the store recovers when Redis comes back.
          retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
        })
      : options.redis;
  let lastError: unknown;
  let closed = false;
  // An owned client's connection errors are reported through `run`; without a
  // listener ioredis would print "Unhandled error event" for each reconnect.
  if (owned) client.on('error', (error: unknown) => (lastError = error));

  function unavailable(operation: string, message: string, cause?: unknown): WorkingMemoryUnavailableError {
    return new WorkingMemoryUnavailableError({ operation, message, cause });
  }

  async function ready(operation: string): Promise<void> {
    if (closed) throw unavailable(operation, 'the store was closed');
    if (client.status === 'ready') return;
    if (client.status === 'wait' || client.status === 'end') client.connect().catch((error: unknown) => (lastError = error));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off('ready', onReady);
        const reason = lastError === undefined ? `no connection within ${timeoutMs} ms` : describe(lastError);
        reject(unavailable(operation, `Redis is not reachable (${reason})`, lastError));
      }, timeoutMs);
      function onReady(): void {
        clearTimeout(timer);
        resolve();
      }
      client.once('ready', onReady);
    });
  }

  // A caller-supplied client may queue commands forever; the deadline still holds.
  const answered = <T>(operation: string, promise: Promise<T>): Promise<T> => withDeadline(promise, timeoutMs, () => unavailable(operation, `Redis did not answer within ${timeoutMs} ms`));

  function classify(operation: string, error: unknown): HippocampusError {
    if (HippocampusError.isInstance(error)) return error;
    // A reply error means Redis answered and refused: a store problem, not an outage.
    if (error instanceof Error && error.name === 'ReplyError') {
      return new StoreError({ message: `Redis refused ${operation}: ${error.message}`, query: operation, cause: error });
    }
    return unavailable(operation, describe(error), error);
  }

  return {
    client,
    async run(operation, work) {
      try {
        await ready(operation);
        return await answered(operation, work(client));
      } catch (error) {
        throw classify(operation, error);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!owned) return;
      // QUIT waits for a server that may be gone; disconnect() cannot hang.
      if (client.status === 'ready') await answered('close', client.quit()).catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { checkListenPort, listenFailure, requireTokenOffLoopback, resolveServerToken } from '../config/server-options.ts';
import { makeDirectory } from '../config/make-directory.ts';
import { createHttpApp, type HttpAppOptions } from './create-http-app.ts';

export interface ServeOptions extends Omit<HttpAppOptions, 'token'> {
  /** Default 127.0.0.1; any other host needs a token. */
  host?: string;
  /** Default 7077; 0 picks a free port. */
  port?: number;
  /** Bearer token; else read from `tokenFile`, `HIPPOCAMPUS_TOKEN` or `HIPPOCAMPUS_TOKEN_FILE`. */
  token?: string;
  /** A file whose first line is the bearer token (keeps it off the command line). */
  tokenFile?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  host: string;
  /** Stops accepting connections, then stops every engine. */
  close(): Promise<void>;
}

/**
 * Starts the HTTP API and dashboard on Node.
 *
 * @example
 * const server = await startServer({ home: './.hippocampus', port: 0, embedder: null });
 * console.log(server.url); // http://127.0.0.1:43121
 * await server.close();
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = resolveServerToken(options.token, options.tokenFile);
  requireTokenOffLoopback(host, token);
  const wantedPort = checkListenPort(options.port ?? 7077);
  // A home that cannot be made is refused now, not at the first write (where it was an answer to a client).
  makeDirectory(options.home);
  const { app, close } = createHttpApp({ ...options, boundHost: host, ...(token === undefined ? {} : { token }) });
  let server: ReturnType<typeof serve>;
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, hostname: host, port: wantedPort }, () => resolve(started));
      started.once('error', reject);
    });
  } catch (error) {
    // Nothing listens: the engines and the consolidation timer the app started must not outlive the refusal.
    await close();
    throw listenFailure(error, host, wantedPort);
  }
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    host,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { StoreError } from '../errors/index.ts';

export interface RedisServerHandle {
  url: string;
  port: number;
  /** The server's process id (tests kill it to simulate an outage). */
  pid: number;
  /** Stops the server (SIGTERM, then SIGKILL); safe to call twice or after a kill. */
  stop(): Promise<void>;
}

export interface StartRedisServerOptions {
  /** Default /usr/bin/redis-server (Debian's redis-server package). */
  binary?: string;
  /** How long to wait for the first PONG. Default 5000 ms. */
  startTimeoutMs?: number;
}

const HOST = '127.0.0.1';

/** Binds port 0 to let the kernel pick a free loopback port, then releases it. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new StoreError({ message: 'could not find a free loopback port' }))));
    });
  });
}

// A raw RESP PING keeps this helper free of ioredis.
async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    const done = (answer: boolean): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts a throwaway redis-server on a random loopback port with no
 * persistence, for tests and benchmarks. Listens on 127.0.0.1 only.
 *
 * @example
 * const redis = await startRedisServer();
 * const workingMemory = createRedisWorkingMemory({ redis: redis.url });
 * // ...
 * await workingMemory.close();
 * await redis.stop();
 */
export async function startRedisServer(options: StartRedisServerOptions = {}): Promise<RedisServerHandle> {
  const binary = options.binary ?? '/usr/bin/redis-server';
  const startTimeoutMs = options.startTimeoutMs ?? 5000;
  const port = await findFreePort();
  const child = spawn(binary, ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const spawnFailure = new Promise<Error>((resolve) => child.once('error', resolve));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await gone;
    clearTimeout(timer);
  };

  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const failure = await Promise.race([spawnFailure, new Promise<undefined>((resolve) => setTimeout(resolve, 25))]);
    if (failure) throw new StoreError({ message: `Could not start ${binary}: ${failure.message} (install it with: apt-get install -y redis-server)` });
    if (child.exitCode !== null) throw new StoreError({ message: `${binary} exited with code ${child.exitCode} on port ${port}: ${stderr.trim()}` });
    if (await answersPing(port)) return { url: `redis://${HOST}:${port}`, port, pid: child.pid ?? -1, stop };
  }
  await stop();
  throw new StoreError({ message: `${binary} did not answer PING on port ${port} within ${startTimeoutMs} ms: ${stderr.trim()}` });
}

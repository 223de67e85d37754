import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoreError } from '../errors/index.ts';
import { findFreePort } from './redis-server.ts';

export interface PostgresServerHandle {
  /** `postgres://…@127.0.0.1:PORT/hippocampus`: a fresh database, trust authentication on loopback. */
  url: string;
  port: number;
  /** What answers: 'postgresql-15' (Debian's server) or 'pglite+pgvector' (PGlite over the wire protocol). */
  kind: 'postgresql' | 'pglite';
  /** Debian's server: its data directory (tests read its files); null for PGlite (in memory). */
  dataDirectory: string | null;
  /** Stops the server and removes its data directory; safe to call twice. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const DEBIAN_BINARIES = '/usr/lib/postgresql';

/** Debian's newest installed server binaries (e.g. /usr/lib/postgresql/15/bin), or null. */
export function postgresBinaries(): string | null {
  if (!fs.existsSync(DEBIAN_BINARIES)) return null;
  const versions = fs.readdirSync(DEBIAN_BINARIES).filter((name) => fs.existsSync(path.join(DEBIAN_BINARIES, name, 'bin', 'initdb'))).sort((left, right) => Number(right) - Number(left));
  return versions[0] === undefined ? null : path.join(DEBIAN_BINARIES, versions[0], 'bin');
}

/**
 * Whether pgvector is installed into that PostgreSQL (Debian 12 packages none: scripts/setup-system.sh
 * builds it from Debian 13's source package), so a test server can `CREATE EXTENSION vector`.
 */
export function pgvectorInstalled(): boolean {
  const binaries = postgresBinaries();
  return binaries !== null && fs.existsSync(path.join('/usr/share/postgresql', path.basename(path.dirname(binaries)), 'extension', 'vector.control'));
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function answers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A Debian PostgreSQL that a test can also take down and bring back on the same port and data. */
export interface RestartablePostgresServerHandle extends PostgresServerHandle {
  /** Fast shutdown (sessions ended, nothing listening when it returns), the data kept. */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port and data; resolves once it answers. */
  resume(): Promise<void>;
  /** Creates another empty database on this server (e.g. one whose vectors take the other path); its URL. */
  createDatabase(name: string): Promise<string>;
  /** What the server wrote to its log (stderr) so far: with `log_statement = 'all'` set, every statement it ran. */
  log(): string;
}

/**
 * Starts a throwaway PostgreSQL from Debian's `postgresql` package: `initdb` into a temp directory and
 * `postgres` on a random 127.0.0.1 port, run as the `postgres` system user when this process is root
 * (initdb refuses root), no fsync (a test server), torn down by `stop()`.
 *
 * @example
 * const server = await startPostgresServer();
 * const backend = await createPostgresBackend({ connectionString: server.url });
 */
export async function startPostgresServer(options: { startTimeoutMs?: number } = {}): Promise<RestartablePostgresServerHandle> {
  const binaries = postgresBinaries();
  if (binaries === null) throw new StoreError({ message: 'PostgreSQL server binaries not found under /usr/lib/postgresql (install them with: apt-get install -y postgresql)' });
  const root = process.getuid?.() === 0;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-postgres-'));
  const data = path.join(directory, 'data');
  const asServerUser = (binary: string, args: string[]) => (root ? { command: 'runuser', args: ['-u', 'postgres', '--', path.join(binaries, binary), ...args] } : { command: path.join(binaries, binary), args });
  if (root) execFileSync('chown', ['postgres:postgres', directory]);
  const init = asServerUser('initdb', ['-D', data, '-U', 'hippocampus', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  execFileSync(init.command, init.args, { stdio: 'pipe' });
  const port = await findFreePort();
  const launch = () => {
    const start = asServerUser('postgres', ['-D', data, '-p', String(port), '-c', `listen_addresses=${HOST}`, '-c', `unix_socket_directories=${directory}`, '-c', 'fsync=off', '-c', 'max_connections=200']);
    const launched = spawn(start.command, start.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    launched.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return launched;
  };
  let stderr = '';
  let child = launch();
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = exited(child);
    // Fast shutdown (sessions ended, the server gone when it returns) by pg_ctl, as the server's user: a signal
    // to `runuser` reached the server as SIGTERM (smart shutdown: open sessions kept answering) and
    // stop() returned while a pooled connection still ran queries.
    const pgCtl = asServerUser('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '10']);
    try {
      execFileSync(pgCtl.command, pgCtl.args, { stdio: 'pipe' });
    } catch {
      child.kill('SIGINT');
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  };
  const stop = async () => {
    await halt();
    fs.rmSync(directory, { recursive: true, force: true });
  };
  const adminUrl = `postgres://hippocampus@${HOST}:${port}/postgres`;
  const answering = async () => {
    const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        await stop();
        throw new StoreError({ message: `postgres exited with code ${child.exitCode} on port ${port}: ${stderr.trim()}` });
      }
      if (await answers(adminUrl)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop();
    throw new StoreError({ message: `postgres did not answer on port ${port}: ${stderr.trim()}` });
  };
  await answering();
  const { default: pg } = await import('pg');
  const createDatabase = async (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new StoreError({ message: `not a plain database name: ${name}` });
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return `postgres://hippocampus@${HOST}:${port}/${name}`;
  };
  const url = await createDatabase('hippocampus');
  return {
    url,
    port,
    kind: 'postgresql',
    dataDirectory: data,
    stop,
    pause: halt,
    createDatabase,
    log: () => stderr,
    async resume() {
      if (child.exitCode === null && child.signalCode === null) return;
      child = launch();
      await answering();
    },
  };
}

/**
 * PGlite (PostgreSQL compiled to WASM) with the pgvector extension, served to `pg` over the wire
 * protocol on a random 127.0.0.1 port: pgvector without building anything (Debian 12 packages none).
 * It answers one connection at a time, so clients use a pool of one.
 */
export async function startPgliteServer(): Promise<PostgresServerHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({ extensions: { vector } });
  const port = await findFreePort();
  const server = new PGLiteSocketServer({ db, host: HOST, port });
  // PGlite is one session behind every connection: what a closed client prepared stays prepared, and the
  // next client's driver, which knows nothing of it, is refused with 42P05 when it prepares the same name
  // (a pool's idle connection closed mid-ingest). Each new connection starts with none; the statement is
  // queued before the client's first message reaches PGlite (pglite-server.test.ts).
  server.addEventListener('connection', () => {
    void db.exec('DEALLOCATE ALL').catch(() => undefined);
  });
  await server.start();
  let stopped = false;
  return {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    port,
    kind: 'pglite',
    dataDirectory: null,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}

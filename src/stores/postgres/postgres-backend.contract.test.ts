import { afterAll, beforeAll } from 'vitest';
import { runBackendContract } from '../../testing/backend-contract.ts';
import { postgresBinaries, startPgliteServer, startPostgresServer, type PostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresBackend, type PostgresBackend } from './postgres-backend.ts';

// Debian's PostgreSQL 15 has no pgvector: the core path (sign bits + exact re-rank) runs there.
let core: PostgresServerHandle | undefined;
// pgvector is reachable only inside PGlite, served over the wire protocol: the pgvector SQL runs for real.
let pglite: PostgresServerHandle | undefined;
beforeAll(async () => {
  [core, pglite] = await Promise.all([postgresBinaries() === null ? undefined : startPostgresServer(), startPgliteServer()]);
}, 60_000);
let shared: Promise<PostgresBackend> | undefined;
afterAll(async () => {
  await (await shared)?.close();
  await core?.stop();
  await pglite?.stop();
});

runBackendContract({
  name: 'postgres 15 (core path)',
  ...(postgresBinaries() === null ? { skip: 'PostgreSQL server binaries are not installed (scripts/setup-system.sh installs them)' } : {}),
  create: () => createPostgresBackend({ connectionString: core!.url, vectors: 'core' }),
});
runBackendContract({
  name: 'postgres + pgvector (PGlite)',
  // PGlite answers one connection at a time: every check shares one backend with a pool of one.
  create: async () => ({ ...(await (shared ??= createPostgresBackend({ connectionString: pglite!.url, maxConnections: 1, vectors: 'pgvector' }))), close: async () => undefined }),
});

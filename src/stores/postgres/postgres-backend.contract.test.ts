import { afterAll, beforeAll } from 'vitest';
import { runBackendContract } from '../../testing/backend-contract.ts';
import { pgvectorInstalled, postgresBinaries, startPgliteServer, startPostgresServer, type PostgresServerHandle, type RestartablePostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresBackend, type PostgresBackend } from './postgres-backend.ts';

// Debian's PostgreSQL 15, two databases: one on the core path (sign bits + exact re-rank), one on pgvector
// (built into that server by scripts/setup-system.sh from Debian 13's source package).
let core: RestartablePostgresServerHandle | undefined;
let pgvectorUrl: string | undefined;
// pgvector inside PGlite, served over the wire protocol: the same SQL on another build (one connection).
let pglite: PostgresServerHandle | undefined;
beforeAll(async () => {
  [core, pglite] = await Promise.all([postgresBinaries() === null ? undefined : startPostgresServer(), startPgliteServer()]);
  if (core !== undefined && pgvectorInstalled()) pgvectorUrl = await core.createDatabase('hippocampus_pgvector');
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
  name: 'postgres 15 + pgvector',
  ...(!pgvectorInstalled() ? { skip: 'pgvector is not installed into PostgreSQL (scripts/setup-system.sh builds it)' } : {}),
  create: () => createPostgresBackend({ connectionString: pgvectorUrl!, vectors: 'pgvector' }),
});
runBackendContract({
  name: 'postgres + pgvector (PGlite)',
  // PGlite answers one connection at a time: every check shares one backend with a pool of one.
  create: async () => ({ ...(await (shared ??= createPostgresBackend({ connectionString: pglite!.url, maxConnections: 1, vectors: 'pgvector' }))), close: async () => undefined }),
  skipChecks: {
    // A second reader needs a second connection; the servers above run this check.
    'a reader on another connection sees a write made inside atomically only whole, once committed; a conflict in the middle leaves nothing':
      'PGlite answers one connection at a time: a reader beside the open transaction would wait for its commit',
  },
});

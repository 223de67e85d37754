import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocomoBenchmark, type LocomoReport } from '../../evaluation/locomo-benchmark.ts';
import { pgvectorInstalled, postgresBinaries, startPgliteServer, startPostgresServer, type PostgresServerHandle, type RestartablePostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresBackend } from './postgres-backend.ts';

// The LoCoMo conversations live outside the project (never copied into it): LOCOMO_DATA, or ../shared/data/locomo.
const data = process.env.LOCOMO_DATA ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data/locomo');
const available = fs.existsSync(path.join(data, '26.json'));
// One conversation keeps the test near a minute; `bench locomo --store` runs all five (docs/postgres.md).
const only = ['26'];

let core: RestartablePostgresServerHandle | undefined;
let pglite: PostgresServerHandle | undefined;
let sqlite: LocomoReport;
beforeAll(async () => {
  if (!available) return;
  sqlite = await runLocomoBenchmark({ dataDirectory: data, only });
  [core, pglite] = await Promise.all([postgresBinaries() === null ? undefined : startPostgresServer(), startPgliteServer()]);
}, 180_000);
afterAll(async () => {
  await core?.stop();
  await pglite?.stop();
});

const close = (report: LocomoReport) => {
  for (const k of ['5', '10'] as const) {
    expect(Math.abs(report.recall[k]! - sqlite.recall[k]!), `R@${k}: ${report.recall[k]} against SQLite's ${sqlite.recall[k]}`).toBeLessThanOrEqual(0.02);
  }
};

describe.skipIf(!available)(`LoCoMo recall on PostgreSQL equals SQLite's within 0.02 (skipped: no LoCoMo data at ${data}; set LOCOMO_DATA)`, () => {
  it.skipIf(postgresBinaries() === null)('on PostgreSQL 15 (core vector path, tsvector BM25 with the neighbour field)', async () => {
    const backend = await createPostgresBackend({ connectionString: core!.url, vectors: 'core' });
    try {
      close(await runLocomoBenchmark({ dataDirectory: data, only, engine: { backend } }));
    } finally {
      await backend.close();
    }
  }, 300_000);

  it.skipIf(!pgvectorInstalled())('on PostgreSQL 15 with pgvector (HNSW; skipped when scripts/setup-system.sh has not built pgvector)', async () => {
    const backend = await createPostgresBackend({ connectionString: await core!.createDatabase('hippocampus_pgvector'), vectors: 'pgvector' });
    try {
      close(await runLocomoBenchmark({ dataDirectory: data, only, engine: { backend } }));
    } finally {
      await backend.close();
    }
  }, 300_000);

  it('on PostgreSQL with pgvector (PGlite)', async () => {
    const backend = await createPostgresBackend({ connectionString: pglite!.url, maxConnections: 1, vectors: 'pgvector' });
    try {
      close(await runLocomoBenchmark({ dataDirectory: data, only, engine: { backend } }));
    } finally {
      await backend.close();
    }
  }, 300_000);
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocomoBenchmark, type LocomoReport } from '../../evaluation/locomo-benchmark.ts';
import { postgresBinaries, startPgliteServer, startPostgresServer, type PostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresBackend } from './postgres-backend.ts';

// The LoCoMo conversations live outside the project (never copied into it): LOCOMO_DATA, or ../shared/data/locomo.
const data = process.env.LOCOMO_DATA ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data/locomo');
const available = fs.existsSync(path.join(data, '26.json'));
// One conversation keeps the test near a minute; `bench locomo --store` runs all five (docs/postgres.md).
const only = ['26'];

let core: PostgresServerHandle | undefined;
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

/**
 * How far below SQLite PostgreSQL may fall: PostgreSQL has no neighbour field yet (docs/postgres.md,
 * `KeywordIndex.neighbourField`), which SQLite's recall gains from. Measured on conversation 26: SQLite
 * R@5 0.654 with the field, 0.601 before it; PostgreSQL 0.601. Never above SQLite by more than 0.02.
 */
const WITHOUT_NEIGHBOUR_FIELD = 0.07;

const close = (report: LocomoReport, neighbourField: boolean) => {
  for (const k of ['5', '10'] as const) {
    const gap = report.recall[k]! - sqlite.recall[k]!;
    const message = `R@${k}: ${report.recall[k]} against SQLite's ${sqlite.recall[k]}`;
    expect(gap, message).toBeLessThanOrEqual(0.02);
    expect(gap, message).toBeGreaterThanOrEqual(neighbourField ? -0.02 : -WITHOUT_NEIGHBOUR_FIELD);
  }
};

describe.skipIf(!available)(`LoCoMo recall on PostgreSQL equals SQLite's within 0.02, less what the neighbour field adds where it lacks it (skipped: no LoCoMo data at ${data}; set LOCOMO_DATA)`, () => {
  it.skipIf(postgresBinaries() === null)('on PostgreSQL 15 (core vector path, tsvector BM25)', async () => {
    const backend = await createPostgresBackend({ connectionString: core!.url, vectors: 'core' });
    try {
      close(await runLocomoBenchmark({ dataDirectory: data, only, engine: { backend } }), backend.keywords.neighbourField);
    } finally {
      await backend.close();
    }
  }, 300_000);

  it('on PostgreSQL with pgvector (PGlite)', async () => {
    const backend = await createPostgresBackend({ connectionString: pglite!.url, maxConnections: 1, vectors: 'pgvector' });
    try {
      close(await runLocomoBenchmark({ dataDirectory: data, only, engine: { backend } }), backend.keywords.neighbourField);
    } finally {
      await backend.close();
    }
  }, 300_000);
});

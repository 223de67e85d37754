import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPgliteServer, type PostgresServerHandle } from './postgres-server.ts';

// PGlite is one session behind every connection its socket server accepts: a statement a closed client
// prepared stayed prepared, and the next client, whose driver knew nothing of it, was refused with 42P05
// "prepared statement already exists" (seen in the LoCoMo parity test when a pool's idle connection was
// closed during a slow ingest at load 11–17).

let server: PostgresServerHandle;
beforeAll(async () => {
  server = await startPgliteServer();
}, 60_000);
afterAll(() => server.stop());

it('a new client may prepare a statement of the same name a closed one prepared', async () => {
  for (const round of [1, 2]) {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const { rows } = await client.query({ name: 'hippocampus_same_name', text: 'SELECT $1::int + 1 AS n', values: [round] });
      expect(rows[0].n).toBe(round + 1);
    } finally {
      await client.end();
    }
  }
});

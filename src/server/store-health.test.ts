import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findFreePort } from '../testing/redis-server.ts';
import { postgresBinaries, startPostgresServer, type PostgresServerHandle } from '../testing/postgres-server.ts';
import { createHttpApp, type HttpApp } from './create-http-app.ts';

// /health behind a load balancer: ok while the store answers, 503 STORE_UNAVAILABLE once a real
// PostgreSQL is stopped under the running app (and every route that needs the store says the same).
describe.skipIf(postgresBinaries() === null)('/health on a PostgreSQL store', () => {
  let server: PostgresServerHandle;
  let http: HttpApp;
  let home: string;
  beforeAll(async () => {
    server = await startPostgresServer();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-health-'));
    http = createHttpApp({ home, store: server.url, embedder: null, consolidation: { every: 'never' } });
  }, 60_000);
  afterAll(async () => {
    await http.close().catch(() => undefined);
    await server.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  const search = (query: string) =>
    http.app.request('/agents/ada/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, recordAccess: false }) });

  test('ok while PostgreSQL answers, 503 STORE_UNAVAILABLE within the timeout once it is stopped', async () => {
    const healthy = await http.app.request('/health');
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: 'ok' });
    const remembered = await http.app.request('/agents/ada/memories', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'The billing service moved to PostgreSQL', type: 'decision' }) });
    expect(remembered.status).toBe(201);
    expect((await search('billing')).status).toBe(200);

    await server.stop();

    const started = performance.now();
    const down = await http.app.request('/health');
    const waitedMs = performance.now() - started;
    expect(down.status).toBe(503);
    const body = (await down.json()) as { status: string; error: { code: string; message: string } };
    expect(body.status).toBe('unavailable');
    expect(body.error.code).toBe('STORE_UNAVAILABLE');
    expect(body.error.message).not.toContain('SELECT');
    // A refused connection is answered at once, not after the 1 s timeout (a loose bound: the machine is shared).
    expect(waitedMs).toBeLessThan(5_000);
    // A search on the stopped store is the same typed 503, not an untyped 500.
    const failed = await search('billing');
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('STORE_UNAVAILABLE');
    // Asked again, it is still down (no cached "ok").
    expect((await http.app.request('/health')).status).toBe(503);
  }, 60_000);
});

test('/health on a PostgreSQL that never started: 503 at once, and asked again rather than remembered', async () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-health-'));
  const port = await findFreePort();
  const http = createHttpApp({ home, store: `postgres://hippocampus@127.0.0.1:${port}/hippocampus`, embedder: null, consolidation: { every: 'never' } });
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await http.app.request('/health');
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('STORE_UNAVAILABLE');
    }
  } finally {
    await http.close().catch(() => undefined);
    fs.rmSync(home, { recursive: true, force: true });
  }
});

describe('/health on SQLite files', () => {
  test('ok: there is no server to reach', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-health-'));
    const http = createHttpApp({ home, embedder: null, consolidation: { every: 'never' } });
    try {
      const response = await http.app.request('/health');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    } finally {
      await http.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

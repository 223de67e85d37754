import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findFreePort } from '../testing/redis-server.ts';
import { STORE_UNAVAILABLE_MESSAGE } from '../errors/public-message.ts';
import { postgresBinaries, startPostgresServer, type RestartablePostgresServerHandle } from '../testing/postgres-server.ts';
import { createHttpApp, type HttpApp } from './create-http-app.ts';

const json = { 'content-type': 'application/json' };
const write = (http: HttpApp, agent: string, content: string) => http.app.request(`/agents/${agent}/memories`, { method: 'POST', headers: json, body: JSON.stringify({ content, type: 'decision' }) });
const search = (http: HttpApp, agent: string, query: string) => http.app.request(`/agents/${agent}/search`, { method: 'POST', headers: json, body: JSON.stringify({ query, recordAccess: false }) });
const list = (http: HttpApp, agent: string) => http.app.request(`/agents/${agent}/memories`);

async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('STORE_UNAVAILABLE');
}

// /health behind a load balancer: ok while the store answers, 503 STORE_UNAVAILABLE once a real
// PostgreSQL is stopped under the running app (and every route that needs the store says the same).
describe.skipIf(postgresBinaries() === null)('/health on a PostgreSQL store', () => {
  let server: RestartablePostgresServerHandle;
  let http: HttpApp;
  let home: string;
  const logged: unknown[] = [];
  beforeAll(async () => {
    server = await startPostgresServer();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-health-'));
    http = createHttpApp({ home, store: server.url, embedder: null, consolidation: { every: 'never' }, logError: (error) => logged.push(error) });
  }, 60_000);
  afterAll(async () => {
    await http.close().catch(() => undefined);
    await server.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  test('ok while PostgreSQL answers, 503 STORE_UNAVAILABLE within the timeout once it is stopped, ok again once it is back', async () => {
    // The write opens the store first (its migrations, seconds on a loaded machine): the first /health
    // waits 1 s for that, and answered 503 while a full test run kept the machine at load 17.
    expect((await write(http, 'ada', 'The billing service moved to PostgreSQL')).status).toBe(201);
    const healthy = await http.app.request('/health');
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: 'ok' });
    expect((await search(http, 'ada', 'billing')).status).toBe(200);

    await server.pause();

    const started = performance.now();
    const down = await http.app.request('/health');
    const waitedMs = performance.now() - started;
    expect(down.status).toBe(503);
    const body = (await down.json()) as { status: string; error: { code: string; message: string } };
    expect(body.status).toBe('unavailable');
    expect(body.error.code).toBe('STORE_UNAVAILABLE');
    // No token guards /health: the body names no query and no database address, only the fixed words.
    expect(body.error.message).toBe(STORE_UNAVAILABLE_MESSAGE);
    expect(JSON.stringify(body)).not.toContain(String(server.port));
    // The operator's log keeps what the driver said.
    expect(logged.map(String).join('\n')).toContain(`ECONNREFUSED 127.0.0.1:${server.port}`);
    // A refused connection is answered at once, not after the 1 s timeout (a loose bound: the machine is shared).
    expect(waitedMs).toBeLessThan(5_000);
    // A search and a write on the stopped store are the same typed 503, not an untyped 500; the write
    // takes a connection of its own for its transaction (it answered 500 INTERNAL_ERROR).
    await expectUnavailable(await search(http, 'ada', 'billing'));
    const refused = await write(http, 'ada', 'The invoices moved too');
    expect(refused.status).toBe(503);
    const refusedBody = (await refused.json()) as { error: { code: string; message: string } };
    expect(refusedBody.error.code).toBe('STORE_UNAVAILABLE');
    expect(refusedBody.error.message).not.toContain(String(server.port));
    // Asked again, it is still down (no cached "ok").
    expect((await http.app.request('/health')).status).toBe(503);

    await server.resume();

    expect((await http.app.request('/health')).status).toBe(200);
    expect((await write(http, 'ada', 'The invoices moved too')).status).toBe(201);
    const found = (await (await search(http, 'ada', 'invoices')).json()) as { results: { memory: { content: string } }[] };
    expect(found.results.map((result) => result.memory.content)).toContain('The invoices moved too');
  }, 60_000);
});

// A server started while PostgreSQL is down cannot migrate the schema: each route says 503 (it said 500
// INTERNAL_ERROR), and the first request after PostgreSQL comes back migrates and is answered.
describe.skipIf(postgresBinaries() === null)('an HTTP server started while PostgreSQL is down', () => {
  let server: RestartablePostgresServerHandle;
  let http: HttpApp;
  let home: string;
  beforeAll(async () => {
    server = await startPostgresServer();
    await server.pause();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-health-'));
    http = createHttpApp({ home, store: server.url, embedder: null, consolidation: { every: 'never' }, logError: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await http.close().catch(() => undefined);
    await server.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  test('503 STORE_UNAVAILABLE on every agent route while down, then migrated and answered once it is up', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expectUnavailable(await write(http, 'ada', 'The billing service moved to PostgreSQL'));
      await expectUnavailable(await list(http, 'ada'));
      await expectUnavailable(await search(http, 'ada', 'billing'));
      await expectUnavailable(await http.app.request('/agents'));
    }

    await server.resume();

    expect((await write(http, 'ada', 'The billing service moved to PostgreSQL')).status).toBe(201);
    const listed = await list(http, 'ada');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain('The billing service moved to PostgreSQL');
    expect((await search(http, 'ada', 'billing')).status).toBe(200);
    expect(await (await http.app.request('/agents')).json()).toEqual({ agents: [{ id: 'ada' }] });
    expect((await http.app.request('/health')).status).toBe(200);
  }, 60_000);
});

test('/health on a PostgreSQL that never started: 503 at once, and asked again rather than remembered', async () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-health-'));
  const port = await findFreePort();
  const http = createHttpApp({ home, store: `postgres://hippocampus@127.0.0.1:${port}/hippocampus`, embedder: null, consolidation: { every: 'never' }, logError: () => undefined });
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await http.app.request('/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', error: { code: 'STORE_UNAVAILABLE', message: STORE_UNAVAILABLE_MESSAGE } });
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

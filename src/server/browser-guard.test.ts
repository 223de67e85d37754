import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus } from '../memory/hippocampus.ts';
import { attackRequest, BROWSER_ATTACKS, rawRequest } from '../testing/browser-attacks.ts';
import { databaseFingerprint } from '../testing/database-fingerprint.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { SEED_MEMORIES } from '../testing/http-app-fixture.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { serveMcpHttp } from '../mcp/serve-mcp-http.ts';
import { type RunningServer, startServer } from './serve.ts';

let home: ReturnType<typeof createTempHome>;
let server: RunningServer;
let memoryId: string;
beforeAll(async () => {
  home = createTempHome();
  const memory = await createHippocampus({ home: home.home, agentId: 'a1', embedder: createHashEmbedder() });
  memoryId = (await memory.rememberMany(SEED_MEMORIES, { longTerm: true }))[0]!.memory.id;
  await memory.stop();
  server = await startServer({ home: home.home, port: 0, embedder: createHashEmbedder(), cors: ['http://localhost:5173'], allowedHosts: ['memory.internal'], logError: () => {} });
});
afterAll(async () => {
  await server.close();
  home.cleanup();
});

describe('what a web page can make a browser send is refused, and changes nothing', () => {
  it.each(BROWSER_ATTACKS.map((attack) => [attack.name, attack] as const))('%s', async (_name, attack) => {
    const before = databaseFingerprint(home.home, 'a1');
    const response = await rawRequest(server.port, attackRequest(attack, { port: server.port, agent: 'a1', id: memoryId }));
    expect(response.status, response.body).toBe(attack.status);
    expect((JSON.parse(response.body) as { error: { code: string } }).error.code).toBe(attack.code);
    expect(databaseFingerprint(home.home, 'a1')).toBe(before);
  });
});

describe('what the owner sends still works (the guard does not refuse everything)', () => {
  const write = (headers: Record<string, string>) =>
    rawRequest(server.port, { method: 'POST', path: '/agents/a1/memories', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ type: 'decision', content: `allowed write ${JSON.stringify(headers)}`, importance: 0.8 }) });

  it('JSON from curl-like clients on every loopback name, with or without a charset', async () => {
    expect((await write({})).status).toBe(201);
    expect((await write({ Host: `localhost:${server.port}` })).status).toBe(201);
    expect((await write({ Host: `[::1]:${server.port}` })).status).toBe(201);
    expect((await write({ 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  it('a page of the server itself (same origin), a configured CORS origin and a configured host name', async () => {
    expect((await write({ Origin: `http://127.0.0.1:${server.port}`, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(201);
    expect((await write({ Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'same-site' })).status).toBe(201);
    expect((await write({ Host: 'memory.internal' })).status).toBe(201);
    const read = await rawRequest(server.port, { method: 'GET', path: '/agents/a1/export', headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(read.status).toBe(200);
  });

  it('a DELETE needs no body and works from the owner', async () => {
    const response = await rawRequest(server.port, { method: 'DELETE', path: `/agents/a1/memories/${memoryId}`, headers: {} });
    expect(response.status).toBe(200);
  });
});

describe('a page of another site cannot frame the dashboard (clickjacking its Forget button)', () => {
  // A browser without fetch metadata (Safari before 16.4) sends a framed navigation with no Origin and no
  // Sec-Fetch-Site, which the guard cannot tell from the owner's own visit: the response itself must refuse to be framed.
  it('the page, the API and the export all say frame-ancestors none and X-Frame-Options DENY', async () => {
    for (const path of ['/', '/agents', '/agents/a1/export']) {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
    }
  });
});

describe("--allowed-host '*' (any Host name answered)", () => {
  it('is refused without a bearer token, before anything listens, on the HTTP API and the MCP server', async () => {
    const other = createTempHome();
    try {
      const refused = startServer({ home: other.home, port: 0, embedder: createHashEmbedder(), allowedHosts: ['*'] });
      await expect(refused).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringMatching(/DNS rebinding/) });
      await expect(serveMcpHttp({ createServer: () => { throw new Error('never made'); }, allowedHosts: ['*'] })).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
    } finally {
      other.cleanup();
    }
  });

  it('with a token, a rebinding page (a foreign Host, no token) still reads nothing, and the token holder any Host', async () => {
    const token = 'a-token-long-enough-for-the-network-0123';
    const open = await startServer({ home: home.home, port: 0, embedder: createHashEmbedder(), allowedHosts: ['*'], token, logError: () => {} });
    try {
      const exported = (headers: Record<string, string>) => rawRequest(open.port, { method: 'GET', path: '/agents/a1/export', headers: { Host: 'evil.example', ...headers } });
      expect((await exported({})).status).toBe(401);
      expect((await exported({ Authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

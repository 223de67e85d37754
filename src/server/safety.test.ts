import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isLoopbackHost, readTokenFile, requireTokenOffLoopback, resolveServerToken } from '../config/server-options.ts';
import { createHttpAppFixture, type HttpAppFixture } from '../testing/http-app-fixture.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { statusOfCode } from './error-response.ts';
import { startServer } from './serve.ts';

describe('bearer token', () => {
  let fixture: HttpAppFixture;
  beforeEach(async () => {
    fixture = await createHttpAppFixture({ token: 'correct horse battery staple' });
  });
  afterEach(async () => {
    await fixture.cleanup();
  });

  test('data routes need the token; health, version, the API description and the page stay open', async () => {
    for (const path of ['/agents', '/agents/ada/memories', '/agents/ada/stats', '/metrics']) {
      const response = await fixture.app.request(path);
      expect(response.status, path).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('Bearer');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    const search = await fixture.json('/agents/ada/search', 'POST', { query: 'billing' });
    expect(search.status).toBe(401);
    for (const path of ['/health', '/version', '/openapi.json', '/']) expect((await fixture.app.request(path)).status, path).toBe(200);
  });

  test('a wrong token, another scheme or a token of another length is refused; the right one passes', async () => {
    for (const authorization of ['Bearer wrong', 'Bearer correct horse battery stapl', 'Basic Y29ycmVjdA==', 'Bearer ']) {
      expect((await fixture.app.request('/agents', { headers: { Authorization: authorization } })).status, authorization).toBe(401);
    }
    const ok = await fixture.app.request('/agents', { headers: { Authorization: 'Bearer correct horse battery staple' } });
    expect(ok.status).toBe(200);
    const lowerCase = await fixture.json('/agents/ada/search', 'POST', { query: 'billing' }, { authorization: 'bearer correct horse battery staple' });
    expect(lowerCase.status).toBe(200);
  });
});

describe('without a token', () => {
  let fixture: HttpAppFixture;
  beforeEach(async () => {
    fixture = await createHttpAppFixture({ bodyLimit: 2048 });
  });
  afterEach(async () => {
    await fixture.cleanup();
  });

  test('every route is open (loopback use)', async () => {
    expect((await fixture.app.request('/agents')).status).toBe(200);
    expect((await fixture.app.request('/metrics')).status).toBe(200);
  });

  test('a body over the limit is 413 PAYLOAD_TOO_LARGE and nothing is stored', async () => {
    const response = await fixture.json('/agents/ada/memories', 'POST', { type: 'chat', content: 'x'.repeat(4096) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(((await (await fixture.app.request('/agents/ada/memories')).json()) as { total: number }).total).toBe(7);
  });

  test('agent ids are validated as in the CLI', async () => {
    for (const agent of ['a%2Fb', 'sp%20ace', 'x'.repeat(129), 'semi;colon']) {
      const response = await fixture.app.request(`/agents/${agent}/memories`);
      expect(response.status, agent).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INVALID_AGENT_ID');
    }
    const create = await fixture.json('/agents/..%2F..%2Fetc/memories', 'POST', { type: 'chat', content: 'escape' });
    expect(create.status).toBe(400);
  });

  test('CORS is off: no Access-Control headers', async () => {
    const response = await fixture.app.request('/agents', { headers: { Origin: 'https://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

test('CORS, when configured, allows only the listed origins', async () => {
  const fixture = await createHttpAppFixture({ cors: ['http://localhost:5173'] });
  try {
    const allowed = await fixture.app.request('/agents', { headers: { Origin: 'http://localhost:5173' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await fixture.app.request('/agents', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  } finally {
    await fixture.cleanup();
  }
});

test('error codes map to statuses in one place', () => {
  expect([statusOfCode('VALIDATION_ERROR'), statusOfCode('NOT_FOUND'), statusOfCode('UNAUTHORIZED'), statusOfCode('PAYLOAD_TOO_LARGE'), statusOfCode('SOMETHING_NEW')]).toEqual([400, 404, 401, 413, 500]);
});

test('the server refuses to bind beyond loopback without a token, before opening anything', async () => {
  await expect(startServer({ home: '/nonexistent', host: '0.0.0.0', port: 0, token: '', embedder: null })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('HIPPOCAMPUS_TOKEN') });
  expect(['127.0.0.1', '::1', 'localhost'].every(isLoopbackHost)).toBe(true);
  expect(['0.0.0.0', '192.168.1.4', '::'].some(isLoopbackHost)).toBe(false);
});

test('a token file is read to its first line: a pipe of one line works, a device that never ends one is refused', () => {
  // Read whole, --token-file /dev/zero took 4.4 GB in 15 s and printed nothing.
  expect(() => readTokenFile('/dev/zero')).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR', message: expect.stringContaining('no line break in its first') }));
  const fifo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-token-')), 'token.fifo');
  execFileSync('mkfifo', [fifo]);
  // A writer on the other end, as `--token-file <(pass show …)` has: one line, then more the token is not.
  const writer = spawn('sh', ['-c', `printf 'piped-secret-1234567\\nsecond line\\n' > '${fifo}'`]);
  try {
    expect(readTokenFile(fifo)).toBe('piped-secret-1234567');
  } finally {
    writer.kill();
    fs.rmSync(path.dirname(fifo), { recursive: true, force: true });
  }
});

test('beyond loopback a short or blank token is refused too, and a blank HIPPOCAMPUS_TOKEN is a mistake, not "no token"', async () => {
  // A 1-character token was accepted for 0.0.0.0 (probe): guessable by trying over the network.
  await expect(startServer({ home: '/nonexistent', host: '0.0.0.0', port: 0, token: 'x', embedder: null })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('at least 16 characters') });
  expect(() => requireTokenOffLoopback('0.0.0.0', '   ')).toThrow(/exposes memories/);
  expect(() => requireTokenOffLoopback('0.0.0.0', 'a'.repeat(16))).not.toThrow();
  expect(() => requireTokenOffLoopback('127.0.0.1', 'x')).not.toThrow();
  const saved = process.env.HIPPOCAMPUS_TOKEN;
  process.env.HIPPOCAMPUS_TOKEN = ' \t ';
  try {
    expect(() => resolveServerToken()).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR', message: expect.stringContaining('white space') }));
    process.env.HIPPOCAMPUS_TOKEN = '  padded-secret  ';
    expect(resolveServerToken()).toBe('padded-secret');
  } finally {
    if (saved === undefined) delete process.env.HIPPOCAMPUS_TOKEN;
    else process.env.HIPPOCAMPUS_TOKEN = saved;
  }
});

describe('over a real socket (the node adapter)', () => {
  test('the body limit holds for a declared length and for a chunked body, and every answer says nosniff', async () => {
    const { home, cleanup } = createTempHome('hippocampus-limit-');
    const server = await startServer({ home, host: '127.0.0.1', port: 0, embedder: null, bodyLimit: 2048 });
    try {
      const post = (body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(`${server.url}/agents/ada/memories`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, ...(typeof body === 'string' ? {} : { duplex: 'half' }) } as RequestInit);
      const small = JSON.stringify({ type: 'chat', content: 'a short note about the billing cache' });
      const large = JSON.stringify({ type: 'chat', content: 'x'.repeat(4096) });
      const declared = await post(large);
      expect(declared.status).toBe(413);
      expect(((await declared.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
      // A stream body is sent chunked, without a length: the limit counts its bytes.
      const chunked = await post(new Blob([large]).stream());
      expect(chunked.status).toBe(413);
      const stored = await post(small);
      expect(stored.status).toBe(201);
      const storedChunked = await post(new Blob([JSON.stringify({ type: 'chat', content: 'another note, about the cache eviction' })]).stream());
      expect(storedChunked.status).toBe(201);
      const search = await fetch(`${server.url}/agents/ada/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'billing cache' }) });
      expect(search.status).toBe(200);
      expect(((await search.json()) as { results: unknown[] }).results.length).toBe(2);
      const missing = await fetch(`${server.url}/no-such-route`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(missing.status).toBe(404);
      for (const response of [declared, chunked, stored, search, missing, await fetch(`${server.url}/health`)]) expect(response.headers.get('x-content-type-options'), response.url).toBe('nosniff');
    } finally {
      await server.close();
      cleanup();
    }
  });
});

describe('a home that cannot be made', () => {
  test('serve refuses it at start, before listening; a folder under the home that cannot be made does not tell the client where the home is', async () => {
    const { home, cleanup } = createTempHome('hippocampus-home-');
    try {
      const file = path.join(home, 'notes.txt');
      fs.writeFileSync(file, 'not a folder');
      await expect(startServer({ home: path.join(file, 'home'), port: 0, embedder: null })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining(path.join(file, 'home')) });
      // The home is fine, its agents/ is a file: the agent's folder cannot be made when the first write comes.
      const served = path.join(home, 'served');
      fs.mkdirSync(served);
      fs.writeFileSync(path.join(served, 'agents'), 'in the way');
      const server = await startServer({ home: served, port: 0, embedder: null, consolidation: { every: 'never' } });
      try {
        const response = await fetch(`${server.url}/agents/ada/memories`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'chat', content: 'a note' }) });
        const { error } = (await response.json()) as { error: { code: string; message: string } };
        expect(error.code).toBe('CONFIG_ERROR');
        expect(error.message).toContain('agents/ada/memory');
        expect(error.message).not.toContain(home);
      } finally {
        await server.close();
      }
    } finally {
      cleanup();
    }
  });
});

describe('--cors', () => {
  test("takes origins only: '*' (which let every page past the origin check while the browser still blocked it), a path or a scheme of no page is a CONFIG_ERROR before listening", async () => {
    const { home, cleanup } = createTempHome('hippocampus-cors-');
    try {
      for (const origin of ['*', 'javascript:alert(1)', 'http://app.example/', 'app.example', 'http://app.example/path', 'null']) {
        await expect(startServer({ home, port: 0, embedder: null, cors: [origin] }), origin).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining(origin) });
      }
      const server = await startServer({ home, port: 0, embedder: null, consolidation: { every: 'never' }, cors: ['http://app.example:3000', 'https://Tool.Example'] });
      try {
        const allowed = await fetch(`${server.url}/agents`, { headers: { origin: 'https://tool.example' } });
        expect(allowed.status).toBe(200);
        expect(allowed.headers.get('access-control-allow-origin')).toBe('https://tool.example');
        expect((await fetch(`${server.url}/agents`, { headers: { origin: 'http://evil.example' } })).status).toBe(403);
      } finally {
        await server.close();
      }
    } finally {
      cleanup();
    }
  });
});

// 10,000 fuzzed tool calls and 2,000 fuzzed HTTP requests against real engines: no crash, every refusal
// is a registered error code, and a refused call leaves the database exactly as it was.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagesTable } from '../../conversations/messages-table.ts';
import { ERROR_CODES } from '../../errors/codes.ts';
import { createHippocampus, type Hippocampus } from '../../memory/hippocampus.ts';
import type { SqliteBackend } from '../../stores/sqlite/sqlite-backend.ts';
import { createHippoTools } from '../../tools/create-hippo-tools.ts';
import { pick, randomObject, randomValue, seeded } from '../fuzz-values.ts';
import { createHashEmbedder } from '../hash-embedder.ts';
import { createHttpAppFixture, type HttpAppFixture } from '../http-app-fixture.ts';
import { createTempHome } from '../temp-home.ts';
import { databaseFingerprint } from '../database-fingerprint.ts';
import { recordResult } from './reliability-results.ts';

/** A well-formed call per tool: a third of the fuzzed calls start from one and change one field, so the success paths are exercised too. */
const VALID_CALLS: Record<string, Record<string, unknown>> = {
  remember_facts: { text: 'I moved to Lisbon in May and I adopted a cat named Miso.' },
  store_memory: { content: 'The release train leaves on Thursdays', type: 'decision' },
  recall_memories: { query: 'release train', limit: 5 },
  forget_memory: { description: 'the release train day' },
  replace_memory_block: { key: 'human', find: 'Lisbon', replace: 'Porto' },
  append_memory_block: { key: 'human', text: 'Lives in Lisbon.' },
  recall_memory_block: { key: 'human' },
  recall_conversation: { query: 'Lisbon', limit: 3 },
};

function nearlyValid(random: () => number, toolName: string): unknown {
  const call: Record<string, unknown> = { ...(VALID_CALLS[toolName] ?? {}) };
  const fields = Object.keys(call);
  if (fields.length > 0 && random() < 0.5) call[pick(random, fields)] = randomValue(random);
  return call;
}

const registered = new Set<string>(ERROR_CODES.filter((code) => code !== 'INTERNAL_ERROR'));

describe('10,000 fuzzed tool calls', () => {
  let home: ReturnType<typeof createTempHome>;
  let memory: Hippocampus;
  beforeAll(async () => {
    home = createTempHome('hippocampus-fuzz-tools-');
    memory = await createHippocampus({ home: home.home, agentId: 'fuzz', embedder: createHashEmbedder() });
    createMessagesTable((memory.backend as SqliteBackend).pool.connection('fuzz'));
  });
  afterAll(async () => {
    await memory.stop();
    home.cleanup();
  });

  it('every call returns a result; every error is typed; a refused call writes nothing', async () => {
    const tools = createHippoTools({ memory, messagesTable: 'messages' });
    const random = seeded(10_000);
    const figures = { calls: 0, ok: 0, refused: 0, crashes: 0, untyped: 0, partialWrites: 0 };
    const failures: string[] = [];
    for (let round = 0; round < 10_000; round += 1) {
      const tool = pick(random, tools);
      const roll = random();
      const payload = roll < 0.33 ? nearlyValid(random, tool.name) : roll < 0.45 ? randomValue(random) : randomObject(random);
      await memory.tick();
      const before = databaseFingerprint(home.home, 'fuzz');
      figures.calls += 1;
      let result: Awaited<ReturnType<typeof tool.execute>>;
      try {
        result = await tool.execute(payload);
      } catch (error) {
        figures.crashes += 1;
        failures.push(`${tool.name} threw ${(error as Error).message}`);
        continue;
      }
      if (result.ok) {
        figures.ok += 1;
        continue;
      }
      figures.refused += 1;
      if (!registered.has(result.error.code)) {
        figures.untyped += 1;
        failures.push(`${tool.name} → ${result.error.code} ${result.error.message} on ${JSON.stringify(payload)?.slice(0, 120)}`);
      }
      await memory.tick();
      if (databaseFingerprint(home.home, 'fuzz') !== before) {
        figures.partialWrites += 1;
        failures.push(`${tool.name} wrote on ${result.error.code}`);
      }
    }
    recordResult('fuzz-tools', figures);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(figures.refused).toBeGreaterThan(3_000);
    expect(figures.ok).toBeGreaterThan(1_000);
  });
});

const ROUTES: [string, string][] = [
  ['GET', '/agents'], ['GET', '/agents/:agent/blocks'], ['GET', '/agents/:agent/blocks/:key'], ['GET', '/agents/:agent/consolidations'],
  ['GET', '/agents/:agent/export'], ['GET', '/agents/:agent/graph/entities'], ['GET', '/agents/:agent/graph/neighbors/:entity'],
  ['GET', '/agents/:agent/memories'], ['GET', '/agents/:agent/memories/:id'], ['GET', '/agents/:agent/memories/:id/history'],
  ['GET', '/agents/:agent/memories/:id/strength'], ['GET', '/agents/:agent/stats'], ['GET', '/agents/:agent/watcher'],
  ['GET', '/health'], ['GET', '/metrics'], ['GET', '/version'], ['DELETE', '/agents/:agent/memories/:id'],
  ['PATCH', '/agents/:agent/memories/:id'], ['POST', '/agents/:agent/blocks/:key/append'], ['POST', '/agents/:agent/blocks/:key/replace'],
  ['PUT', '/agents/:agent/blocks/:key'], ['POST', '/agents/:agent/facts'], ['POST', '/agents/:agent/forget'], ['POST', '/agents/:agent/forget/preview'],
  ['POST', '/agents/:agent/memories'], ['POST', '/agents/:agent/search'],
];
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/agents/:agent/memories': { type: 'decision', content: 'Deploys pause during the quarterly freeze', importance: 0.8 },
  '/agents/:agent/search': { query: 'billing canary', limit: 5 },
  '/agents/:agent/forget/preview': { description: 'the quarterly freeze' },
  '/agents/:agent/forget': { description: 'the quarterly freeze' },
  '/agents/:agent/facts': { text: 'My sister Ines lives in Porto.' },
  '/agents/:agent/memories/:id': { importance: 0.7 },
  '/agents/:agent/blocks/:key': { value: 'Prefers short answers.' },
  '/agents/:agent/blocks/:key/append': { text: 'Lives in Porto.' },
  '/agents/:agent/blocks/:key/replace': { find: 'Porto', replace: 'Braga' },
};

function requestBody(random: () => number, template: string): string {
  const valid = VALID_BODIES[template];
  if (valid && random() < 0.4) {
    const body: Record<string, unknown> = { ...valid };
    if (random() < 0.4) body[pick(random, Object.keys(body))] = randomValue(random);
    return JSON.stringify(body);
  }
  return random() < 0.1 ? '{"broken": ' : JSON.stringify(random() < 0.2 ? randomValue(random) : randomObject(random));
}

const QUERY_STRINGS = ['', '?limit=5', '?limit=-1', '?limit=abc', '?type=decision', '?type=dream', '?filter=%7B%22context.domain%22%3A%22work%22%7D', '?filter=%7B', '?minImportance=2', '?q=' + 'x'.repeat(5000)];
const ODD_SEGMENTS = ['..', '%2e%2e', 'a'.repeat(300), '%00', 'ada', 'nobody', '🙂', 'persona', 'human', "x'--"];

describe('2,000 fuzzed HTTP requests over a real socket', () => {
  let fixture: HttpAppFixture;
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    fixture = await createHttpAppFixture({ agentId: 'ada' });
    server = serve({ fetch: fixture.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await fixture.cleanup();
  });

  it('no 5xx, every error typed, a refused request writes nothing, and the server still answers', async () => {
    const random = seeded(2_000);
    const ids = fixture.seeded.map((record) => record.id);
    const figures = { requests: 0, ok: 0, refused: 0, serverErrors: 0, untyped: 0, partialWrites: 0 };
    const failures: string[] = [];
    for (let round = 0; round < 2_000; round += 1) {
      const [method, template] = pick(random, ROUTES);
      const path = template
        .replace(':agent', random() < 0.8 ? 'ada' : pick(random, ODD_SEGMENTS))
        .replace(':id', random() < 0.6 ? pick(random, ids) : pick(random, ODD_SEGMENTS))
        .replace(':key', pick(random, ['persona', 'human', 'notes', ...ODD_SEGMENTS]))
        .replace(':entity', pick(random, ['Ada', ...ODD_SEGMENTS]));
      const body = method === 'GET' ? undefined : requestBody(random, template);
      const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': random() < 0.9 ? 'application/json' : pick(random, ['text/plain', 'application/x-www-form-urlencoded', '']) };
      await fixture.registry.get('ada').then((engine) => engine.tick());
      const before = databaseFingerprint(fixture.home, 'ada');
      figures.requests += 1;
      const response = await fetch(`${base}${path}${method === 'GET' ? pick(random, QUERY_STRINGS) : ''}`, { method, headers, ...(body === undefined ? {} : { body }) });
      const text = await response.text();
      if (response.status < 400) {
        figures.ok += 1;
        continue;
      }
      figures.refused += 1;
      if (response.status >= 500) {
        figures.serverErrors += 1;
        failures.push(`${method} ${path} → ${response.status} ${text.slice(0, 160)}`);
      }
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      } catch {
        code = undefined;
      }
      if (!code || !registered.has(code)) {
        figures.untyped += 1;
        failures.push(`${method} ${path} → ${response.status} untyped ${text.slice(0, 160)}`);
      }
      await fixture.registry.get('ada').then((engine) => engine.tick());
      if (databaseFingerprint(fixture.home, 'ada') !== before) {
        figures.partialWrites += 1;
        failures.push(`${method} ${path} wrote on ${response.status} ${code}`);
      }
    }
    const health = await fetch(`${base}/health`);
    recordResult('fuzz-http', { ...figures, aliveAfter: health.status === 200 });
    expect(failures.slice(0, 10)).toEqual([]);
    expect(health.status).toBe(200);
    expect(figures.ok).toBeGreaterThan(200);
    expect(figures.refused).toBeGreaterThan(200);
  });
});

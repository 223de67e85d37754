import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHttpAppFixture, SEED_MEMORIES, type HttpAppFixture } from '../testing/http-app-fixture.ts';
import type { MemoryView } from './memory-view.ts';

let fixture: HttpAppFixture;
beforeEach(async () => {
  fixture = await createHttpAppFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

interface Page {
  memories: MemoryView[];
  nextCursor: string | null;
  total: number;
}
const page = async (query: string): Promise<Page> => {
  const response = await fixture.app.request(`/agents/ada/memories${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};

describe('GET /agents/:agent/memories', () => {
  test('pages newest first through every memory with the cursor, none skipped or repeated', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: Page = await page(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(result.total).toBe(SEED_MEMORIES.length);
      seen.push(...result.memories.map((memory) => memory.id));
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(fixture.seeded.map((memory) => memory.id).reverse());
  });

  test('each row carries its tier and effective strength', async () => {
    const { memories } = await page('');
    const decision = memories.find((memory) => memory.type === 'decision')!;
    expect(decision.tier).toBe('core');
    // It started as strong as it is important (0.9), and a fresh one has barely decayed.
    expect(decision.effectiveStrength).toBeGreaterThan(0.89);
    expect(decision.effectiveStrength).toBeLessThanOrEqual(0.9);
  });

  test('filters by type, tier, domain, text, tags and the filter language', async () => {
    expect((await page('?types=error,insight')).memories.map((memory) => memory.type).sort()).toEqual(['error', 'insight']);
    expect((await page('?tier=core')).memories.every((memory) => memory.importance >= 0.7)).toBe(true);
    expect((await page('?tier=core')).total).toBe(2);
    expect((await page('?tier=archival')).memories.map((memory) => memory.type)).toEqual(['tool-use']);
    expect((await page('?domain=ops')).total).toBe(3);
    expect((await page('?text=POSTGRES')).memories.map((memory) => memory.type)).toEqual(['error']);
    expect((await page('?tags=preference')).memories.map((memory) => memory.type)).toEqual(['chat']);
    const filtered = await page(`?filter=${encodeURIComponent(JSON.stringify({ importance: { $gte: 0.5 }, domain: 'work' }))}`);
    expect(filtered.total).toBe(3);
  });

  test('rejects bad query parameters with the field named', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?types=dream', '?tier=hot', '?minImportance=2', '?bogus=1']) {
      const response = await fixture.app.request(`/agents/ada/memories${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
    // A negative limit is told its range, not that it is no whole number.
    const negative = await fixture.app.request('/agents/ada/memories?limit=-1');
    expect(((await negative.json()) as { error: { message: string } }).error.message).toMatch(/limit.*at least 1/);
    const badFilter = await fixture.app.request(`/agents/ada/memories?filter=${encodeURIComponent('{"colour":"red"}')}`);
    expect(badFilter.status).toBe(400);
    expect(((await badFilter.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'INVALID_FILTER', message: expect.stringContaining('colour') });
    const mistyped = await fixture.app.request(`/agents/ada/memories?filter=${encodeURIComponent('{"importance":{"$gt":"0.5"}}')}`);
    expect(mistyped.status).toBe(400);
    expect(((await mistyped.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'INVALID_FILTER', message: expect.stringContaining('"importance"') });
  });

  test('an unknown agent is 404 and is not created by looking', async () => {
    const response = await fixture.app.request('/agents/nobody/memories');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Agent "nobody" was not found' } });
    expect(await fixture.registry.listAgents()).toEqual(['ada']);
  });
});

describe('one memory', () => {
  test('create, get, update, history, strength and delete', async () => {
    const created = await fixture.json('/agents/bob/memories', 'POST', { type: 'decision', content: 'Use SQLite for the prototype', importance: 0.8, tags: ['storage'] });
    expect(created.status).toBe(201);
    const { memory } = (await created.json()) as { memory: MemoryView };
    expect(memory).toMatchObject({ agentId: 'bob', content: 'Use SQLite for the prototype', tier: null });
    expect(await fixture.registry.listAgents()).toEqual(['ada', 'bob']);

    const again = await fixture.json('/agents/bob/memories', 'POST', { type: 'decision', content: 'Use SQLite for the prototype' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { duplicateOf: string }).duplicateOf).toBe(memory.id);

    const fetched = await fixture.app.request(`/agents/bob/memories/${memory.id}`);
    expect(((await fetched.json()) as { memory: MemoryView }).memory.encounterCount).toBe(2);

    const updated = await fixture.json(`/agents/bob/memories/${memory.id}`, 'PATCH', { content: 'Use SQLite for the prototype and Postgres later', importance: 0.95 });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { memory: MemoryView }).memory).toMatchObject({ content: 'Use SQLite for the prototype and Postgres later', importance: 0.95 });

    const history = (await (await fixture.app.request(`/agents/bob/memories/${memory.id}/history`)).json()) as { events: { event: string }[] };
    expect(history.events.map((event) => event.event)).toEqual(['created', 'reinforced', 'updated']);

    const curve = (await (await fixture.app.request(`/agents/bob/memories/${memory.id}/strength?horizonDays=60&points=5`)).json()) as { projected: { strength: number }[]; halfLifeDays: number };
    expect(curve.projected).toHaveLength(5);
    expect(curve.projected[4]!.strength).toBeLessThan(curve.projected[0]!.strength);
    expect(curve.halfLifeDays).toBeGreaterThan(28);

    expect((await fixture.app.request(`/agents/bob/memories/${memory.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await fixture.app.request(`/agents/bob/memories/${memory.id}`)).status).toBe(404);
    expect((await fixture.app.request(`/agents/bob/memories/${memory.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  test('invalid bodies are 400 with the failing field, and nothing is written', async () => {
    const cases: [string, string, unknown][] = [
      ['/agents/ada/memories', 'POST', { type: 'dream', content: 'x' }],
      ['/agents/ada/memories', 'POST', { type: 'chat', content: '   ' }],
      ['/agents/ada/memories', 'POST', { type: 'chat', content: 'ok', importance: 3 }],
      [`/agents/ada/memories/${fixture.seeded[0]!.id}`, 'PATCH', {}],
      [`/agents/ada/memories/${fixture.seeded[0]!.id}`, 'PATCH', { agentId: 'mallory' }],
    ];
    for (const [path, method, body] of cases) {
      const response = await fixture.json(path, method, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.issues.length).toBeGreaterThan(0);
    }
    const notJson = await fixture.app.request('/agents/ada/memories', { method: 'POST', body: '{nope', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((await page('')).total).toBe(SEED_MEMORIES.length);
  });
});

import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createHttpAppFixture, type HttpAppFixture } from '../testing/http-app-fixture.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHttpApp } from './create-http-app.ts';
import { toMemoryView, type MemoryView } from './memory-view.ts';

let fixture: HttpAppFixture;
beforeEach(async () => {
  fixture = await createHttpAppFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

interface SearchResponse {
  results: { memory: MemoryView; score: number; explain: { signals: Record<string, number>; contributions: Record<string, number>; weights: Record<string, number> } }[];
  tookMs: number;
}

describe('POST /agents/:agent/search', () => {
  test('returns the best match first with every signal of its score', async () => {
    const response = await fixture.json('/agents/ada/search', 'POST', { query: 'postgres migration invoices', limit: 3, recordAccess: false });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as SearchResponse;
    expect(results[0]!.memory.type).toBe('error');
    expect(Object.keys(results[0]!.explain.signals).sort()).toEqual(['importance', 'keyword', 'recency', 'semantic', 'strength', 'thread', 'time', 'hop', 'session', 'speaker'].sort());
    const summed = Object.values(results[0]!.explain.contributions).reduce((total, value) => total + value, 0);
    expect(summed).toBeCloseTo(results[0]!.score, 10);
    expect(results.length).toBeLessThanOrEqual(3);
  });

  test('applies the filter language and structured filters', async () => {
    const byFilter = (await (await fixture.json('/agents/ada/search', 'POST', { query: 'invoice postgres retries', filter: { type: { $in: ['insight'] } } })).json()) as SearchResponse;
    expect(byFilter.results.map((result) => result.memory.type)).toEqual(['insight']);
    const byDomain = (await (await fixture.json('/agents/ada/search', 'POST', { query: 'billing deploy alert', domain: 'ops', mode: 'keyword' })).json()) as SearchResponse;
    expect(byDomain.results.every((result) => result.memory.domain === 'ops')).toBe(true);
  });

  test('a search inspects by default (the dashboard, a person looking) and records the access when asked', async () => {
    const id = fixture.seeded[1]!.id;
    await fixture.json('/agents/ada/search', 'POST', { query: 'postgres replica' });
    await fixture.json('/agents/ada/search', 'POST', { query: 'postgres replica', recordAccess: false });
    const before = ((await (await fixture.app.request(`/agents/ada/memories/${id}`)).json()) as { memory: MemoryView }).memory;
    expect(before.accessCount).toBe(0);
    await fixture.json('/agents/ada/search', 'POST', { query: 'postgres replica', recordAccess: true });
    const after = ((await (await fixture.app.request(`/agents/ada/memories/${id}`)).json()) as { memory: MemoryView }).memory;
    expect(after.accessCount).toBe(1);
  });

  test('rejects an empty query, unknown options and a bad filter', async () => {
    const expectations: [unknown, string][] = [
      [{ query: '  ' }, 'VALIDATION_ERROR'],
      [{ limit: 5 }, 'VALIDATION_ERROR'],
      [{ query: 'x', limit: 0 }, 'VALIDATION_ERROR'],
      [{ query: 'x', mode: 'psychic' }, 'VALIDATION_ERROR'],
      [{ query: 'x', surprise: true }, 'VALIDATION_ERROR'],
      [{ query: 'x', filter: { importance: { $near: 1 } } }, 'INVALID_FILTER'],
      [{ query: 'x', filter: { importance: { $gt: '0.5' } } }, 'INVALID_FILTER'],
      [{ query: 'x', filter: '{"createdAt":{"$gte":"2024-01-01"}}' }, 'INVALID_FILTER'],
      // An own "__proto__" key (as JSON.parse makes it) is a field like any other: refused, not dropped so the search runs unfiltered.
      [JSON.parse('{"query":"x","filter":{"__proto__":{"importance":1}}}'), 'INVALID_FILTER'],
    ];
    for (const [body, code] of expectations) {
      const response = await fixture.json('/agents/ada/search', 'POST', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    // 40,000 values bound as SQL variables were a STORE_ERROR 500 ("too many SQL variables").
    const huge = await fixture.json('/agents/ada/search', 'POST', { query: 'x', filter: { source: { $in: Array.from({ length: 40_000 }, (_, index) => `s${index}`) } } });
    expect(huge.status, 'a filter of 40,000 values').toBe(400);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('INVALID_FILTER');
  });
});

describe('searches at once, with a writer beside them', () => {
  const clock = { now: () => Date.UTC(2026, 5, 1) };
  const BODIES = [
    { query: 'postgres migration invoices', recordAccess: false },
    { query: 'billing deploy alert', domain: 'ops', mode: 'keyword', recordAccess: false },
    { query: 'invoice retries payment', filter: { importance: { $gte: 0.5 } }, recordAccess: false },
    { query: 'coffee standups', types: ['chat'], recordAccess: false },
  ];
  const outline = async (response: Response) => ((await response.json()) as SearchResponse).results.map((result) => [result.memory.id, result.score]);

  test('answer exactly what the same searches answer one at a time, and a memory stored meanwhile is durable and found by the next search', async () => {
    const timed = await createHttpAppFixture({ clock });
    try {
      const serial = [];
      for (const body of BODIES) serial.push(await outline(await timed.json('/agents/ada/search', 'POST', body)));
      expect(serial.every((results) => results.length > 0)).toBe(true);

      const together = await Promise.all([...BODIES, ...BODIES, ...BODIES].map(async (body) => outline(await timed.json('/agents/ada/search', 'POST', body))));
      expect(together).toEqual([...serial, ...serial, ...serial]);

      // A write beside searches (it changes the keyword statistics, so their scores may move): all answered, the write acknowledged.
      const searching = [...BODIES, ...BODIES].map((body) => timed.json('/agents/ada/search', 'POST', body));
      const written = await timed.json('/agents/ada/memories', 'POST', { type: 'decision', content: 'The zeppelin hangar opens at dawn', importance: 0.7 });
      expect((await Promise.all(searching)).map((response) => response.status)).toEqual(Array(BODIES.length * 2).fill(200));
      expect(written.status).toBe(201);
      const { memory } = (await written.json()) as { memory: MemoryView };

      const next = (await (await timed.json('/agents/ada/search', 'POST', { query: 'zeppelin hangar', recordAccess: false })).json()) as SearchResponse;
      expect(next.results[0]?.memory.id).toBe(memory.id);
      await timed.close();
      const reopened = await createHippocampus({ home: timed.home, agentId: 'ada', embedder: createHashEmbedder(), clock });
      expect((await reopened.get(memory.id)).content).toBe('The zeppelin hangar opens at dawn');
      await reopened.stop();
    } finally {
      await timed.cleanup();
    }
  });
});

describe('the reply of a search, byte for byte', () => {
  test('is the engine\'s results as read from the store: each memory as its view at the engine\'s clock, its score and explanation, in order — answered by a read worker', async () => {
    const now = Date.UTC(2026, 5, 1);
    const served = await createHttpAppFixture({ clock: { now: () => now }, readWorkers: 1 });
    try {
      const engine = await served.registry.get('ada');
      const bodies = [
        { query: 'postgres migration invoices', limit: 3 },
        { query: 'invoice retries payment', filter: { importance: { $gte: 0.5 } } },
        { query: 'billing deploy alert', domain: 'ops', mode: 'keyword' as const },
      ];
      for (const { query, ...options } of bodies) {
        const reply = await (await served.json('/agents/ada/search', 'POST', { query, ...options, recordAccess: false })).text();
        // The records as the store holds them (getMany), not as the recall handed them over.
        const results = await engine.recallRelevant(query, { ...options, recordAccess: false });
        const stored = await engine.store.getMany({ agentId: 'ada' }, results.map((result) => result.memory.id));
        expect(results.length).toBeGreaterThan(0);
        const expected = JSON.stringify({ results: results.map((result, index) => ({ memory: toMemoryView(stored[index]!, now, engine.config.recall.decayRate), score: result.score, explain: result.explain })) });
        expect(reply.replace(/,"tookMs":[^,}]+}$/, '}')).toBe(expected);
      }
    } finally {
      await served.cleanup();
    }
  });
});

describe('forget', () => {
  test('the preview lists exactly what would go; forgetting removes it from list and search', async () => {
    const ids = [fixture.seeded[1]!.id, fixture.seeded[2]!.id];
    const preview = (await (await fixture.json('/agents/ada/forget/preview', 'POST', { ids: [...ids, 'missing-id'] })).json()) as { memories: MemoryView[]; missing: string[] };
    expect(preview.memories.map((memory) => memory.id).sort()).toEqual([...ids].sort());
    expect(preview.missing).toEqual(['missing-id']);
    expect((await (await fixture.app.request('/agents/ada/memories')).json()) as { total: number }).toMatchObject({ total: 7 });

    const forgotten = (await (await fixture.json('/agents/ada/forget', 'POST', { ids: [...ids, 'missing-id'] })).json()) as { deleted: string[]; missing: string[] };
    expect(forgotten.deleted.sort()).toEqual([...ids].sort());
    expect(forgotten.missing).toEqual(['missing-id']);

    const listed = (await (await fixture.app.request('/agents/ada/memories')).json()) as { memories: MemoryView[]; total: number };
    expect(listed.total).toBe(5);
    expect(listed.memories.some((memory) => ids.includes(memory.id))).toBe(false);
    const search = (await (await fixture.json('/agents/ada/search', 'POST', { query: 'postgres migration invoices retries', recordAccess: false })).json()) as SearchResponse;
    expect(search.results.some((result) => ids.includes(result.memory.id))).toBe(false);
  });

  test('a memory id longer than 64 characters (up to the engine\'s 128) is forgotten, previewed and related to over HTTP', async () => {
    // A host's generateId (or a mirror import) makes ids up to 128 characters; the engine, GET and DELETE take them.
    const { home, cleanup } = createTempHome('hippocampus-long-id-');
    let count = 0;
    const longId = () => `host-${'x'.repeat(90)}-${String(count++).padStart(4, '0')}`;
    const writer = await createHippocampus({ home, agentId: 'ada', embedder: createHashEmbedder(), generateId: longId });
    const memory = (await writer.rememberMany([{ type: 'chat', content: 'The spare key hangs behind the boiler' }], { longTerm: true }))[0]!.memory;
    await writer.stop();
    expect(memory.id.length).toBeGreaterThan(64);
    const served = createHttpApp({ home, embedder: createHashEmbedder(), logError: () => {} });
    const post = (path: string, body: unknown) => served.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    try {
      const related = await post('/agents/ada/memories', { type: 'chat', content: 'The boiler was serviced in March', relatedTo: [memory.id] });
      expect(related.status).toBe(201);
      expect(((await related.json()) as { memory: MemoryView }).memory.relatedTo).toEqual([memory.id]);
      const preview = (await (await post('/agents/ada/forget/preview', { ids: [memory.id] })).json()) as { memories: MemoryView[]; missing: string[] };
      expect(preview.memories.map((view) => view.id)).toEqual([memory.id]);
      const forgotten = (await (await post('/agents/ada/forget', { ids: [memory.id] })).json()) as { deleted: string[]; missing: string[] };
      expect(forgotten).toMatchObject({ deleted: [memory.id], missing: [] });
      expect((await served.app.request(`/agents/ada/memories/${memory.id}`)).status).toBe(404);
    } finally {
      await served.close();
      cleanup();
    }
  });

  test('needs a non-empty list of ids', async () => {
    for (const body of [{}, { ids: [] }, { ids: 'abc' }, { description: '  ' }, { description: '\u200b\u200d' }, { ids: ['a'], description: 'both' }]) {
      const response = await fixture.json('/agents/ada/forget', 'POST', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  test('a body of neither or both forms says what it needs, not only "Invalid input"', async () => {
    for (const body of [{}, { ids: ['a'], description: 'both' }, { id: 'a' }]) {
      const { error } = (await (await fixture.json('/agents/ada/forget', 'POST', body)).json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message, JSON.stringify(body)).toMatch(/either "ids".*or "description"/);
    }
  });
});

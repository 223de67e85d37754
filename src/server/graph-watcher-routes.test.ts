import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createLiveWatcher } from '../live/live-watcher.ts';
import { appendLines, createManualClock } from '../live/live-test-helpers.ts';
import { createTranscriptSource } from '../live/transcript-source.ts';
import { createHttpAppFixture, type HttpAppFixture } from '../testing/http-app-fixture.ts';
import { graphOf } from './graph-of-engine.ts';
import type { MemoryView } from './memory-view.ts';
import { graphEntitiesResponseSchema, graphNeighborsResponseSchema, watcherStatusResponseSchema } from './response-schemas.ts';

let fixture: HttpAppFixture | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

describe('GET /agents/:agent/watcher', () => {
  test('lists each source the live watcher read, with its watermark and lag, and /metrics samples the lag', async () => {
    const clock = createManualClock();
    fixture = await createHttpAppFixture({ clock });
    expect(watcherStatusResponseSchema.parse(await (await fixture.app.request('/agents/ada/watcher')).json())).toEqual({ sources: [] });

    const file = path.join(fixture.home, 'chat.jsonl');
    appendLines(file, [
      { id: 'm1', role: 'user', content: 'I prefer jasmine tea brewed at 70 degrees.', timestamp: clock.now() - 5000 },
      { id: 'm2', role: 'user', content: 'My sister Ana works at the Lisbon aquarium.', timestamp: clock.now() - 1000 },
    ]);
    const memory = await fixture.registry.get('ada');
    const source = createTranscriptSource({ file });
    expect((await createLiveWatcher({ memory, source }).runOnce()).map((report) => report.messages)).toEqual([2]);
    clock.advance(90_000);

    const { sources } = watcherStatusResponseSchema.parse(await (await fixture.app.request('/agents/ada/watcher')).json());
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ sourceId: source.id, updatedAt: clock.now() - 90_000, lagSeconds: 90, position: { line: 2 } });
    expect(sources[0]!.position.offset).toBeGreaterThan(0);

    const metrics = await (await fixture.app.request('/metrics')).text();
    expect(metrics).toContain(`hippocampus_watcher_lag_seconds{agent="ada",source="${source.id}"} 90`);
    expect((await fixture.app.request('/agents/nobody/watcher')).status).toBe(404);
  });
});

describe('knowledge graph routes', () => {
  async function linkedGraph(): Promise<HttpAppFixture> {
    const created = await createHttpAppFixture({ memories: [] });
    const engine = await created.registry.get('ada');
    await engine.rememberMany(
      [
        { type: 'chat', content: 'I live in Berlin.', timestamp: Date.UTC(2021, 2, 1) },
        { type: 'chat', content: 'I moved to Lisbon.', timestamp: Date.UTC(2023, 3, 1) },
      ],
      { longTerm: true },
    );
    await graphOf(engine).linkMemories();
    return created;
  }

  test('entities are listed most-mentioned first and found by part of a name', async () => {
    fixture = await linkedGraph();
    const all = graphEntitiesResponseSchema.parse(await (await fixture.app.request('/agents/ada/graph/entities')).json());
    expect(all.entities.map((entity) => entity.name)).toEqual(expect.arrayContaining(['user', 'Berlin', 'Lisbon']));
    expect(all.entities[0]!.name).toBe('user');
    const found = graphEntitiesResponseSchema.parse(await (await fixture.app.request('/agents/ada/graph/entities?query=lis')).json());
    expect(found.entities.map((entity) => entity.name)).toEqual(['Lisbon']);
    expect((await fixture.app.request('/agents/ada/graph/entities?limit=0')).status).toBe(400);
    expect((await fixture.app.request('/agents/ada/graph/entities?colour=red')).status).toBe(400);
  });

  test("an entity's neighbourhood: the closed relation is marked closed, with the memories it came from", async () => {
    fixture = await linkedGraph();
    const answer = graphNeighborsResponseSchema.parse(await (await fixture.app.request('/agents/ada/graph/neighbors/User')).json());
    expect(answer.entity.name).toBe('user');
    const livesIn = answer.relations.filter((relation) => relation.predicate === 'live_in').map((relation) => [relation.object.name, relation.closed, relation.validTo]);
    expect(livesIn).toEqual([
      ['Lisbon', false, null],
      ['Berlin', true, Date.UTC(2023, 3, 1)],
    ]);
    const berlin = answer.relations.find((relation) => relation.object.name === 'Berlin')!;
    expect(answer.memories.find((memory) => memory.id === berlin.memoryIds[0])?.content).toBe('I live in Berlin.');

    const fromObject = graphNeighborsResponseSchema.parse(await (await fixture.app.request('/agents/ada/graph/neighbors/lisbon')).json());
    expect(fromObject.relations.map((relation) => relation.subject.name)).toEqual(['user']);
    const missing = await fixture.app.request('/agents/ada/graph/neighbors/Atlantis');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

describe('POST /agents/:agent/forget/preview by description', () => {
  test('lists exactly what forgetting the description deletes, and deletes nothing', async () => {
    fixture = await createHttpAppFixture({ embedder: null });
    const preview = (await (await fixture.json('/agents/ada/forget/preview', 'POST', { description: 'coffee standups' })).json()) as { memories: MemoryView[]; missing: string[] };
    expect(preview.memories.map((memory) => memory.content)).toEqual(['Ada prefers her coffee black and her standups short']);
    expect(((await (await fixture.app.request('/agents/ada/memories')).json()) as { total: number }).total).toBe(7);
    const forgotten = (await (await fixture.json('/agents/ada/forget', 'POST', { description: 'coffee standups' })).json()) as { deleted: string[] };
    expect(forgotten.deleted).toEqual(preview.memories.map((memory) => memory.id));
    expect((await fixture.json('/agents/ada/forget/preview', 'POST', { description: '   ' })).status).toBe(400);
  });

  test('when forget would ask, the preview lists the same candidates and deletes nothing', async () => {
    fixture = await createHttpAppFixture({ embedder: null });
    // Two memories hold "invoice" and nothing else decides: forget answers with both to confirm (a probe saw the preview answer { memories: [] } alone).
    const preview = (await (await fixture.json('/agents/ada/forget/preview', 'POST', { description: 'invoice' })).json()) as { memories: MemoryView[]; candidates: { id: string; content: string; why: string }[] };
    expect(preview.memories).toEqual([]);
    expect(preview.candidates.map((candidate) => candidate.content).sort()).toEqual(['Invoice retries should back off exponentially to avoid hammering the payment gateway', 'The postgres migration for invoices timed out on the replica']);
    expect(preview.candidates.every((candidate) => candidate.why.length > 0)).toBe(true);
    const forgotten = (await (await fixture.json('/agents/ada/forget', 'POST', { description: 'invoice' })).json()) as { deleted: string[]; candidates: { id: string; content: string; why: string }[] };
    expect(forgotten.deleted).toEqual([]);
    expect(preview.candidates.map(({ id, content, why }) => ({ id, content, why }))).toEqual(forgotten.candidates);
    expect(((await (await fixture.app.request('/agents/ada/memories')).json()) as { total: number }).total).toBe(7);
  });
});

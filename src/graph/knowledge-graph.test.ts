import { afterEach, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createKnowledgeGraph } from './knowledge-graph.ts';

const NOW = Date.UTC(2025, 0, 1);
const opened: { memory: Hippocampus; cleanup(): void }[] = [];

async function openMemory(): Promise<Hippocampus> {
  const { home, cleanup } = createTempHome('hippocampus-graph-');
  const memory = await createHippocampus({ home, agentId: 'graph-test', embedder: createHashEmbedder(), clock: { now: () => NOW } });
  opened.push({ memory, cleanup });
  return memory;
}

afterEach(async () => {
  for (const { memory, cleanup } of opened.splice(0)) {
    await memory.stop();
    cleanup();
  }
});

const objects = (relations: { object: { name: string } }[]) => relations.map((relation) => relation.object.name);

/** An engine whose long-term memories say these statements at these times, linked: the graph and each memory's id. */
async function linkedStatements(statements: [content: string, timestamp: number][]) {
  const memory = await openMemory();
  const written = await memory.rememberMany(statements.map(([content, timestamp]) => ({ type: 'chat' as const, content, timestamp })), { longTerm: true });
  const graph = createKnowledgeGraph({ memory });
  await graph.linkMemories();
  return { memory, graph, ids: written.map((result) => result.memory.id) };
}

describe('knowledge graph validity', () => {
  it('answers where the user lived in 2023: a moved-away fact is closed with validTo, not deleted', async () => {
    const memory = await openMemory();
    await memory.rememberMany(
      [
        { type: 'chat', content: 'I live in Berlin.', timestamp: Date.UTC(2021, 2, 1) },
        { type: 'chat', content: 'I moved to Lisbon.', timestamp: Date.UTC(2023, 3, 1) },
        { type: 'chat', content: 'I moved to Porto.', timestamp: Date.UTC(2024, 8, 1) },
      ],
      { longTerm: true },
    );
    const graph = createKnowledgeGraph({ memory });
    await graph.linkMemories();

    expect(objects(await graph.asOf(Date.UTC(2023, 5, 1), { subject: 'user', predicate: 'lives_in' }))).toEqual(['Lisbon']);
    expect(objects(await graph.asOf(Date.UTC(2022, 5, 1), { subject: 'user', predicate: 'lives_in' }))).toEqual(['Berlin']);
    expect(objects(await graph.asOf(NOW, { subject: 'user', predicate: 'lives_in' }))).toEqual(['Porto']);
    const during2023 = await graph.relations({ subject: 'user', predicate: 'lives_in', during: { from: Date.UTC(2023, 0, 1), to: Date.UTC(2024, 0, 1) } });
    expect(objects(during2023).sort()).toEqual(['Berlin', 'Lisbon']);

    const asked = await graph.factsFor('Where did the user live in 2023?');
    expect(asked.span).toEqual({ from: Date.UTC(2023, 0, 1), to: Date.UTC(2024, 0, 1) });
    expect(objects(asked.relations).sort()).toEqual(['Berlin', 'Lisbon']);
    expect(objects((await graph.factsFor('Where do I live?')).relations)).toEqual(['Porto']);

    const history = await graph.relations({ subject: 'user', predicate: 'lives_in' });
    expect(history.map((relation) => [relation.object.name, relation.validFrom, relation.validTo])).toEqual([
      ['Porto', Date.UTC(2024, 8, 1), null],
      ['Lisbon', Date.UTC(2023, 3, 1), Date.UTC(2024, 8, 1)],
      ['Berlin', Date.UTC(2021, 2, 1), Date.UTC(2023, 3, 1)],
    ]);
  });

  it('closes a relation the user negates, and an out-of-order older fact is stored already closed', async () => {
    const memory = await openMemory();
    await memory.rememberMany(
      [
        { type: 'chat', content: 'I moved to Lisbon.', timestamp: Date.UTC(2023, 3, 1) },
        { type: 'chat', content: 'I no longer live in Lisbon.', timestamp: Date.UTC(2024, 0, 10) },
      ],
      { longTerm: true },
    );
    const graph = createKnowledgeGraph({ memory });
    await graph.linkMemories();
    expect(await graph.asOf(Date.UTC(2024, 5, 1), { subject: 'user', predicate: 'lives_in' })).toEqual([]);
    expect(objects(await graph.asOf(Date.UTC(2023, 5, 1), { subject: 'user', predicate: 'lives_in' }))).toEqual(['Lisbon']);

    const [late] = await memory.rememberMany([{ type: 'chat', content: 'I live in Madrid.', timestamp: Date.UTC(2026, 0, 1) }], { longTerm: true });
    const [older] = await memory.rememberMany([{ type: 'chat', content: 'I live in Berlin.', timestamp: Date.UTC(2025, 0, 1) }], { longTerm: true });
    await graph.linkMemories([late!.memory.id, older!.memory.id]);
    const berlin = (await graph.relations({ subject: 'user', object: 'Berlin' }))[0]!;
    expect([berlin.validFrom, berlin.validTo]).toEqual([Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)]);
  });

  it('forgetting a memory removes its provenance, the relation it alone supported and entities nothing else mentions', async () => {
    const { memory, graph, ids: [berlin, lisbon] } = await linkedStatements([
      ['I live in Berlin.', Date.UTC(2021, 2, 1)],
      ['I moved to Lisbon.', Date.UTC(2023, 3, 1)],
    ]);
    await memory.forget([berlin!]);
    // Nothing to read again: Berlin closed nothing, and what closed it stays.
    expect((await graph.linkMemories()).memories).toBe(0);
    expect(objects(await graph.relations({ subject: 'user' }))).toEqual(['Lisbon']);
    expect(await graph.store.findEntities({ agentId: memory.agentId }, ['Berlin'])).toEqual([]);
    expect((await graph.relations({ subject: 'user' }))[0]!.memoryIds).toEqual([lisbon]);
  });

  it('forgetting the memory that closed a relation reopens it: the graph no longer answers what the memory said', async () => {
    const { memory, graph, ids: [berlin, leaving] } = await linkedStatements([
      ['I live in Berlin.', Date.UTC(2021, 2, 1)],
      ['I no longer live in Berlin.', Date.UTC(2024, 0, 10)],
    ]);
    const history = async () => (await graph.relations({ subject: 'user', predicate: 'lives_in' })).map((relation) => [relation.object.name, relation.validFrom, relation.validTo, relation.memoryIds]);
    expect(await history()).toEqual([['Berlin', Date.UTC(2021, 2, 1), Date.UTC(2024, 0, 10), [berlin, leaving]]]);
    await memory.forget([leaving!]);
    await graph.linkMemories();
    expect(await history()).toEqual([['Berlin', Date.UTC(2021, 2, 1), null, [berlin]]]);
    expect(objects(await graph.asOf(NOW, { subject: 'user', predicate: 'lives_in' }))).toEqual(['Berlin']);
  });

  it('forgetting a move in the middle of a history closes the one before it at the next move, as if never said', async () => {
    const { memory, graph, ids: [, lisbon] } = await linkedStatements([
      ['I live in Berlin.', Date.UTC(2021, 2, 1)],
      ['I moved to Lisbon.', Date.UTC(2023, 3, 1)],
      ['I moved to Porto.', Date.UTC(2024, 8, 1)],
    ]);
    await memory.forget([lisbon!]);
    await graph.linkMemories();
    expect((await graph.relations({ subject: 'user', predicate: 'lives_in' })).map((relation) => [relation.object.name, relation.validFrom, relation.validTo])).toEqual([
      ['Porto', Date.UTC(2024, 8, 1), null],
      ['Berlin', Date.UTC(2021, 2, 1), Date.UTC(2024, 8, 1)],
    ]);
    expect(await graph.store.findEntities({ agentId: memory.agentId }, ['Lisbon'])).toEqual([]);
  });

  it('editing a linked memory reads it again: the relation it no longer states is gone, the new one is there', async () => {
    const { memory, graph, ids: [moved] } = await linkedStatements([['I moved to Lisbon.', Date.UTC(2023, 3, 1)]]);
    await memory.update(moved!, { content: 'I moved to Madrid.' });
    // Read again by the edit itself (the graph is kept linked): nothing is left for the next link.
    expect(objects(await graph.relations({ subject: 'user', predicate: 'lives_in' }))).toEqual(['Madrid']);
    expect(await graph.store.findEntities({ agentId: memory.agentId }, ['Lisbon'])).toEqual([]);
    expect((await graph.linkMemories()).memories).toBe(0);
  });

  it('links each memory once: a second run reads nothing', async () => {
    const memory = await openMemory();
    await memory.rememberMany([{ type: 'chat', content: 'Beatriz works at Globex in Porto.' }], { longTerm: true });
    const graph = createKnowledgeGraph({ memory });
    const first = await graph.linkMemories();
    expect(first.memories).toBe(1);
    expect(first.entitiesCreated).toBeGreaterThanOrEqual(3);
    expect((await graph.linkMemories()).memories).toBe(0);
    expect((await graph.neighbors('Beatriz')).map((relation) => [relation.subject.name, relation.predicate, relation.object.name])).toEqual([['Beatriz', 'work_at', 'Globex']]);
  });
});

describe('listing entities', () => {
  it('refuses a limit that is not a whole number of at least 1, as the CLI and HTTP do; a good one still lists', async () => {
    const memory = await openMemory();
    await memory.rememberMany([{ type: 'chat', content: 'I live in Berlin.' }, { type: 'chat', content: 'My sister Ines lives in Porto.' }], { longTerm: true });
    const graph = createKnowledgeGraph({ memory });
    await graph.linkMemories();
    for (const limit of [-1, 0, 1.5, Number.NaN]) await expect(graph.entities({ limit }), String(limit)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await graph.entities({ limit: 1 })).toHaveLength(1);
  });
});

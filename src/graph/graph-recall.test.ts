import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createKnowledgeGraph, type KnowledgeGraph } from './knowledge-graph.ts';

// The answer to "Where does Ana's sister work?" sits two hops away: one note
// says who the sister is, another where Beatriz works, and that one shares no
// word with the question. The distractors share words but not the people.
const BRIDGE = "Ana's sister is Beatriz, two years older.";
const SECOND_HOP = 'Beatriz has a job at Globex, the shipping firm in Porto.';
const FIXTURE = [
  BRIDGE,
  SECOND_HOP,
  'Ana works at Initech as a designer and loves her work.',
  'Where does Ana work these days? At Initech, still.',
  "Ana's work trip to Madrid was exhausting.",
  'My sister works at a hospital in Leeds.',
  'Her sister said the work was boring.',
  'Marco works at Hooli in Dublin.',
  'Globex ships wine from Porto to Boston.',
];
const QUESTION = "Where does Ana's sister work?";

describe('graph recall on a multi-hop fixture', () => {
  let memory: Hippocampus;
  let graph: KnowledgeGraph;
  let cleanup: () => void;

  beforeAll(async () => {
    const temp = createTempHome('hippocampus-multihop-');
    cleanup = temp.cleanup;
    memory = await createHippocampus({ home: temp.home, agentId: 'multi-hop', embedder: createHashEmbedder(), clock: { now: () => Date.UTC(2025, 0, 1) } });
    await memory.rememberMany(
      FIXTURE.map((content, index) => ({ type: 'observation' as const, content, timestamp: Date.UTC(2024, 0, 1 + index) })),
      { longTerm: true },
    );
    graph = createKnowledgeGraph({ memory });
    await graph.linkMemories();
  });

  afterAll(async () => {
    await memory.stop();
    cleanup();
  });

  it('finds the second hop that plain hybrid recall never returns: ranked by PPR alone it is second, right after the bridge', async () => {
    const plain = (await memory.recallRelevant(QUESTION, { limit: 10, recordAccess: false })).map((hit) => hit.memory.content);
    expect(plain).toContain(BRIDGE);
    expect(plain).not.toContain(SECOND_HOP);

    const byGraph = await graph.recall(QUESTION, { limit: 3, graphWeight: 1 });
    expect(byGraph.map((hit) => hit.memory.content).slice(0, 2)).toEqual([BRIDGE, SECOND_HOP]);
    expect(byGraph[0]!.explain.seeds).toEqual(expect.arrayContaining(['Ana', "Ana's sister"]));
  });

  it('at the default blend the second hop comes back with a graph score and nothing from hybrid', async () => {
    const blended = await graph.recall(QUESTION, { limit: 10 });
    const hop = blended.find((hit) => hit.memory.content === SECOND_HOP);
    expect(hop?.explain.hybrid).toBe(0);
    expect(hop?.explain.graph).toBeGreaterThan(0.2);
    // Memories unrelated to Ana and her sister get nothing from the graph.
    expect(blended.find((hit) => hit.memory.content.startsWith('Marco'))?.explain.graph ?? 0).toBe(0);
  });

  it('with graphWeight 0 ranks exactly as hybrid recall', async () => {
    const plain = (await memory.recallRelevant(QUESTION, { limit: 5, recordAccess: false })).map((hit) => hit.memory.id);
    const blended = (await graph.recall(QUESTION, { limit: 5, graphWeight: 0 })).map((hit) => hit.memory.id);
    expect(blended).toEqual(plain);
  });
});

describe('graph recall and superseded or filtered memories', () => {
  it('leaves out a superseded memory and, under a hybrid filter, memories only the graph found', async () => {
    const temp = createTempHome('hippocampus-graph-filter-');
    const memory = await createHippocampus({ home: temp.home, agentId: 'filters', embedder: createHashEmbedder(), clock: { now: () => Date.UTC(2025, 0, 1) } });
    try {
      const [bridge, hop] = await memory.rememberMany(
        [
          { type: 'observation', content: BRIDGE, domain: 'family' },
          { type: 'observation', content: SECOND_HOP, domain: 'work' },
        ],
        { longTerm: true },
      );
      const graph = createKnowledgeGraph({ memory });
      await graph.linkMemories();
      const ids = async (options: Parameters<KnowledgeGraph['recall']>[1]) => (await graph.recall(QUESTION, options)).map((hit) => hit.memory.id);
      expect(await ids({ graphWeight: 1 })).toContain(hop!.memory.id);
      expect(await ids({ graphWeight: 1, hybrid: { domain: 'family' } })).toEqual([bridge!.memory.id]);
      await memory.supersede(hop!.memory.id, { type: 'observation', content: 'Beatriz left Globex.' });
      expect(await ids({ graphWeight: 1 })).not.toContain(hop!.memory.id);
    } finally {
      await memory.stop();
      temp.cleanup();
    }
  });
});

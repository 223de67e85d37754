import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKnowledgeGraph } from '../graph/knowledge-graph.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createInProcessWorkingMemory } from '../working/in-process-store.ts';
import { routeOnce } from './agent-layers.ts';
import { consolidateWorkingMemory } from './consolidate-working.ts';

// A routed recall and a working-memory consolidation make a graph for their own task. Made as a host makes one, it
// registered its relinking on the engine: from then on every forget linked again, with the offline rules, what it
// unlinked, though the host had made no graph (or had yet to make its own, with the extractor it chose).

const DAY = 86_400_000;
const BASE = Date.UTC(2024, 0, 1);
const scope = { agentId: 'ada' };
let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
let berlin: string, lisbon: string, porto: string;

beforeEach(async () => {
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
  const stored = await memory.rememberMany(
    ['I live in Berlin', 'I moved to Lisbon', 'I moved to Porto'].map((content, index) => ({ type: 'observation' as const, content, timestamp: BASE + index * 30 * DAY })),
    { longTerm: true },
  );
  [berlin, lisbon, porto] = stored.map((result) => result.memory.id) as [string, string, string];
  // Linked without making the engine relink: what a forget then leaves unlinked is what it would be with no graph.
  await createKnowledgeGraph({ memory, keepLinked: false }).linkMemories();
});
afterEach(async () => {
  await memory.stop();
  home.cleanup();
});

/** The memories a forget of Lisbon left for the next link: none when the engine linked them again itself. */
async function unlinkedAfterForgettingLisbon(): Promise<string[]> {
  await memory.forget([lisbon]);
  const graph = createKnowledgeGraph({ memory, keepLinked: false });
  return [...(await graph.store.unlinkedMemoryIds(scope, 10))].sort();
}

describe('graphs made for one task do not make the engine relink', () => {
  it('after a routed recall, a forget leaves what it unlinked to the next link, as with no graph', async () => {
    await routeOnce(memory, 'where do I live now?');
    expect(await unlinkedAfterForgettingLisbon()).toContain(berlin);
  });

  it('after a working-memory consolidation, likewise', async () => {
    const working = createInProcessWorkingMemory();
    await working.store(scope, { conversationId: 'c1', timestamp: Date.now(), fullText: 'user: my sister Alice works at Zebracorp', embedding: [1, 0, 0], keyEntities: ['Alice'], topics: [], userIntent: null });
    expect((await consolidateWorkingMemory({ memory, working })).conversationIds).toEqual(['c1']);
    expect(await unlinkedAfterForgettingLisbon()).toContain(berlin);
  });

  it('a graph a host makes over the engine still does: the forget links them again before it returns', async () => {
    createKnowledgeGraph({ memory });
    await routeOnce(memory, 'where do I live now?');
    expect(await unlinkedAfterForgettingLisbon()).toEqual([]);
    expect((await memory.get(porto)).content).toBe('I moved to Porto');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineFactExtractor } from '../facts/offline-fact-extractor.ts';
import type { FactExtractor } from '../facts/fact-extractor.ts';
import { createKnowledgeGraph } from '../graph/knowledge-graph.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { describeConversation } from '../working/conversation-features.ts';
import { createInProcessWorkingMemory } from '../working/in-process-store.ts';
import { consolidateWorkingMemory } from './consolidate-working.ts';
import { nextConsolidationAt, scheduleWorkingConsolidation } from './consolidation-schedule.ts';
import { parseConsolidationSchedule } from './nightly-consolidation.ts';

const NOW = Date.UTC(2025, 0, 10, 12);
const embedder = createHashEmbedder({ dimensions: 128 });
const scope = { agentId: 'consolidator' };
let memory: Hippocampus;
let cleanup: () => void;
let mined: string[];
let extractor: FactExtractor;

async function workingWith(...conversations: { id: string; user: string; hoursAgo: number }[]): Promise<WorkingMemoryStore> {
  const working = createInProcessWorkingMemory({ embedder, clock: { now: () => NOW } });
  for (const conversation of conversations) {
    const turns = [
      { role: 'user', content: conversation.user },
      { role: 'assistant', content: 'Noted, thanks for telling me.' },
    ];
    await working.store(scope, await describeConversation({ conversationId: conversation.id, timestamp: NOW - conversation.hoursAgo * 3_600_000, turns }, embedder));
  }
  return working;
}

beforeEach(async () => {
  const temp = createTempHome('hippocampus-consolidate-');
  cleanup = temp.cleanup;
  memory = await createHippocampus({ home: temp.home, agentId: scope.agentId, embedder, clock: { now: () => NOW } });
  mined = [];
  // The real offline extractor, counting what it is asked to read.
  const offline = createOfflineFactExtractor();
  extractor = { kind: 'offline', extract: (text) => (mined.push(text), offline.extract(text)) };
});

afterEach(async () => {
  await memory.stop();
  cleanup();
});

describe('working → semantic consolidation', () => {
  it('mines each conversation into fact memories and the graph, and marks it consolidated', async () => {
    const working = await workingWith({ id: 'move', user: 'I moved to Lisbon with Priya.', hoursAgo: 5 }, { id: 'food', user: 'I love Ethiopian food.', hoursAgo: 2 });
    const report = await consolidateWorkingMemory({ memory, working, factExtractor: extractor });
    expect(report.conversationIds).toEqual(['move', 'food']);
    expect(report.facts).toBeGreaterThanOrEqual(2);

    const facts = await memory.recall({ kinds: ['fact'] });
    expect(facts.map((fact) => fact.content)).toEqual(expect.arrayContaining(['User lives in Lisbon with Priya']));
    expect(facts.every((fact) => fact.context.conversationId !== undefined && fact.consolidatedAt !== null)).toBe(true);
    const graph = createKnowledgeGraph({ memory });
    expect((await graph.asOf(NOW, { subject: 'user', predicate: 'lives_in' })).map((relation) => relation.object.name)).toEqual(['Lisbon']);
    expect((await graph.store.findEntities(scope, ['Priya'])).length).toBe(1);
    expect((await working.get(scope, 'move'))!.consolidatedAt).toBe(NOW);
  });

  it('a forget of a mined transcript takes the facts mined from it and the graph relations only they supported (the facts stayed)', async () => {
    const working = await workingWith({ id: 'job', user: 'My sister Alice works at Zebracorp in Lisbon.', hoursAgo: 3 }, { id: 'food', user: 'I love Ethiopian food.', hoursAgo: 2 });
    const report = await consolidateWorkingMemory({ memory, working, factExtractor: extractor });
    const all = await memory.recall({ limit: 100 });
    const transcript = all.find((record) => record.kind === 'memory' && record.context.conversationId === 'job')!;
    const minedFacts = all.filter((record) => record.kind === 'fact' && record.context.conversationId === 'job');
    expect(minedFacts.map((fact) => fact.content).join()).toContain('Zebracorp');
    expect((await memory.forget([transcript.id])).sort()).toEqual([transcript.id, ...minedFacts.map((fact) => fact.id)].sort());
    const left = await memory.recall({ limit: 100 });
    expect(left.map((record) => record.content).join('\n')).not.toMatch(/Zebracorp/u);
    // The other conversation's transcript and facts are untouched.
    expect(left.map((record) => record.id).sort()).toEqual(report.memoryIds.filter((id) => all.find((record) => record.id === id)?.context.conversationId === 'food').sort());
    expect((await createKnowledgeGraph({ memory }).store.findEntities(scope, ['Zebracorp'])).length).toBe(0);
  });

  it('never mines a conversation twice: not on a second run, nor after a restart forgot the working-memory marks', async () => {
    const conversation = { id: 'move', user: 'I moved to Lisbon.', hoursAgo: 5 };
    const working = await workingWith(conversation);
    await consolidateWorkingMemory({ memory, working, factExtractor: extractor });
    const stored = await memory.store.count(scope);
    expect(mined).toHaveLength(1);

    const again = await consolidateWorkingMemory({ memory, working, factExtractor: extractor });
    expect(again).toMatchObject({ conversationIds: [], alreadyConsolidated: 1 });
    const restarted = await workingWith(conversation, { id: 'new', user: 'My manager is Priya.', hoursAgo: 1 });
    const afterRestart = await consolidateWorkingMemory({ memory, working: restarted, factExtractor: extractor });
    expect(afterRestart.conversationIds).toEqual(['new']);
    expect(mined).toHaveLength(2);
    expect(await memory.store.count(scope)).toBeGreaterThan(stored);
    expect((await restarted.get(scope, 'move'))!.consolidatedAt ?? null).toBeNull();
  });

  it('is nightly by default, configurable, and runs on demand', async () => {
    expect(nextConsolidationAt(Date.UTC(2025, 0, 1, 12), { every: 'night' })).toBe(Date.UTC(2025, 0, 2, 3));
    expect(nextConsolidationAt(Date.UTC(2025, 0, 1, 1), { every: 'night', hourUtc: 2 })).toBe(Date.UTC(2025, 0, 1, 2));
    expect(nextConsolidationAt(1_000, { every: 'interval', intervalMs: 500 })).toBe(1_500);
    expect(nextConsolidationAt(1_000, { every: 'never' })).toBeNull();

    const working = await workingWith({ id: 'move', user: 'I moved to Lisbon.', hoursAgo: 5 });
    const scheduler = scheduleWorkingConsolidation({ memory, working, factExtractor: extractor });
    expect(scheduler.nextRunAt()).toBe(Date.UTC(2025, 0, 11, 3));
    const [first, second] = await Promise.all([scheduler.runNow(), scheduler.runNow()]);
    scheduler.stop();
    expect(first.conversationIds).toEqual(['move']);
    expect(second.conversationIds).toEqual([]);
    expect(scheduler.nextRunAt()).toBeNull();
  });

  it('refuses an interval longer than a timer can wait (2^31 - 1 ms, 24.8 days), in the library and the CLI', async () => {
    // Node fires a longer setTimeout after 1 ms: `serve --consolidate-at 600h` consolidated every agent in a loop,
    // a pass each millisecond or so (probe: 33 % CPU with no agent, /consolidation's lastPass new at every call).
    const working = await workingWith();
    const runs: number[] = [];
    const tooLong = { every: 'interval', intervalMs: 30 * 24 * 3_600_000 } as const;
    expect(() => scheduleWorkingConsolidation({ memory, working, factExtractor: extractor, schedule: tooLong, onRun: () => void runs.push(1) })?.stop()).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringContaining('at most 2147483647') }),
    );
    expect(nextConsolidationAt(1_000, { every: 'interval', intervalMs: 2 ** 31 - 1 })).toBe(1_000 + 2 ** 31 - 1);
    expect(parseConsolidationSchedule('600h')).toBeNull();
    expect(parseConsolidationSchedule('596h')).toEqual({ every: 'interval', intervalMs: 596 * 3_600_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toEqual([]);
  });
});

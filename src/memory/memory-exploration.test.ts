import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

const DAY = 86_400_000;
let home: string;
let cleanup: () => void;
let memory: Hippocampus;
let now = Date.UTC(2026, 3, 1);

beforeEach(async () => {
  ({ home, cleanup } = createTempHome());
  now = Date.UTC(2026, 3, 1);
  memory = await createHippocampus({ home, agentId: 'ada', embedder: createHashEmbedder({ dimensions: 512 }), clock: { now: () => now } });
});
afterEach(async () => {
  await memory.stop();
  cleanup();
});

describe('exploring memories', () => {
  it('finds similar memories, without the memory itself', async () => {
    const [seed] = await memory.rememberMany(
      [
        { type: 'insight', content: 'redis cache eviction caused latency spikes' },
        { type: 'insight', content: 'latency spikes came from redis cache eviction storms' },
        { type: 'insight', content: 'the team lunch is on friday' },
      ],
      { longTerm: true },
    );
    const similar = await memory.recallSimilarTo(seed!.memory.id, { limit: 1 });
    expect(similar.map((entry) => entry.memory.content)).toEqual(['latency spikes came from redis cache eviction storms']);
    expect((await memory.recallSimilarTo(seed!.memory.id, { limit: 3, excludeSelf: false }))[0]?.memory.id).toBe(seed!.memory.id);
    await expect(memory.recallSimilarTo('01NOPE0000000000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists important, rarely revisited, old memories for review', async () => {
    await memory.rememberMany(
      [
        { type: 'decision', content: 'old important decision', importance: 0.9, timestamp: now - 40 * DAY },
        { type: 'decision', content: 'recent important decision', importance: 0.9, timestamp: now - 5 * DAY },
        { type: 'observation', content: 'old unimportant note', importance: 0.3, timestamp: now - 40 * DAY },
      ],
      { longTerm: true },
    );
    expect((await memory.findMemoriesNeedingReview()).map((record) => record.content)).toEqual(['old important decision']);
    for (let index = 0; index < 5; index += 1) await memory.recall({ text: 'old important', recordAccess: true });
    expect(await memory.findMemoriesNeedingReview()).toHaveLength(0);
  });

  it('explores a cluster breadth-first without revisiting', async () => {
    const results = await memory.rememberMany(
      [
        { type: 'insight', content: 'alpha beta gamma' },
        { type: 'insight', content: 'alpha beta gamma delta' },
        { type: 'insight', content: 'beta gamma delta epsilon' },
        { type: 'insight', content: 'completely unrelated words here' },
      ],
      { longTerm: true },
    );
    const cluster = await memory.findMemoryClusters(results[0]!.memory.id, 2, { minSimilarity: 0.7 });
    const ids = cluster.map((member) => member.memory.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(cluster[0]).toMatchObject({ depth: 0, via: null });
    expect(cluster.map((member) => member.memory.content)).toContain('beta gamma delta epsilon');
    expect(cluster.map((member) => member.memory.content)).not.toContain('completely unrelated words here');
    const third = cluster.find((member) => member.memory.content === 'beta gamma delta epsilon');
    expect(third?.depth).toBe(2);
  });

  it('recalls by keywords only', async () => {
    await memory.rememberMany([{ type: 'chat', content: 'the kettle is broken' }, { type: 'chat', content: 'buy a new toaster' }], { longTerm: true });
    const found = await memory.recallByKeywords(['kettle']);
    expect(found.map((result) => result.memory.content)).toEqual(['the kettle is broken']);
    expect(found[0]?.explain.weights.semantic).toBe(0);
    await expect(memory.recallByKeywords([])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

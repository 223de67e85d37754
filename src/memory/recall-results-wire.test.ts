import { describe, expect, test } from 'vitest';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { MIXED_QUERIES, seedMixedMemories } from '../testing/mixed-recall-fixture.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus } from './hippocampus.ts';
import { packRecallResults, unpackRecallResults } from './recall-results-wire.ts';
import type { RecallResult } from './relevant-recall.ts';

/** What the engine's thread gets from a worker: packed there, cloned by postMessage, unpacked here. */
const carried = (results: RecallResult[]) => unpackRecallResults(structuredClone(packRecallResults(results)));

describe('recall results between threads', () => {
  test('come back as they left, key for key and in order: real results packed, odd ones whole, numbers exact', async () => {
    const home = createTempHome();
    try {
      const engine = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
      await seedMixedMemories(engine, 40);
      const answers: RecallResult[][] = [];
      for (const { query, options } of MIXED_QUERIES) answers.push(await engine.recallRelevant(query, { ...options, recordAccess: false }));
      await engine.stop();
      expect(answers.every((results) => results.length > 1)).toBe(true);
      for (const results of answers) {
        expect(packRecallResults(results).whole).toEqual([]);
        const back = carried(results);
        expect(JSON.stringify(back)).toBe(JSON.stringify(results));
        expect(back).toEqual(results);
        // Every result of one recall shares its weights object, as it did where it was made.
        expect(new Set(back.map((result) => result.explain.weights)).size).toBe(new Set(results.map((result) => result.explain.weights)).size);
      }

      const [first, second, third] = answers[0]!;
      const odd: RecallResult[] = [
        { ...first!, memory: { ...first!.memory, embeddingModel: 'x' } as RecallResult['memory'] },
        { ...second!, explain: { ...second!.explain, signals: { ...second!.explain.signals, keyword: -0, semantic: Number.NaN } } },
        { memory: third!.memory, explain: third!.explain, score: third!.score } as RecallResult,
        third!,
        // Every field of its own value (the fixture's records leave several empty or null): packed, each in its place.
        { ...first!, memory: { ...first!.memory, sessionId: 's', context: { userId: 'u' }, domain: 'd', category: 'c', consolidatedAt: 6, lastAccessedAt: 5, supersededBy: 'x', relatedTo: ['r'], tags: ['t'], source: 'src' } },
      ];
      const back = carried(odd);
      expect(JSON.stringify(back)).toBe(JSON.stringify(odd));
      expect(Object.is(back[1]!.explain.signals.keyword, -0)).toBe(true);
      expect(back[1]!.explain.signals.semantic).toBeNaN();
      expect(Object.keys(back[0]!.memory)).toContain('embeddingModel');
      expect(Object.keys(back[2]!)).toEqual(['memory', 'explain', 'score']);
      // Only the usual shapes are packed; the others travel whole.
      expect(packRecallResults(odd).whole.length).toBe(2);
    } finally {
      home.cleanup();
    }
  });
});

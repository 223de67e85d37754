import { describe, expect, it } from 'vitest';
import { seeded } from '../testing/fuzz-values.ts';
import { DEFAULT_RECALL_WEIGHTS, explainScore, scoreOf, type RecallSignals, type RecallWeights } from './recall-scoring.ts';

const KEYS = Object.keys(DEFAULT_RECALL_WEIGHTS) as (keyof RecallWeights)[];

describe('scoreOf', () => {
  it('is explainScore(…).score to the last bit, so a recall ranks by the number its explanation shows', () => {
    const random = seeded(16);
    // Values where the order of summing shows in the last bits: sums of products of unrelated magnitudes.
    const value = () => (random() < 0.2 ? 0 : random() * 10 ** Math.floor(random() * 6 - 3));
    let differentFromAnotherOrder = 0;
    for (let draw = 0; draw < 5_000; draw += 1) {
      const signals = Object.fromEntries(KEYS.map((key) => [key, value()])) as unknown as RecallSignals;
      const weights = Object.fromEntries(KEYS.map((key) => [key, value()])) as unknown as RecallWeights;
      const explained = explainScore(signals, weights);
      expect(Object.is(scoreOf(signals, weights), explained.score)).toBe(true);
      // The same products summed backwards: the check above would catch a change of order.
      const backwards = [...KEYS].reverse().reduce((sum, key) => sum + signals[key] * weights[key], 0);
      if (backwards !== explained.score) differentFromAnotherOrder += 1;
    }
    expect(differentFromAnotherOrder).toBeGreaterThan(100);
  });
});

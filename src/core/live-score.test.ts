import { describe, expect, it } from 'vitest';
import { liveScore, liveTier, reinforcedScore } from './live-score.ts';

const DAY = 86_400_000;

describe('live score', () => {
  it.each([
    [7, 0.93],
    [30, 0.74],
    [90, 0.4],
  ])('after %i days without access a memory keeps %f of its score', (days, share) => {
    expect(liveScore({ importance: 1, lastAccessedAt: 0, createdAt: 0 }, days * DAY)).toBeCloseTo(share, 2);
  });

  it('decays once per whole day, from the last access', () => {
    const memory = { importance: 0.8, lastAccessedAt: 10 * DAY, createdAt: 0 };
    expect(liveScore(memory, 10 * DAY + 23 * 3600_000)).toBe(0.8);
    expect(liveScore(memory, 11 * DAY)).toBeCloseTo(0.792, 10);
  });

  it('reinforces by 15% of the remaining headroom', () => {
    expect(reinforcedScore(0.6)).toBeCloseTo(0.66, 10);
    expect(reinforcedScore(1)).toBe(1);
  });

  it.each([
    [0.7, 'core'],
    [0.69, 'active'],
    [0.4, 'active'],
    [0.39, 'background'],
    [0.2, 'background'],
    [0.19, 'archival'],
  ])('score %f is %s', (importance, tier) => {
    expect(liveTier({ importance, lastAccessedAt: null, createdAt: 0 }, 0)).toBe(tier);
  });
});

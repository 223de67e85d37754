import { describe, expect, it } from 'vitest';
import { decayResistance, effectiveStrength, halfLifeDays, reinforce } from './strength.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('strength model', () => {
  it.each([
    [0, 29],
    [5, 44],
    [20, 55],
    [100, 69],
  ])('a memory accessed %i times has a half-life of about %i days', (accessCount, days) => {
    expect(halfLifeDays(accessCount)).toBeGreaterThan(days - 1);
    expect(halfLifeDays(accessCount)).toBeLessThan(days + 1);
    const strength = effectiveStrength({ runningIntensity: 1, accessCount, lastAccessedAt: 0, createdAt: 0 }, halfLifeDays(accessCount) * DAY);
    expect(strength).toBeCloseTo(0.5, 6);
  });

  it('decays from the last access, not from creation', () => {
    const memory = { runningIntensity: 0.8, accessCount: 0, lastAccessedAt: 10 * DAY, createdAt: 0 };
    expect(effectiveStrength(memory, 10 * DAY)).toBeCloseTo(0.8, 10);
    expect(effectiveStrength({ ...memory, lastAccessedAt: null }, 10 * DAY)).toBeLessThan(0.8);
  });

  it('reinforcement averages intensity over encounters', () => {
    const next = reinforce({ runningIntensity: 0.85, encounterCount: 1, accessCount: 0, importance: 0.5 }, { intensity: 0.81 }, 1234);
    expect(next.runningIntensity).toBeCloseTo(0.83, 10);
    expect(next).toMatchObject({ encounterCount: 2, accessCount: 1, lastAccessedAt: 1234, importance: 0.5 });
    expect(decayResistance(0)).toBe(1);
  });
});

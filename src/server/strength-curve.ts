import { effectiveStrength, FORGOTTEN_BELOW, halfLifeDays } from '../core/strength.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface StrengthPoint {
  at: number;
  strength: number;
}

export interface StrengthCurve {
  now: number;
  /** Decay since the last access (or creation) up to now, as the strength model computes it. */
  past: StrengthPoint[];
  /** Where the strength goes if nothing touches the memory again. */
  projected: StrengthPoint[];
  halfLifeDays: number;
  forgottenBelow: number;
  /** When the projected strength drops below `forgottenBelow`; null if not within a century. */
  forgottenAt: number | null;
}

/**
 * Samples the strength model (src/core/strength.ts) over time. Only the stretch
 * since the last access is drawn as past: before it, the model's inputs were
 * different and are not stored.
 *
 * @example
 * strengthCurve(memory, Date.now(), { decayRate: 0.001, horizonDays: 90, points: 60 }).projected.at(-1)
 */
export function strengthCurve(memory: MemoryRecord, now: number, options: { decayRate: number; horizonDays: number; points: number }): StrengthCurve {
  const anchor = Math.min(now, memory.lastAccessedAt ?? memory.createdAt);
  const sample = (from: number, to: number): StrengthPoint[] =>
    Array.from({ length: options.points }, (_, index) => {
      const at = from + ((to - from) * index) / (options.points - 1);
      return { at: Math.round(at), strength: effectiveStrength(memory, at, options.decayRate) };
    });
  const strength = effectiveStrength(memory, now, options.decayRate);
  const halfLife = halfLifeDays(memory.accessCount, options.decayRate);
  // strength × 2^(−t / halfLife) = forgottenBelow, solved for t.
  const daysLeft = strength <= FORGOTTEN_BELOW ? 0 : halfLife * Math.log2(strength / FORGOTTEN_BELOW);
  return {
    now,
    past: sample(anchor, now),
    projected: sample(now, now + options.horizonDays * DAY),
    halfLifeDays: halfLife,
    forgottenBelow: FORGOTTEN_BELOW,
    forgottenAt: daysLeft > 36_500 ? null : Math.round(now + daysLeft * DAY),
  };
}

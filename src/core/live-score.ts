import type { MemoryRecord } from '../spec/memory-record.ts';
import { tierOf, type MemoryTier } from './tiers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Daily retention of the live score: 0.99 per whole day since the last access. */
export const DAILY_RETENTION = 0.99;
/** Share of the remaining headroom a reinforcement adds: new = old + (1 − old) × 0.15. */
export const REINFORCEMENT_GAIN = 0.15;

/**
 * The live score of a memory: its stored importance decayed by 0.99 per whole
 * day since it was last accessed or reinforced. Decay is a function of elapsed
 * days, so it happens once per day however often any loop runs, and an access
 * (or reinforcement) restarts the clock.
 *
 * @example
 * liveScore({ importance: 1, lastAccessedAt: 0, createdAt: 0 }, 30 * 86_400_000) // ≈ 0.74
 */
export function liveScore(memory: Pick<MemoryRecord, 'importance' | 'lastAccessedAt' | 'createdAt'>, now: number): number {
  const since = memory.lastAccessedAt ?? memory.createdAt;
  const days = Math.floor(Math.max(0, now - since) / DAY);
  return memory.importance * DAILY_RETENTION ** days;
}

/** The score after one more encounter, from the current (decayed) score. */
export function reinforcedScore(current: number): number {
  return current + (1 - current) * REINFORCEMENT_GAIN;
}

/** Tier of a memory by its live score: core ≥ 0.7, active ≥ 0.4, background ≥ 0.2, else archival candidate. */
export function liveTier(memory: Pick<MemoryRecord, 'importance' | 'lastAccessedAt' | 'createdAt'>, now: number): MemoryTier {
  return tierOf(liveScore(memory, now));
}

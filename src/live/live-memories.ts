import { liveScore } from '../core/live-score.ts';
import { tierOf, TIER_THRESHOLDS, type MemoryTier } from '../core/tiers.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { ARCHIVED_TAG } from './candidate-matcher.ts';

export interface ScoredMemory {
  memory: MemoryRecord;
  /** importance × 0.99 per whole day since the last access. */
  score: number;
  tier: MemoryTier;
}

/**
 * Long-term memories with their live score at `now`, highest first. Archived and
 * superseded ones are left out; `maxImportance`/`minImportance` prefilter in the store
 * (the live score never exceeds the stored importance).
 *
 * @example
 * const core = (await scoredMemories(memory, { minImportance: 0.7 })).filter((entry) => entry.tier === 'core');
 */
export async function scoredMemories(memory: Hippocampus, options: { minImportance?: number; now?: number } = {}): Promise<ScoredMemory[]> {
  const now = options.now ?? memory.clock.now();
  const rows = await memory.store.query({ agentId: memory.agentId }, { consolidated: true, ...(options.minImportance === undefined ? {} : { minImportance: options.minImportance }), orderBy: 'importance' });
  return rows
    .filter((row) => !row.tags.includes(ARCHIVED_TAG))
    .map((row) => {
      const score = liveScore(row, now);
      return { memory: row, score, tier: tierOf(score) };
    })
    .sort((left, right) => right.score - left.score || right.memory.createdAt - left.memory.createdAt);
}

/** The core tier: memories at or above the core threshold right now. */
export async function coreMemories(memory: Hippocampus, now?: number): Promise<ScoredMemory[]> {
  return (await scoredMemories(memory, { minImportance: TIER_THRESHOLDS.core, ...(now === undefined ? {} : { now }) })).filter((entry) => entry.tier === 'core');
}

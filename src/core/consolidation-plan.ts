import type { PruneReason } from '../spec/memory-event.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';

export interface ConsolidationPolicy {
  threshold: number;
  maxAgeMs: number;
  retainImportance: number;
}

export interface ConsolidationPlan {
  /** Moves to long-term memory, most important first. */
  keep: MemoryRecord[];
  /** Leaves short-term memory without being kept. */
  prune: { memory: MemoryRecord; reason: PruneReason }[];
}

/**
 * Decides what of short-term memory is kept and what is dropped:
 * at or above the threshold → kept; older than the max age and below the
 * retain level → pruned as expired; the rest waits in short-term memory.
 *
 * @example
 * planConsolidation(buffer.entries(), { threshold: 0.6, maxAgeMs: 3600e3, retainImportance: 0.5 }, Date.now())
 */
export function planConsolidation(entries: readonly MemoryRecord[], policy: ConsolidationPolicy, now: number): ConsolidationPlan {
  const keep: MemoryRecord[] = [];
  const prune: ConsolidationPlan['prune'] = [];
  for (const memory of entries) {
    if (memory.importance >= policy.threshold) keep.push(memory);
    else if (now - memory.createdAt > policy.maxAgeMs && memory.importance < policy.retainImportance) prune.push({ memory, reason: 'expired' });
  }
  keep.sort((left, right) => right.importance - left.importance || left.createdAt - right.createdAt);
  return { keep, prune };
}

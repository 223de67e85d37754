import { effectiveStrength, halfLifeDays } from '../core/strength.ts';
import { tierOf, type MemoryTier } from '../core/tiers.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';

/** A memory as the API shows it: the record plus where it stands now. */
export interface MemoryView extends MemoryRecord {
  /** Importance tier of a long-term memory; null while it is short-term. */
  tier: MemoryTier | null;
  /** Strength model value at the time of the response, 0..1. */
  effectiveStrength: number;
  halfLifeDays: number;
}

/**
 * @example
 * toMemoryView(record, Date.now(), 0.001).effectiveStrength // 0.49
 */
export function toMemoryView(record: MemoryRecord, now: number, decayRate: number): MemoryView {
  return {
    ...record,
    tier: record.consolidatedAt === null ? null : tierOf(record.importance),
    effectiveStrength: effectiveStrength(record, now, decayRate),
    halfLifeDays: halfLifeDays(record.accessCount, decayRate),
  };
}

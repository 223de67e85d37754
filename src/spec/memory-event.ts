import type { ConsolidationRun } from './memory-store.ts';
import type { MemoryRecord } from './memory-record.ts';

export type PruneReason = 'expired' | 'evicted' | 'below-floor' | 'over-bound';

/** What the engine reports as it works; the demo and session logs are built from these. */
export type MemoryEvent =
  | { type: 'remembered'; memory: MemoryRecord; reasons: string[] }
  | { type: 'reinforced'; memoryId: string; encounterCount: number }
  | { type: 'consolidated'; memory: MemoryRecord }
  | { type: 'pruned'; memory: Pick<MemoryRecord, 'id' | 'content' | 'importance' | 'type'>; reason: PruneReason }
  | { type: 'consolidation-run'; run: ConsolidationRun }
  | { type: 'forgotten'; ids: string[] }
  | { type: 'error'; error: Error };

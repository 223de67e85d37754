import type { EngineConfig } from '../config/config-schema.ts';
import type { PruneReason } from '../spec/memory-event.ts';
import { emitPruned } from './engine-events.ts';
import { eraseMemories, type ErasureDependencies } from './forgetting.ts';

/**
 * A forget's (`eraseMemories`): the backend's purge, the files to scrub and a knowledge graph's relinking, so a
 * pruned memory is gone from every file and never re-imported, as a forgotten one is.
 */
export interface LongTermPruningDependencies extends ErasureDependencies {
  config: Pick<EngineConfig, 'longTerm'>;
}

export interface LongTermPruningResult {
  /** The ids removed. */
  deleted: string[];
  /** Still more long-term memories than the maximum after this pass (one pass removes at most 10,000). */
  overBound: boolean;
}

/**
 * Enforces the long-term bounds at `now`: removes the weakest beyond the
 * maximum or below the importance floor, sparing what is younger than
 * `protectRecentMs`. Index upkeep is `maintainIndexes`, apart.
 */
export async function pruneLongTerm(deps: LongTermPruningDependencies, now: number): Promise<LongTermPruningResult> {
  const { scope, store } = deps;
  const { maxMemories, minImportance, protectRecentMs } = deps.config.longTerm;
  const ids = await store.selectPruneCandidates(scope, { maxMemories, minImportance, protectedSince: now - protectRecentMs, limit: 10_000 });
  const doomed = await store.getMany(scope, ids);
  // Erased as a forget's: 1000 pruned of 10,000 took the same with and without (1.0–1.3 s, the delete's own cost);
  // with an exported mirror of all 10,000 to rewrite twice, 1.5–2.1 s against 1.0–1.1 s (bench/prune-erasure.bench.ts).
  const deleted = await eraseMemories(deps, ids, { engineInitiated: true });
  const total = await store.count(scope, { consolidated: true, includeSuperseded: true });
  const gone = new Set(deleted);
  for (const memory of doomed.filter((record) => gone.has(record.id))) {
    const reason: PruneReason = memory.importance < minImportance ? 'below-floor' : 'over-bound';
    emitPruned(deps.emit, memory, reason);
  }
  return { deleted, overBound: total > maxMemories };
}

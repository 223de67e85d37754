import type { EngineConfig } from '../config/config-schema.ts';
import type { PruneReason } from '../spec/memory-event.ts';
import type { AgentScope, MemoryStore } from '../spec/memory-store.ts';
import { emitPruned, type EmitEvent } from './engine-events.ts';
import { relinkAfterChange, type GraphRelinking } from './forgetting.ts';

export interface LongTermPruningDependencies {
  scope: AgentScope;
  store: MemoryStore;
  emit: EmitEvent;
  config: Pick<EngineConfig, 'longTerm'>;
  /** A knowledge graph's (`keepGraphLinked`): the memories whose relations the pruning drops, linked again after it, as a forget's are. */
  relinkGraph?: GraphRelinking | undefined;
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
  const relink = ids.length > 0 ? await deps.relinkGraph?.(ids) : undefined;
  const deleted = await store.deleteMany(scope, ids);
  await relinkAfterChange(deps.emit, relink);
  const total = await store.count(scope, { consolidated: true, includeSuperseded: true });
  for (const memory of doomed) {
    const reason: PruneReason = memory.importance < minImportance ? 'below-floor' : 'over-bound';
    emitPruned(deps.emit, memory, reason);
  }
  return { deleted, overBound: total > maxMemories };
}

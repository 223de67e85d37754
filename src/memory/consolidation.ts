import type { EngineConfig } from '../config/config-schema.ts';
import { planConsolidation } from '../core/consolidation-plan.ts';
import type { Clock } from '../spec/clock.ts';
import type { PruneReason } from '../spec/memory-event.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope, ConsolidationRun, MemoryStore } from '../spec/memory-store.ts';
import { emitPruned, type EmitEvent } from './engine-events.ts';
import { eraseMemories, type ErasureDependencies } from './forgetting.ts';
import type { ShortTermBuffer } from './short-term-buffer.ts';

export interface ConsolidationReport extends ConsolidationRun {
  keptIds: string[];
  pruned: number;
  prunedIds: { id: string; reason: PruneReason }[];
}

/**
 * `backend` (its purge), `scrubFiles` and `relinkGraph` are a forget's (`eraseMemories`): what a consolidation pass
 * or a ring eviction discards is gone from every file, as a forgotten memory is. A write's evictions run inside its
 * commit, without the relinking and with the purge after the commit (it checkpoints the WAL: `admit`).
 */
export interface ConsolidationDependencies extends ErasureDependencies {
  scope: AgentScope;
  store: MemoryStore;
  buffer: ShortTermBuffer<MemoryRecord>;
  clock: Clock;
  emit: EmitEvent;
  config: Pick<EngineConfig, 'consolidation' | 'shortTerm'>;
}

/**
 * Deletes short-term rows and takes them out of the ring; only the rows that
 * were still short-term are reported pruned. Returns the ids deleted.
 */
async function discardShortTerm(deps: ConsolidationDependencies, entries: { memory: MemoryRecord; reason: PruneReason }[]): Promise<Set<string>> {
  const deleted = new Set(await eraseMemories(deps, entries.map((entry) => entry.memory.id), { onlyShortTerm: true, engineInitiated: true }));
  for (const { memory, reason } of entries) {
    if (deleted.has(memory.id)) emitPruned(deps.emit, memory, reason);
  }
  return deleted;
}

/**
 * Moves records still short-term to long-term memory at `at`: marks them, writes
 * each a 'consolidated' history entry naming the trigger, and emits the event.
 * Returns the ids it moved (one already consolidated elsewhere is left alone).
 */
async function moveToLongTerm(deps: ConsolidationDependencies, records: MemoryRecord[], at: number, trigger: string): Promise<string[]> {
  const movedIds = await deps.store.markConsolidated(deps.scope, records.map((record) => record.id), at);
  await deps.store.appendHistory(deps.scope, movedIds.map((id) => ({ memoryId: id, at, event: 'consolidated' as const, details: { trigger } })));
  const moved = new Set(movedIds);
  for (const record of records) {
    if (!moved.has(record.id)) continue;
    record.consolidatedAt = at;
    deps.emit({ type: 'consolidated', memory: record });
  }
  return movedIds;
}

/**
 * Nothing important leaves the ring unconsolidated: it is consolidated on the spot; the rest is pruned (erased as
 * a forgotten memory is, the purge left to the caller when `deps` has no backend: a write runs this inside its
 * commit). Returns the ids pruned.
 */
export async function settleEvicted(deps: ConsolidationDependencies, evicted: MemoryRecord[]): Promise<string[]> {
  if (evicted.length === 0) return [];
  const { threshold } = deps.config.consolidation;
  await moveToLongTerm(deps, evicted.filter((record) => record.importance >= threshold), deps.clock.now(), 'evicted');
  return [...(await discardShortTerm(deps, evicted.filter((record) => record.importance < threshold).map((memory) => ({ memory, reason: 'evicted' as const }))))];
}

/** After a restart, what was still short-term comes back into the ring (oldest first). */
export async function recoverShortTerm(deps: ConsolidationDependencies): Promise<void> {
  const pending = await deps.store.query(deps.scope, { consolidated: false, includeSuperseded: true, orderBy: 'createdAt', direction: 'asc' });
  const evicted: MemoryRecord[] = [];
  for (const record of pending) {
    const out = deps.buffer.append(record);
    if (out) evicted.push(out);
  }
  await settleEvicted(deps, evicted);
}

/**
 * One consolidation pass over the ring: what the plan keeps moves to
 * long-term memory (with a history entry naming the trigger), what it prunes
 * is deleted. A run is recorded when it changed something or was asked for.
 */
export async function consolidateShortTerm(deps: ConsolidationDependencies, trigger: string): Promise<ConsolidationReport> {
  const { scope, store, buffer } = deps;
  const startedAt = deps.clock.now();
  const started = performance.now();
  const entries = buffer.entries();
  const plan = planConsolidation(entries, { threshold: deps.config.consolidation.threshold, ...deps.config.shortTerm }, startedAt);
  const keptIds = await moveToLongTerm(deps, plan.keep, startedAt, trigger);
  for (const record of plan.keep) buffer.remove(record.id);
  const prunedIds = await discardShortTerm(deps, plan.prune);
  const run: ConsolidationRun = { agentId: scope.agentId, startedAt, durationMs: performance.now() - started, candidatesIn: entries.length, kept: keptIds.length, pruned: prunedIds.size, trigger };
  if (run.kept > 0 || run.pruned > 0 || trigger === 'manual' || trigger === 'stop') {
    await store.recordConsolidationRun(run);
    deps.emit({ type: 'consolidation-run', run });
  }
  return { ...run, keptIds, prunedIds: plan.prune.filter((entry) => prunedIds.has(entry.memory.id)).map((entry) => ({ id: entry.memory.id, reason: entry.reason })) };
}

import { reinforce } from '../core/strength.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';
import type { ExperienceInput, MemoryContext, MemoryRecord } from '../spec/memory-record.ts';
import type { MemoryPatch } from '../spec/memory-store.ts';
import { recoverShortTerm, settleEvicted, type ConsolidationDependencies } from './consolidation.ts';
import { indexVectors, type VectorIndexingDependencies } from './vector-indexing.ts';

export interface RememberResult {
  memory: MemoryRecord;
  /** Set when a verbatim copy already existed and was reinforced instead. */
  duplicateOf: string | null;
  /** Why the importance is what it is. */
  reasons: string[];
}

/** The fields of a memory that `update` may change. */
export type MemoryEdit = Partial<Pick<ExperienceInput, 'content' | 'importance' | 'tags' | 'domain' | 'category' | 'context' | 'type'>>;

/** A new meeting with a memory: its intensity, and the importance to keep the larger of or to set outright. */
export interface Reinforcement {
  intensity: number;
  importance?: number;
  setImportance?: number;
  /** Context keys to set on the memory with this meeting (each replaces the memory's own; the others stay), e.g. where it was said again. */
  context?: MemoryContext;
}

export interface MemoryWriteDependencies extends ConsolidationDependencies, VectorIndexingDependencies {
  /** Links consecutive chat turns (`context.replyTo`) before they are stored. */
  linkThreads: (records: MemoryRecord[]) => void;
  /**
   * The backend's `atomically` for this agent, when it has one: the rows of a write, their history and
   * what the full ring evicts commit once. Without it each of them commits on its own.
   */
  commitTogether?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Takes the ids a write's ring evictions discarded inside its commit, for the backend's purge (tombstones, WAL,
   * index segments) to run outside any transaction: a purge checkpoints the WAL (SQLite refuses inside one: "database
   * table is locked") and vacuums on PostgreSQL (which would wait on the locks of a watcher's open batch the write
   * ran in). The engine purges them at its next consolidation pass, maintenance, forget or stop, all at once: purged
   * at each remember, one that discarded a memory cost ~15 ms more at 10,000 memories (3.9 → 19.5 ms; the FTS
   * optimize and the checkpoint); purged once after 50 of them, 1.8 ms a remember against 3.1 deleting only
   * (bench/prune-erasure.bench.ts).
   */
  purgeLater: (ids: string[]) => void;
}

/**
 * Writes records durably, reinforces verbatim duplicates, and places the new ones in the ring: the rows,
 * their history and the ring's eviction in one commit where the backend can (`commitTogether`). A
 * commit costs more than its statements: with SQLite, one instead of three was 1.08–1.51 → 0.86–1.04 ms
 * of CPU a `remember` (FTS5 flushes and merges once a commit), and every commit makes a read worker's
 * connection drop its page cache. The vectors follow the commit (an embedding may take long; the rows
 * never wait for it, and a memory whose embedding fails is kept and backfilled).
 */
export async function admit(deps: MemoryWriteDependencies, records: MemoryRecord[], options: { bypassShortTerm?: boolean } = {}): Promise<RememberResult[]> {
  deps.linkThreads(records);
  if (deps.vectorIndex.writesElsewhere !== true) {
    const { results, inserted } = await writeRows(deps, records, options);
    await indexVectors(deps, records.filter((record) => inserted.has(record.id)));
    return results;
  }
  // The embedding starts before the rows are written and runs while the server writes them; the vectors
  // are stored once the rows are (a vector joins its row), for the rows inserted only.
  let settleRows!: (ids: ReadonlySet<string>) => void;
  const rowsWritten = new Promise<ReadonlySet<string>>((resolve) => (settleRows = resolve));
  const vectors = indexVectors(deps, records, rowsWritten);
  let written: Awaited<ReturnType<typeof writeRows>>;
  try {
    written = await writeRows(deps, records, options);
  } catch (error) {
    settleRows(new Set());
    await vectors;
    throw error;
  }
  settleRows(written.inserted);
  await vectors;
  return written.results;
}

/**
 * The rows of `admit` and everything they change in the store, committed together when the backend
 * can. The engine's events wait for the commit (a write rolled back reports nothing); the ring, changed
 * as the write went, is read back from the store when it fails.
 */
async function writeRows(deps: MemoryWriteDependencies, records: MemoryRecord[], options: { bypassShortTerm?: boolean }): Promise<{ results: RememberResult[]; inserted: Set<string> }> {
  if (deps.commitTogether === undefined) return placeRows(deps, records, options);
  const events: MemoryEvent[] = [];
  let written: Awaited<ReturnType<typeof placeRows>>;
  try {
    // What the full ring evicts and discards is erased in the commit, its purge left for later (`purgeLater`).
    written = await deps.commitTogether(() => placeRows({ ...deps, backend: undefined, emit: (event) => events.push(event) }, records, options));
  } catch (error) {
    deps.buffer.clear();
    // A store that cannot be read now is read at the next start; the write's own failure is the one to report.
    await recoverShortTerm(deps).catch(() => undefined);
    throw error;
  }
  for (const event of events) deps.emit(event);
  if (written.discarded.length > 0) deps.purgeLater(written.discarded);
  return written;
}

async function placeRows(deps: MemoryWriteDependencies, records: MemoryRecord[], options: { bypassShortTerm?: boolean }): Promise<{ results: RememberResult[]; inserted: Set<string>; discarded: string[] }> {
  const { scope, store } = deps;
  const outcome = await store.insertMany(scope, records);
  const inserted = new Set(outcome.inserted);
  await store.appendHistory(
    scope,
    records.filter((record) => inserted.has(record.id)).map((record) => ({ memoryId: record.id, at: record.createdAt, event: 'created' as const, details: { importance: record.importance, intensity: record.runningIntensity } })),
  );
  const duplicateOf = new Map(outcome.duplicates.map((duplicate) => [duplicate.record.id, duplicate.existingId]));
  const results: RememberResult[] = [];
  const evicted: MemoryRecord[] = [];
  for (const record of records) {
    const existingId = duplicateOf.get(record.id);
    if (existingId !== undefined) {
      results.push({ memory: await reinforceExisting(deps, existingId, record), duplicateOf: existingId, reasons: ['verbatim duplicate: reinforced'] });
      continue;
    }
    if (!options.bypassShortTerm) {
      const out = deps.buffer.append(record);
      if (out) evicted.push(out);
    }
    results.push({ memory: record, duplicateOf: null, reasons: [] });
    deps.emit({ type: 'remembered', memory: record, reasons: [] });
  }
  const discarded = await settleEvicted(deps, evicted);
  return { results, inserted, discarded };
}

/**
 * Meeting a stored memory again, as `incoming`: counts go up, the running
 * intensity averages in the new one. `setImportance` replaces the importance
 * (the live watcher's reinforced score) instead of keeping the larger one;
 * `context` keys are set on the memory's context in the same write.
 */
export async function reinforceExisting(
  deps: Pick<MemoryWriteDependencies, 'scope' | 'store' | 'buffer' | 'clock' | 'emit'>,
  existingId: string,
  incoming: MemoryRecord,
  meeting: Pick<Reinforcement, 'setImportance' | 'context'> = {},
): Promise<MemoryRecord> {
  const { scope, store, clock } = deps;
  const [existing] = await store.getMany(scope, [existingId]);
  if (!existing) throw new NotFoundError({ what: 'Memory', id: existingId });
  const reinforced = reinforce(existing, { intensity: incoming.runningIntensity, importance: incoming.importance }, clock.now());
  const patch: MemoryPatch & typeof reinforced = { ...reinforced, ...(meeting.context === undefined ? {} : { context: { ...existing.context, ...meeting.context } }) };
  if (meeting.setImportance !== undefined) patch.importance = meeting.setImportance;
  await store.updateMany(scope, [{ id: existingId, patch }]);
  await store.appendHistory(scope, [
    { memoryId: existingId, at: patch.lastAccessedAt ?? clock.now(), event: 'reinforced', details: { intensityBefore: existing.runningIntensity, intensityIncoming: incoming.runningIntensity, intensityAfter: patch.runningIntensity, encounterCount: patch.encounterCount } },
  ]);
  const updated = { ...existing, ...patch };
  const buffered = deps.buffer.get(existingId);
  if (buffered) Object.assign(buffered, patch);
  deps.emit({ type: 'reinforced', memoryId: existingId, encounterCount: updated.encounterCount });
  return updated;
}

/**
 * Replaces `oldId` by `record`: the new memory goes straight to long-term
 * memory, the old one gets `supersededBy` and leaves the ring and search.
 */
export async function supersedeMemory(deps: MemoryWriteDependencies, oldId: string, record: MemoryRecord): Promise<MemoryRecord> {
  const { scope, store, clock } = deps;
  const [old] = await store.getMany(scope, [oldId]);
  if (!old) throw new NotFoundError({ what: 'Memory', id: oldId });
  record.consolidatedAt = clock.now();
  const [result] = await admit(deps, [record], { bypassShortTerm: true });
  const created = result!.memory;
  // The old memory's own text again (any case or spacing): admit reinforced it. Marked superseded by itself, it
  // was hidden from every recall and search for good.
  if (created.id === oldId) return created;
  const patches: { id: string; patch: MemoryPatch }[] = [{ id: oldId, patch: { supersededBy: created.id } }];
  // An older version said word for word again (a revert: "back to Lisbon") is the current one again: left
  // superseded, it and the memory it replaces pointed at each other and both were hidden.
  if (created.supersededBy !== null) patches.push({ id: created.id, patch: { supersededBy: null } });
  await store.updateMany(scope, patches);
  deps.buffer.remove(oldId);
  const at = clock.now();
  await store.appendHistory(scope, [
    { memoryId: oldId, at, event: 'superseded', details: { by: created.id } },
    { memoryId: created.id, at, event: 'supersedes', details: { previous: oldId } },
  ]);
  return created;
}

/**
 * Writes the edited fields of memory `id`, taken from `merged` (the memory
 * with the edit applied, already validated); the vector follows when the
 * searchable text changed.
 */
/** The fields an edit changes, as `merged` (the memory with the edit applied and validated) has them. */
function editPatch(edit: MemoryEdit, merged: MemoryRecord): MemoryPatch {
  const changes: MemoryPatch = {};
  if (edit.content !== undefined) Object.assign(changes, { content: merged.content, contentHash: merged.contentHash });
  if (edit.importance !== undefined) changes.importance = merged.importance;
  if (edit.tags !== undefined) changes.tags = merged.tags;
  if (edit.domain !== undefined) changes.domain = merged.domain;
  if (edit.category !== undefined) changes.category = merged.category;
  if (edit.context !== undefined) changes.context = merged.context;
  if (edit.type !== undefined) changes.type = merged.type;
  return changes;
}

/**
 * The memory as `updateMemory` will store it, before it does: what the mirrors are refreshed with before the row
 * is rewritten (the stored one, read back, refreshes them again after).
 */
export function editedRecord(current: MemoryRecord, edit: MemoryEdit, merged: MemoryRecord): MemoryRecord {
  return { ...current, ...editPatch(edit, merged) } as MemoryRecord;
}

export async function updateMemory(deps: MemoryWriteDependencies, id: string, edit: MemoryEdit, merged: MemoryRecord): Promise<MemoryRecord> {
  const { scope, store } = deps;
  const changes = editPatch(edit, merged);
  await store.updateMany(scope, [{ id, patch: changes }]);
  const [updated] = await store.getMany(scope, [id]);
  if (edit.content !== undefined || edit.tags !== undefined || edit.domain !== undefined || edit.type !== undefined) await indexVectors(deps, [updated!]);
  await store.appendHistory(scope, [{ memoryId: id, at: deps.clock.now(), event: 'updated', details: { fields: Object.keys(changes).join(',') } }]);
  const buffered = deps.buffer.get(id);
  if (buffered) Object.assign(buffered, updated);
  return updated!;
}

import { scrubMirrors } from '../live/mirror-registry.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import { normalizeContent } from '../core/content-hash.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { WorkingMemoryStore } from '../spec/working-memory-store.ts';
import type { AgentScope, MemoryStore } from '../spec/memory-store.ts';
import { emitError, type EmitEvent } from './engine-events.ts';
import { scrubSessionLogs } from './session-log.ts';
import type { ShortTermBuffer } from './short-term-buffer.ts';

export interface ForgettingDependencies {
  scope: AgentScope;
  store: MemoryStore;
  buffer: ShortTermBuffer<MemoryRecord>;
  /** Experiences accepted by `enqueue` but not yet stored; forgotten ones are taken out in place. */
  queue: MemoryRecord[];
  emit: EmitEvent;
  /** Its optional purge runs after every delete (tombstones, provenance lists, index terms, WAL). */
  backend?: Pick<MemoryBackend, 'purgeDeletedText'>;
  /**
   * Files outside the backend that may hold forgotten text (session logs, mirrors): scrubbed before the rows go, so
   * a process killed after the delete leaves none of it there (scrubbed after, the text stayed and a second forget
   * of the id was NOT_FOUND: mirror-scrub-killed.test.ts), and again after (`'after-delete'`) for what another
   * process wrote meanwhile from rows not yet deleted (an `index export`: mirror-export-race.test.ts).
   */
  scrubFiles?: (ids: string[], moment: 'before-delete' | 'after-delete') => void;
  /** A knowledge graph's: the memories whose relations the delete drops, linked again after it. */
  relinkGraph?: GraphRelinking | undefined;
}

/**
 * The files outside the backend a delete of an agent's memories scrubs (`scrubFiles`): its registered mirrors, and
 * its session logs of older versions (once, before the rows go: logs of this version hold no content).
 *
 * @example
 * eraseMemories({ ...parts, scrubFiles: agentFileScrubbing(agentPaths(home, 'ada').root) }, ids);
 */
export function agentFileScrubbing(agentRoot: string): NonNullable<ForgettingDependencies['scrubFiles']> {
  return (ids, moment) => {
    if (moment === 'before-delete') scrubSessionLogs(agentRoot);
    scrubMirrors(agentRoot, ids);
  };
}

/**
 * What a knowledge graph over the engine hands it (`Hippocampus.keepGraphLinked`): given the memories a forget or
 * an edit is about to delete or rewrite, it reads which memories the change unlinks (the store's triggers drop the
 * relations those wrote or closed), and returns the step that links them again once the change is made.
 */
export type GraphRelinking = (ids: string[]) => Promise<() => Promise<void>>;

/**
 * The relinking step of a change already made: a failure (an LLM extractor down) is the engine's error event, not
 * the forget's or the edit's — those are done, and what stays unlinked is linked by the next `linkMemories()`.
 */
export async function relinkAfterChange(emit: EmitEvent, relink: (() => Promise<void>) | undefined): Promise<void> {
  try {
    await relink?.();
  } catch (error) {
    emitError(emit, error);
  }
}

/**
 * What was derived from these records, transitively: every stored memory or
 * fact whose `context.sourceHash` is the content hash of one of them — the
 * facts `remember_facts` extracted from that very text and the memories the
 * live watcher made from a message saying it (both record the hash of the
 * text they were made from).
 */
async function findDerived(deps: Pick<ForgettingDependencies, 'store' | 'scope'>, sources: readonly MemoryRecord[], known: Set<string>): Promise<string[]> {
  const found: string[] = [];
  let frontier = [...sources];
  const seenHashes = new Set<string>();
  while (frontier.length > 0) {
    const next: MemoryRecord[] = [];
    for (const hash of new Set(frontier.map((record) => record.contentHash))) {
      if (seenHashes.has(hash)) continue;
      seenHashes.add(hash);
      for (const record of await deps.store.query(deps.scope, { context: { sourceHash: hash }, includeSuperseded: true, orderBy: 'none' })) {
        if (known.has(record.id)) continue;
        known.add(record.id);
        found.push(record.id);
        next.push(record);
      }
    }
    frontier = next;
  }
  return found;
}

/** The ids a forget of `ids` would take with them (not `ids` themselves). */
export async function derivedMemoryIds(deps: Pick<ForgettingDependencies, 'store' | 'scope' | 'queue'>, ids: string[]): Promise<string[]> {
  const sources = [...(await deps.store.getMany(deps.scope, ids)), ...deps.queue.filter((record) => ids.includes(record.id))];
  return findDerived(deps, sources, new Set(ids));
}

/**
 * Hard delete: queued experiences never get stored, stored rows go with
 * everything derived from them (derived facts and watcher memories here; graph
 * provenance, relations and entities only they supported by the database's
 * cascades; skill and working-memory provenance by the purge), the ring lets go
 * of them, and the purge leaves no text behind. Returns every id that existed,
 * queued or stored, derived ones included.
 */
export async function forgetMemories(deps: ForgettingDependencies, ids: string[]): Promise<string[]> {
  const { queue } = deps;
  const queued: MemoryRecord[] = [];
  for (let index = queue.length - 1; index >= 0; index -= 1) {
    if (ids.includes(queue[index]!.id)) queued.push(queue.splice(index, 1)[0]!);
  }
  const stored = await deps.store.getMany(deps.scope, ids);
  const known = new Set([...ids]);
  const derived = await findDerived(deps, [...stored, ...queued], known);
  const targets = [...new Set([...ids, ...derived])];
  const all = await eraseMemories(deps, targets, { anyStored: stored.length + derived.length > 0, queued: queued.map((record) => record.id) });
  deps.emit({ type: 'forgotten', ids: all });
  return all;
}

/** What every delete needs to leave no trace: `forgetMemories`' stages, without what only a forget finds (queue, derived). */
export type ErasureDependencies = Pick<ForgettingDependencies, 'scope' | 'store' | 'buffer' | 'emit' | 'backend' | 'scrubFiles' | 'relinkGraph'>;

/**
 * The one path every delete takes, a forget's and the engine's own (maintain's pruning, a consolidation pass's
 * discard, a write's ring evictions, whose purge the engine runs later, outside the write's transaction): files
 * scrubbed, the graph's relinking read, the rows deleted, the ring let go of them, the backend's purge (tombstones,
 * so a mirror import never brings them back; WAL, index segments), files scrubbed again, the graph linked again.
 * Pruned rows skipped all but the delete: their text stayed in exported mirrors and the WAL, and `index import` of a
 * mirror brought them back (engine-deletes-complete.test.ts). Returns the ids deleted (and `queued`: ids taken out
 * of the engine's queue before they were stored).
 */
export async function eraseMemories(
  deps: ErasureDependencies,
  ids: string[],
  options: { anyStored?: boolean; queued?: string[]; onlyShortTerm?: boolean; engineInitiated?: boolean } = {},
): Promise<string[]> {
  // Killed between this and the delete, the memory is still stored and a second forget finds it. A delete that then
  // fails leaves a mirror without a memory the database keeps: an export writes it again, nothing is lost.
  if (ids.length > 0 && options.anyStored !== false && !scrubbed(deps, ids, 'before-delete', options.engineInitiated)) return [];
  const relink = ids.length > 0 ? await deps.relinkGraph?.(ids) : undefined;
  const deleted = ids.length > 0 ? await deps.store.deleteMany(deps.scope, ids, options.onlyShortTerm ? { onlyShortTerm: true } : undefined) : [];
  for (const id of ids) deps.buffer.remove(id);
  const all = [...new Set([...deleted, ...(options.queued ?? [])])];
  if (all.length > 0) {
    await deps.backend?.purgeDeletedText?.(deps.scope, all);
    scrubbed(deps, all, 'after-delete', options.engineInitiated);
  }
  await relinkAfterChange(deps.emit, relink);
  return all;
}

/**
 * Scrubs the files; false when they cannot be (a damaged mirror registry or index) and the delete is the engine's
 * own: what it meant to prune stays until the file is repaired (an error event names it), where deleted it left its
 * text in that mirror; and a remember whose ring eviction met such a file failed with it. A forget checks the files
 * before anything and refuses (`DATABASE_CORRUPT`), so a failure here is thrown to it.
 */
function scrubbed(deps: ErasureDependencies, ids: string[], moment: 'before-delete' | 'after-delete', engineInitiated = false): boolean {
  try {
    deps.scrubFiles?.(ids, moment);
    return true;
  } catch (error) {
    if (!engineInitiated) throw error;
    emitError(deps.emit, error);
    return false;
  }
}

/**
 * Whether a conversation's text still holds any of these texts (compared as stored content is: case
 * and spacing folded); `null` when there is nothing to look for.
 */
export function holdingAnyOf(texts: readonly string[]): ((fullText: string) => boolean) | null {
  const needles = [...new Set(texts.map(normalizeContent).filter((text) => text.length > 0))];
  if (needles.length === 0) return null;
  return (fullText) => {
    const haystack = normalizeContent(fullText);
    return needles.some((needle) => haystack.includes(needle));
  };
}

/**
 * Drops the working-memory conversations that still hold any of these texts, so the raw copy of a
 * forgotten memory does not outlive it. Returns the conversation ids dropped.
 */
export async function forgetInWorkingMemory(workingMemory: WorkingMemoryStore, scope: AgentScope, texts: string[]): Promise<string[]> {
  const holds = holdingAnyOf(texts);
  if (holds === null) return [];
  const dropped: string[] = [];
  for (const conversation of await workingMemory.getAll(scope)) {
    if (holds(conversation.fullText) && (await workingMemory.delete(scope, conversation.conversationId))) dropped.push(conversation.conversationId);
  }
  return dropped;
}

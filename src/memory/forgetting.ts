import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope, MemoryStore } from '../spec/memory-store.ts';
import type { EmitEvent } from './engine-events.ts';
import type { ShortTermBuffer } from './short-term-buffer.ts';

export interface ForgettingDependencies {
  scope: AgentScope;
  store: MemoryStore;
  buffer: ShortTermBuffer<MemoryRecord>;
  /** Experiences accepted by `enqueue` but not yet stored; forgotten ones are taken out in place. */
  queue: MemoryRecord[];
  emit: EmitEvent;
}

/**
 * Hard delete: queued experiences never get stored, stored rows go with
 * everything derived from them, and the ring lets go of them. Returns every id
 * that existed, queued or stored.
 */
export async function forgetMemories(deps: ForgettingDependencies, ids: string[]): Promise<string[]> {
  const { queue } = deps;
  const queued = new Set<string>();
  for (let index = queue.length - 1; index >= 0; index -= 1) {
    if (ids.includes(queue[index]!.id)) queued.add(queue.splice(index, 1)[0]!.id);
  }
  const deleted = await deps.store.deleteMany(deps.scope, ids);
  for (const id of ids) deps.buffer.remove(id);
  const all = [...new Set([...deleted, ...queued])];
  deps.emit({ type: 'forgotten', ids: all });
  return all;
}

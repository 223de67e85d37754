import type { Clock } from '../spec/clock.ts';
import type { MemoryEvent, PruneReason } from '../spec/memory-event.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { SessionLog } from './session-log.ts';

/** Reports one engine event to the host and to the session log. */
export type EmitEvent = (event: MemoryEvent) => void;

/**
 * The engine's single way of reporting what it did: the host's `onEvent`
 * first, then a line in the session log for the events worth reading later.
 *
 * @example
 * const emit = createEventEmitter({ onEvent: console.log, log, clock: systemClock });
 * emit({ type: 'forgotten', ids: ['01J…'] });
 */
export function createEventEmitter(options: { onEvent: EmitEvent | undefined; log: SessionLog; clock: Clock }): EmitEvent {
  const { onEvent, log, clock } = options;
  return (event) => {
    onEvent?.(event);
    const at = clock.now();
    // The log keeps ids and reasons, never content: a forget then leaves nothing of the text in it.
    if (event.type === 'pruned') log.append({ at, event: 'pruned', id: event.memory.id, type: event.memory.type, importance: event.memory.importance, reason: event.reason });
    else if (event.type === 'consolidated') log.append({ at, event: 'consolidated', id: event.memory.id, type: event.memory.type, importance: event.memory.importance });
    else if (event.type === 'consolidation-run') log.append({ at, event: 'consolidation-run', ...event.run });
    // A store error's message carries the failed query's parameters, which may be content: only its first line and code.
    else if (event.type === 'error') log.append({ at, event: 'error', code: (event.error as { code?: unknown }).code ?? null, message: event.error.message.split('\n')[0] });
  };
}

/** A pruned memory is reported to the host by id, type, importance and content (the log keeps no content). */
export function emitPruned(emit: EmitEvent, memory: MemoryRecord, reason: PruneReason): void {
  emit({ type: 'pruned', memory: { id: memory.id, content: memory.content, importance: memory.importance, type: memory.type }, reason });
}

/** Background failures are reported, not thrown: whatever was thrown becomes an `Error`. */
export function emitError(emit: EmitEvent, error: unknown): void {
  emit({ type: 'error', error: error instanceof Error ? error : new Error(String(error)) });
}

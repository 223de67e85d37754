import type { MemoryRecord } from '../spec/memory-record.ts';

/** Two chat turns further apart than this are not one thread. */
export const THREAD_WINDOW_MS = 30 * 60 * 1000;

/**
 * Links each chat turn to the turn before it in the same session and room
 * (`context.replyTo`, an id only, never content), so recall can score a turn
 * with its neighbours: in a conversation the answer often sits in the turn
 * after the one whose words match the question. A caller-given replyTo wins.
 *
 * @example
 * const link = createThreadLinker();
 * link(records); // records[1].context.replyTo === records[0].id when they are consecutive chat turns
 */
export function createThreadLinker(windowMs = THREAD_WINDOW_MS): (records: MemoryRecord[]) => void {
  const lastTurn = new Map<string, { id: string; timestamp: number }>();
  return (records) => {
    for (const record of records) {
      if (record.type !== 'chat' || record.kind !== 'memory') continue;
      const thread = `${record.sessionId ?? ''}\u0000${typeof record.context.roomId === 'string' ? record.context.roomId : ''}`;
      const previous = lastTurn.get(thread);
      const gap = previous === undefined ? Number.POSITIVE_INFINITY : record.timestamp - previous.timestamp;
      if (record.context.replyTo === undefined && previous !== undefined && gap >= 0 && gap <= windowMs) {
        record.context = { ...record.context, replyTo: previous.id };
      }
      lastTurn.set(thread, { id: record.id, timestamp: record.timestamp });
    }
  };
}

import { describe, expect, it } from 'vitest';
import { buildRecord } from './build-record.ts';
import { createThreadLinker } from './thread-linker.ts';

const MINUTE = 60_000;
const turn = (id: string, timestamp: number, extra: { type?: 'chat' | 'task'; roomId?: string; replyTo?: string } = {}) =>
  buildRecord(
    { type: extra.type ?? 'chat', content: `turn ${id}`, timestamp, context: { ...(extra.roomId ? { roomId: extra.roomId } : {}), ...(extra.replyTo ? { replyTo: extra.replyTo } : {}) } },
    { agentId: 'a', sessionId: 's', id, now: timestamp },
  ).record;

describe('thread linking', () => {
  it('links consecutive chat turns of one room within the window, and nothing else', () => {
    const link = createThreadLinker();
    const records = [
      turn('a', 0),
      turn('b', MINUTE),
      turn('c', 2 * MINUTE, { roomId: 'other' }),
      turn('d', 3 * MINUTE, { type: 'task' }),
      turn('e', 4 * MINUTE),
      turn('f', 4 * MINUTE + 31 * MINUTE),
      turn('g', 36 * MINUTE, { replyTo: 'a' }),
    ];
    link(records);
    expect(records.map((record) => record.context.replyTo ?? null)).toEqual([null, 'a', null, null, 'b', null, 'a']);
  });

  it('remembers the last turn across calls', () => {
    const link = createThreadLinker();
    const first = [turn('a', 0)];
    const second = [turn('b', MINUTE)];
    link(first);
    link(second);
    expect(second[0]?.context.replyTo).toBe('a');
  });
});

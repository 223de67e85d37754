import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../config/agent-paths.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

let home: string;
let cleanup: () => void;
const open: Hippocampus[] = [];
const connections: Database.Database[] = [];

beforeEach(() => ({ home, cleanup } = createTempHome()));
afterEach(async () => {
  for (const memory of open.splice(0)) await memory.stop();
  for (const db of connections.splice(0)) db.close();
  cleanup();
});

/** An engine whose ring holds two memories, every unimportant one pushed out of it deleted, and its events. */
async function engineWithFullRing() {
  const events: MemoryEvent[] = [];
  const memory = await createHippocampus({ home, agentId: 'ada', embedder: null, shortTerm: { capacity: 2 }, consolidation: { fullRatio: 1 }, onEvent: (event) => events.push(event) });
  open.push(memory);
  const oldest = await memory.remember({ type: 'chat', content: 'the kettle is on', importance: 0.1 });
  const newer = await memory.remember({ type: 'chat', content: 'the tea is green', importance: 0.1 });
  // Another connection to the agent's file: what a second process, or a read worker, sees.
  const other = new Database(agentPaths(home, 'ada').longTermDatabase);
  connections.push(other);
  const seen = () => ({
    ids: (other.prepare('SELECT id FROM memories ORDER BY seq').pluck().all() as string[]),
    created: (other.prepare("SELECT m.id FROM memory_history h JOIN memories m ON m.seq = h.memory_seq WHERE h.event = 'created' ORDER BY m.seq").pluck().all() as string[]),
  });
  return { memory, events, other, seen, oldest: oldest.memory.id, newer: newer.memory.id };
}

describe('a remember commits once', () => {
  it('when the host hears of it, another connection sees the new memory with its history, and the one the full ring pushed out gone', async () => {
    const { memory, events, seen, oldest, newer } = await engineWithFullRing();
    let atEvent: ReturnType<typeof seen> | undefined;
    events.length = 0;
    const listen = events.push.bind(events);
    events.push = (...added: MemoryEvent[]) => {
      if (added.some((event) => event.type === 'remembered')) atEvent = seen();
      return listen(...added);
    };
    const third = await memory.remember({ type: 'chat', content: 'the cups are in the cupboard', importance: 0.1 });
    expect(atEvent).toEqual({ ids: [newer, third.memory.id], created: [newer, third.memory.id] });
    expect(events.map((event) => event.type)).toEqual(['remembered', 'pruned']);
    expect(seen().ids).not.toContain(oldest);
  });

  it('a write that fails in the middle leaves nothing: no row, no event, and the ring as it was', async () => {
    const { memory, events, other, seen, oldest, newer } = await engineWithFullRing();
    // A real refusal by the database after the row is in: its history cannot be written.
    other.exec("CREATE TRIGGER refuse_created BEFORE INSERT ON memory_history WHEN NEW.event = 'created' BEGIN SELECT RAISE(ABORT, 'history refused'); END");
    events.length = 0;
    const failure = await memory.remember({ type: 'chat', content: 'the milk is off', importance: 0.1 }).catch((error: unknown) => error);
    expect(HippocampusError.isInstance(failure) && failure.code).toBe('STORE_ERROR');
    expect(seen()).toEqual({ ids: [oldest, newer], created: [oldest, newer] });
    expect(events).toEqual([]);
    expect((await memory.recall({ limit: 10 })).map((record) => record.content).sort()).toEqual(['the kettle is on', 'the tea is green']);
    // The ring still holds the two in their order: the next write pushes out the oldest.
    other.exec('DROP TRIGGER refuse_created');
    const next = await memory.remember({ type: 'chat', content: 'the biscuits are gone', importance: 0.1 });
    expect(seen().ids).toEqual([newer, next.memory.id]);
    expect(events.filter((event) => event.type === 'pruned').map((event) => event.type === 'pruned' && event.memory.id)).toEqual([oldest]);
  });
});

describe('supersede and update meet a memory already saying the text', () => {
  it('a supersede by the same text reinforces, a revert to an older text makes that one current, and an update to another memory\'s text is a VALIDATION_ERROR', async () => {
    const memory = await createHippocampus({ home, agentId: 'ada', embedder: null });
    open.push(memory);
    const visible = async () => (await memory.recall({ limit: 10 })).map((record) => record.content).sort();
    const lisbon = (await memory.remember({ type: 'chat', content: 'I live in Lisbon' })).memory.id;
    // Its own text again (another case): it was marked superseded by itself, hidden from every recall.
    expect((await memory.supersede(lisbon, { type: 'chat', content: 'I LIVE in  Lisbon' })).id).toBe(lisbon);
    expect(await visible()).toEqual(['I live in Lisbon']);
    // Moved, then back: the two pointed at each other and both were hidden.
    const porto = (await memory.supersede(lisbon, { type: 'chat', content: 'I live in Porto' })).id;
    expect(await visible()).toEqual(['I live in Porto']);
    expect((await memory.supersede(porto, { type: 'chat', content: 'I live in Lisbon' })).id).toBe(lisbon);
    expect(await visible()).toEqual(['I live in Lisbon']);
    expect((await memory.get(porto)).supersededBy).toBe(lisbon);
    // An edit to the text another memory holds: a STORE_ERROR "UNIQUE constraint failed" from the store.
    const tea = (await memory.remember({ type: 'chat', content: 'I drink green tea' })).memory.id;
    await expect(memory.update(tea, { content: 'i live in lisbon' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(lisbon) });
    expect((await memory.get(tea)).content).toBe('I drink green tea');
  });
});

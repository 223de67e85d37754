import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import type { MemoryQuery } from '../../spec/memory-store.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';

const scope = { agentId: 'ada' };
let home: ReturnType<typeof createTempHome>;
let backend: SqliteBackend;

beforeEach(async () => {
  home = createTempHome();
  backend = createSqliteBackend({ home: home.home });
  const record = (id: string, content: string, context: Record<string, unknown>, importance: number) =>
    buildRecord({ type: 'chat', content, context, importance }, { ...scope, sessionId: 's', id, now: 5_000 }).record;
  await backend.store.insertMany(scope, [
    record('q', 'Where is the offsite?', {}, 0.4),
    record('a', 'The offsite is in Lisbon', { replyTo: 'q' }, 0.8),
    record('n', 'A note with a numeric replyTo', { replyTo: 7 }, 0.3),
    record('r', 'Lisbon in May', { userId: 'u', replyTo: 'q', roomId: 'x' }, 0.5),
    record('m', 'The word alone', { topic: 'replyTo', meta: { replyTo: 'q' } }, 0.5),
  ]);
  await backend.store.updateMany(scope, [{ id: 'n', patch: { supersededBy: 'a' } }]);
});
afterEach(async () => {
  await backend.close();
  home.cleanup();
});

describe('sqlite rankingRows', () => {
  it('returns the fields recall ranks by, with the reply link, for the rows a query matches', async () => {
    const rows = await backend.store.rankingRows(scope, { ids: ['q', 'a', 'n'] });
    expect(rows.map((row) => row.id).sort()).toEqual(['a', 'q']); // the superseded note is left out, as query() leaves it out
    const answer = rows.find((row) => row.id === 'a')!;
    expect(answer).toEqual({ id: 'a', importance: 0.8, timestamp: 5_000, createdAt: 5_000, lastAccessedAt: null, accessCount: 0, runningIntensity: 0.8, replyTo: 'q' });
    expect(rows.find((row) => row.id === 'q')!.replyTo).toBeNull();
  });

  it('gives null for a reply link that is not a memory id', async () => {
    const [note] = await backend.store.rankingRows(scope, { ids: ['n'], includeSuperseded: true });
    expect(note!.replyTo).toBeNull();
  });

  it('reads the reply link among other context keys, and only the top-level one', async () => {
    const rows = await backend.store.rankingRows(scope, { ids: ['r', 'm'] });
    expect(Object.fromEntries(rows.map((row) => [row.id, row.replyTo]))).toEqual({ r: 'q', m: null });
  });

  it('matches the same rows as query() for a context filter', async () => {
    const filter: MemoryQuery = { filter: [{ field: 'context.replyTo', operator: '$in', value: ['q'] }] };
    expect((await backend.store.rankingRows(scope, filter)).map((row) => row.id)).toEqual((await backend.store.query(scope, filter)).map((memory) => memory.id));
  });
});

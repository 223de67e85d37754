import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteConnectionPool } from './connection-pool.ts';
import { createSqliteMemoryStore } from './memory-store.ts';
import { MIGRATIONS } from './migrations.ts';
import { createSqliteBackend } from './sqlite-backend.ts';

const scope = { agentId: 'ada' };
const TURNS = ['We finally saw the aurora above the fjord', 'Yeah, it was amazing!', 'Did you take pictures?', 'A few, on the old camera'];

let home: ReturnType<typeof createTempHome>;
beforeEach(() => (home = createTempHome()));
afterEach(() => home.cleanup());

describe('schema 9: the neighbour field', () => {
  it('fills the neighbours of memories written before it, and the upgraded index finds a reply by the turn it answers', async () => {
    // Written by a Hippocampus at schema 7, then opened by this one.
    const pool = createSqliteConnectionPool({ home: home.home, migrations: MIGRATIONS.filter((migration) => migration.version <= 7) });
    await createSqliteMemoryStore({ pool }).insertMany(
      scope,
      TURNS.map((content, index) => buildRecord({ type: 'chat', content, context: index === 0 ? {} : { replyTo: `turn${index - 1}` } }, { ...scope, sessionId: 's', id: `turn${index}`, now: 1_000 + index }).record),
    );
    expect(pool.connection('ada').pragma('user_version', { simple: true })).toBe(7);
    pool.close();

    const backend = createSqliteBackend({ home: home.home });
    try {
      const db = backend.pool.connection('ada');
      const neighbourText = (id: string) => db.prepare('SELECT neighbour_text FROM memories WHERE id = ?').pluck().get(id) as string;
      expect(TURNS.map((_, index) => neighbourText(`turn${index}`))).toEqual([TURNS[1], `${TURNS[0]} ${TURNS[2]}`, `${TURNS[1]} ${TURNS[3]}`, TURNS[2]]);
      expect(() => db.prepare("INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
      const hits = await backend.keywords.search(scope, ['aurora'], { limit: 5, neighbourWeight: 0.2 });
      expect(hits.map((hit) => hit.id)).toEqual(['turn0', 'turn1']);
      // The upgraded triggers keep it: a new reply tells its parent, a deleted turn leaves its neighbours.
      await backend.store.insertMany(scope, [buildRecord({ type: 'chat', content: 'Send me the one with the fjord', context: { replyTo: 'turn3' } }, { ...scope, sessionId: 's', id: 'turn4', now: 2_000 }).record]);
      expect(neighbourText('turn3')).toBe(`${TURNS[2]} Send me the one with the fjord`);
      await backend.store.deleteMany(scope, ['turn0']);
      expect(neighbourText('turn1')).toBe(TURNS[2]);
      expect(await backend.keywords.search(scope, ['aurora'], { limit: 5, neighbourWeight: 1 })).toEqual([]);
      expect(() => db.prepare("INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
    } finally {
      await backend.close();
    }
  });
});

describe('schema 10: one neighbour rewrite a side of the link', () => {
  it('a deleted, edited or relinked turn leaves its neighbours exactly the text of their neighbours, and the index matches the rows', async () => {
    const backend = createSqliteBackend({ home: home.home });
    try {
      await backend.store.insertMany(
        scope,
        TURNS.map((content, index) => buildRecord({ type: 'chat', content, context: index === 0 ? {} : { replyTo: `turn${index - 1}` } }, { ...scope, sessionId: 's', id: `turn${index}`, now: 1_000 + index }).record),
      );
      const db = backend.pool.connection('ada');
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(10);
      const neighbourText = (id: string) => db.prepare('SELECT neighbour_text FROM memories WHERE id = ?').pluck().get(id) as string;
      const indexSound = () => db.prepare("INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)").run();

      await backend.store.updateMany(scope, [{ id: 'turn1', patch: { content: 'Yes, the northern lights were unreal' } }]);
      expect([neighbourText('turn0'), neighbourText('turn2')]).toEqual(['Yes, the northern lights were unreal', `Yes, the northern lights were unreal ${TURNS[3]}`]);
      expect(indexSound).not.toThrow();

      // turn3 now answers turn0 instead of turn2: both old and new sides follow.
      await backend.store.updateMany(scope, [{ id: 'turn3', patch: { context: { replyTo: 'turn0' } } }]);
      expect([neighbourText('turn0'), neighbourText('turn2'), neighbourText('turn3')]).toEqual([`Yes, the northern lights were unreal ${TURNS[3]}`, 'Yes, the northern lights were unreal', TURNS[0]]);
      expect(indexSound).not.toThrow();

      // The middle of a thread goes: the turn it answered and the turn answering it lose its words.
      await backend.store.deleteMany(scope, ['turn1']);
      expect([neighbourText('turn0'), neighbourText('turn2')]).toEqual([TURNS[3], '']);
      expect(await backend.keywords.search(scope, ['northern'], { limit: 5, neighbourWeight: 1 })).toEqual([]);
      expect(indexSound).not.toThrow();
    } finally {
      await backend.close();
    }
  });
});

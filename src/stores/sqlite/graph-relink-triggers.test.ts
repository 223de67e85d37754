import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteConnectionPool } from './connection-pool.ts';
import { createSqliteGraphStore } from './graph-store.ts';
import { createSqliteMemoryStore } from './memory-store.ts';

// Schema 12's triggers find the relations a forgotten or edited memory wrote or closed once, into
// graph_dropped_relations, where they ran that history query for the unlinking and again for the delete.

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const scope = { agentId: 'ada' };
const DAY = 86_400_000;
const START = 1_700_000_000_000;
const record = (id: string, content: string, at: number) => ({ ...buildRecord({ type: 'chat', content }, { agentId: 'ada', sessionId: 's', id, now: at }).record, consolidatedAt: at });
const livesIn = (memoryId: string, city: string, at: number) => ({
  memoryId,
  timestamp: at,
  entities: [],
  relations: [{ subject: { name: 'user', type: 'person' as const }, predicate: 'lives in', object: { name: city, type: 'place' as const } }],
});

describe('graph relink triggers (schema 12)', () => {
  it('run the history query once per forget or edit, and leave nothing in the table that holds what it found', async () => {
    const pool = createSqliteConnectionPool({ home: home.home });
    try {
      const store = createSqliteMemoryStore({ pool });
      const graph = createSqliteGraphStore({ pool });
      const cities = ['Berlin', 'Lisbon', 'Porto', 'Faro'];
      const ids = cities.map((_, index) => `01RELINKTRIGGER00000000000${index}`);
      await store.insertMany(scope, cities.map((city, index) => record(ids[index]!, `I moved to ${city}`, START + index * DAY)));
      await graph.link(scope, cities.map((city, index) => livesIn(ids[index]!, city, START + index * DAY)));
      const db = pool.connection('ada');
      const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('graph_relink_on_delete', 'graph_relink_on_edit') ORDER BY name").all() as { name: string; sql: string }[];
      expect(triggers.map((trigger) => [trigger.name, trigger.sql.split('JOIN graph_relations g ON').length - 1])).toEqual([
        ['graph_relink_on_delete', 1],
        ['graph_relink_on_edit', 1],
      ]);
      // Forgetting Lisbon drops its relation and Berlin's (closed when Lisbon began); editing Faro drops its own and
      // Porto's: those memories are read again at the next link.
      await store.deleteMany(scope, [ids[1]!]);
      await store.updateMany(scope, [{ id: ids[3]!, patch: { content: 'I moved to Braga' } }]);
      expect(await graph.relations(scope, { subject: 'user' })).toEqual([]);
      expect(await graph.unlinkedMemoryIds(scope, 10)).toEqual([ids[0], ids[2], ids[3]]);
      expect(db.prepare('SELECT count(*) AS n FROM graph_dropped_relations').get()).toEqual({ n: 0 });
    } finally {
      pool.close();
    }
  });
});

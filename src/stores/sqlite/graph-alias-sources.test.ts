import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteConnectionPool } from './connection-pool.ts';
import { createSqliteGraphStore } from './graph-store.ts';
import { createSqliteMemoryStore } from './memory-store.ts';
import { createSqliteMaintenance } from './database-maintenance.ts';
import { LATEST_SCHEMA_VERSION } from './migrations.ts';

// Schema 13 gives each alias of the knowledge graph the memories that said it. A database of schema 12 already holds
// aliases with no such record: each gets as its sources the memories that mention its entity, so it stays while any
// of them does and goes with the last.

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const scope = { agentId: 'ada' };
const record = (id: string, content: string) => ({ ...buildRecord({ type: 'chat', content }, { agentId: 'ada', sessionId: 's', id, now: 1_700_000_000_000 }).record, consolidatedAt: 1_700_000_000_000 });
const mention = (memoryId: string, name: string, aliases: string[] = []) => ({ memoryId, timestamp: 1_700_000_000_000, entities: [{ name, type: 'thing' as const, aliases }], relations: [] });

describe('alias sources on a database of schema 12', () => {
  it('are the memories mentioning the entity: the alias stays while one of them does, and the graph links on', async () => {
    let pool = createSqliteConnectionPool({ home: home.home });
    await createSqliteMemoryStore({ pool }).insertMany(scope, [record('01ALIASSRC0000000000000001', 'Miso, whom we call Fluffball'), record('01ALIASSRC0000000000000002', 'Miso ate my basil')]);
    await createSqliteGraphStore({ pool }).link(scope, [mention('01ALIASSRC0000000000000001', 'Miso', ['Fluffball']), mention('01ALIASSRC0000000000000002', 'Miso')]);
    // Schema 12 as it was: no alias sources, none of their triggers.
    const db = pool.connection('ada');
    db.exec(`DROP TRIGGER graph_alias_unsourced; DROP TRIGGER graph_entity_renamed; DROP TRIGGER graph_alias_sources_on_edit; DROP TABLE graph_alias_sources; PRAGMA user_version = 12`);
    pool.close();

    pool = createSqliteConnectionPool({ home: home.home });
    const store = createSqliteMemoryStore({ pool });
    const graph = createSqliteGraphStore({ pool });
    expect(pool.connection('ada').pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(pool.connection('ada').prepare('SELECT key, memory_id FROM graph_alias_sources ORDER BY key, memory_id').all()).toEqual([
      { key: 'fluffball', memory_id: '01ALIASSRC0000000000000001' },
      { key: 'fluffball', memory_id: '01ALIASSRC0000000000000002' },
      { key: 'miso', memory_id: '01ALIASSRC0000000000000001' },
      { key: 'miso', memory_id: '01ALIASSRC0000000000000002' },
    ]);
    // What said which was not recorded: the alias goes with the last memory that may have said it.
    await store.deleteMany(scope, ['01ALIASSRC0000000000000001']);
    expect(await graph.findEntities(scope, ['Fluffball'])).toMatchObject([{ name: 'Miso', aliases: ['Fluffball'] }]);
    await store.insertMany(scope, [record('01ALIASSRC0000000000000003', 'Miso, the kitten, sleeps all day')]);
    await graph.link(scope, [mention('01ALIASSRC0000000000000003', 'Miso', ['the kitten'])]);
    await store.deleteMany(scope, ['01ALIASSRC0000000000000003']);
    expect(await graph.findEntities(scope, ['the kitten'])).toEqual([]);
    expect(await graph.findEntities(scope, ['Miso'])).toMatchObject([{ name: 'Miso', aliases: ['Fluffball'] }]);
    pool.close();
  });
});

describe('alias sources through data recover', () => {
  it('are salvaged with the aliases: forgetting the memory that said an alias still takes it out of the recovered file', async () => {
    let pool = createSqliteConnectionPool({ home: home.home });
    await createSqliteMemoryStore({ pool }).insertMany(scope, [record('01ALIASSRC0000000000000001', 'Miso, whom we call Fluffball'), record('01ALIASSRC0000000000000002', 'Miso ate my basil')]);
    await createSqliteGraphStore({ pool }).link(scope, [mention('01ALIASSRC0000000000000001', 'Miso', ['Fluffball']), mention('01ALIASSRC0000000000000002', 'Miso')]);
    pool.close();
    await createSqliteMaintenance(home.home).recover('ada');

    pool = createSqliteConnectionPool({ home: home.home });
    // The salvage copied graph_aliases but not graph_alias_sources: the recovered aliases had no sources, and the
    // trigger that drops an alias runs when its last source goes — so "Fluffball" outlived the memory that said it.
    await createSqliteMemoryStore({ pool }).deleteMany(scope, ['01ALIASSRC0000000000000001']);
    expect(await createSqliteGraphStore({ pool }).findEntities(scope, ['Fluffball'])).toEqual([]);
    expect(pool.connection('ada').prepare("SELECT alias FROM graph_aliases WHERE key = 'fluffball'").all()).toEqual([]);
    pool.close();
  });
});

import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteConnectionPool } from './connection-pool.ts';
import { FTS_ROW_FLOOR } from './fts-statistics.ts';
import { createSqliteMemoryStore } from './memory-store.ts';
import { migrate, MIGRATIONS } from './migrations.ts';

// FTS5 deletes merged segments with a rowid range on memories_fts_data. With the
// planner believing the table holds 2 rows, that range becomes a scan of the whole
// keyword index on every merge: the write cost that grew with the agent (issue #16).
const MERGE_RANGE = 'EXPLAIN QUERY PLAN SELECT id FROM memories_fts_data WHERE id >= ? AND id <= ?';

function mergePlan(db: Database.Database): string {
  return (db.prepare(MERGE_RANGE).all(1, 2) as { detail: string }[]).map((row) => row.detail).join(' | ');
}

function plannedRows(db: Database.Database): number | undefined {
  const stat = db.prepare(`SELECT stat FROM sqlite_stat1 WHERE tbl = 'memories_fts_data' AND idx IS NULL`).pluck().get() as string | undefined;
  return stat === undefined ? undefined : Number(stat);
}

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

function memories(count: number, from = 0) {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const { record } = buildRecord({ type: 'chat', content: `note ${index} about the garden and the ${index % 7} doors` }, { agentId: 'ada', sessionId: 's', id: `01FTSSTAT${String(index).padStart(17, '0')}`, now: 1_700_000_000_000 });
    return { ...record, consolidatedAt: record.createdAt };
  });
}

describe('planner statistics of the keyword index', () => {
  it('a new agent merges its keyword index by rowid range, before and after a bulk write', async () => {
    const pool = createSqliteConnectionPool({ home: home.home });
    const store = createSqliteMemoryStore({ pool });
    const db = pool.connection('ada');
    expect(plannedRows(db)).toBeGreaterThanOrEqual(FTS_ROW_FLOOR);
    expect(mergePlan(db)).toMatch(/SEARCH memories_fts_data USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    await store.insertMany({ agentId: 'ada' }, memories(1_500));
    expect(mergePlan(db)).toMatch(/SEARCH memories_fts_data USING INTEGER PRIMARY KEY/);
    pool.close();
  });

  it('a schema-7 database analyzed while empty is repaired in place by migration 8', () => {
    const file = path.join(home.home, 'v7.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    migrate(old, file, MIGRATIONS.slice(0, 7));
    // What every agent's first open did: optimize analyzed the empty keyword index.
    old.pragma('optimize = 0x10002');
    expect(plannedRows(old)).toBe(2);
    expect(mergePlan(old)).toMatch(/^SCAN memories_fts_data/);
    old.close();

    const upgraded = new Database(file);
    migrate(upgraded, file);
    expect(upgraded.pragma('user_version', { simple: true })).toBe(8);
    expect(plannedRows(upgraded)).toBe(FTS_ROW_FLOOR);
    expect(mergePlan(upgraded)).toMatch(/SEARCH memories_fts_data USING INTEGER PRIMARY KEY/);
    upgraded.close();
  });

  it('a bulk write raises a 2-row estimate left by a later analysis, on the open connection', async () => {
    const pool = createSqliteConnectionPool({ home: home.home });
    const store = createSqliteMemoryStore({ pool });
    const db = pool.connection('ada');
    // As a reopen after forgetting everything would leave it: re-analyzed at its 2 fixed records.
    db.exec(`UPDATE sqlite_stat1 SET stat = '2' WHERE tbl = 'memories_fts_data'; ANALYZE sqlite_schema`);
    expect(mergePlan(db)).toMatch(/^SCAN memories_fts_data/);
    await store.insertMany({ agentId: 'ada' }, memories(1_000));
    expect(plannedRows(db)).toBe(FTS_ROW_FLOOR);
    expect(mergePlan(db)).toMatch(/SEARCH memories_fts_data USING INTEGER PRIMARY KEY/);
    pool.close();
  });
});

import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../../config/agent-paths.ts';
import { buildRecord } from '../../memory/build-record.ts';
import type { MemoryType } from '../../spec/memory-record.ts';
import type { MemoryQuery } from '../../spec/memory-store.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { buildWhere } from './query-builder.ts';
import { rankingColumnsOf, rankingRowsOf } from './ranking-columns.ts';
import { compileRowFilter } from './row-filter.ts';
import { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';

const scope = { agentId: 'ada' };
const TYPES: MemoryType[] = ['chat', 'decision', 'observation', 'insight', 'error'];
let home: ReturnType<typeof createTempHome>;
let backend: SqliteBackend;
/** A read-only connection of the agent's file, as a read worker's: the only kind the columns serve. */
let reader: Database.Database;
let written = 0;

/** `count` memories of mixed fields; every fourth replies to the one before it, some with a reply link that is no string or not at the top. */
function records(count: number) {
  return Array.from({ length: count }, () => {
    const index = written++;
    const context: Record<string, unknown> =
      index % 4 === 1 ? { replyTo: `m${index - 1}` } : index % 9 === 2 ? { replyTo: 7 } : index % 11 === 3 ? { meta: { replyTo: 'm0' }, replyTo: 'm2' } : index % 13 === 5 ? { meta: { replyTo: 'm0' } } : {};
    return buildRecord(
      {
        type: TYPES[index % TYPES.length]!,
        content: `memory ${index}`,
        context,
        importance: (index % 10) / 10,
        timestamp: 1_000 + (index % 17) * 100,
        ...(index % 3 === 0 ? { domain: ['world', 'work', 'home'][index % 9 / 3]! } : {}),
        ...(index % 5 === 0 ? { category: index % 10 === 0 ? 'plans' : 'people' } : {}),
      },
      { ...scope, sessionId: 's', id: `m${index}`, now: 5_000 + index },
    ).record;
  });
}

/** Queries the columns answer: every filter of buildWhere they hold, and each operator of the filter language on their fields. */
const ANSWERED: MemoryQuery[] = [
  {},
  { includeSuperseded: true },
  { types: ['decision'] },
  { types: ['chat', 'error', 'nothing' as MemoryType] },
  { kinds: ['memory'] },
  { kinds: ['fact'] },
  { minImportance: 0.5 },
  { since: 1_500, until: 2_000 },
  { domain: 'world' },
  { domain: 'nowhere' },
  { consolidated: true },
  { consolidated: false, includeSuperseded: true },
  { filter: [{ field: 'importance', operator: '$gte', value: 0.5 }] },
  { filter: [{ field: 'importance', operator: '$lt', value: 0.3 }, { field: 'type', operator: '$in', value: ['error', 'observation'] }] },
  { filter: [{ field: 'type', operator: '$nin', value: ['chat'] }] },
  { filter: [{ field: 'domain', operator: '$eq', value: null }] },
  { filter: [{ field: 'domain', operator: '$ne', value: null }] },
  { filter: [{ field: 'domain', operator: '$ne', value: 'world' }] },
  { filter: [{ field: 'category', operator: '$eq', value: 'plans' }] },
  { filter: [{ field: 'kind', operator: '$ne', value: 'fact' }] },
  { filter: [{ field: 'lastAccessedAt', operator: '$gt', value: 0 }] },
  { filter: [{ field: 'lastAccessedAt', operator: '$eq', value: null }] },
  { filter: [{ field: 'accessCount', operator: '$gte', value: 1 }] },
  { filter: [{ field: 'runningIntensity', operator: '$lte', value: 0.5 }] },
  { filter: [{ field: 'timestamp', operator: '$in', value: [1_000, 1_300] }] },
  { filter: [{ field: 'createdAt', operator: '$gt', value: 5_010 }] },
  { filter: [{ field: 'accessCount', operator: '$eq', value: true }] },
];

/** Queries the columns leave to SQL. */
const LEFT_TO_SQL: MemoryQuery[] = [
  { tags: ['x'] },
  { text: 'memory' },
  { context: { userId: 'u' } },
  { afterId: 'm3' },
  { filter: [{ field: 'context.userId', operator: '$eq', value: 'u' }] },
  { filter: [{ field: 'context.type', operator: '$eq', value: 'chat' }] },
  { filter: [{ field: 'type', operator: '$gt', value: 'chat' }] },
  { filter: [{ field: 'importance', operator: '$gt', value: '0.5' }] },
];

/** What SQL answers, on the store's own connection inside a transaction (where the columns are not used). */
async function bySql<T>(read: () => Promise<T>): Promise<T> {
  const db = backend.pool.connection('ada');
  db.exec('BEGIN');
  const answer = read();
  db.exec('COMMIT');
  return answer;
}

/** Every answered query, by ids and as a filter, and the replies, the same from the columns as from SQL: rows, fields and order. */
async function expectColumnsAsSql(): Promise<void> {
  const db = backend.pool.connection('ada');
  const ids = ['m999', ...Array.from({ length: written }, (_, index) => `m${(index * 7) % written}`), 'm1', 'm1'];
  for (const query of ANSWERED) {
    const columns = rankingColumnsOf(reader)!;
    expect(columns).not.toBeNull();
    const test = compileRowFilter(scope, query, columns)!;
    expect(test).not.toBeNull();
    const where = buildWhere(scope, query);
    const passing = db.prepare(`SELECT m.seq FROM memories m WHERE ${where.sql} ORDER BY m.seq`).pluck().all(...where.params) as number[];
    const seqs = db.prepare('SELECT seq FROM memories ORDER BY seq').pluck().all() as number[];
    expect({ query, passing: seqs.filter((seq) => test(seq)) }).toEqual({ query, passing });
    const byIds = { ...query, ids };
    expect({ query, rows: rankingRowsOf(columns, scope, byIds) }).toEqual({ query, rows: await bySql(() => backend.store.rankingRows(scope, byIds)) });
    expect(await backend.store.rankingRows(scope, { ...byIds, limit: 3 })).toEqual(await bySql(() => backend.store.rankingRows(scope, { ...byIds, limit: 3 })));
  }
  const replies: MemoryQuery = { filter: [{ field: 'context.replyTo', operator: '$in', value: ['m2', ...ids] }] };
  const fromColumns = rankingRowsOf(rankingColumnsOf(reader)!, scope, replies);
  expect(fromColumns).not.toBeNull();
  expect(fromColumns).toEqual(await bySql(() => backend.store.rankingRows(scope, replies)));
}

beforeEach(async () => {
  home = createTempHome();
  backend = createSqliteBackend({ home: home.home });
  written = 0;
  await backend.store.insertMany(scope, records(60));
  reader = new Database(agentPaths(home.home, 'ada').longTermDatabase, { readonly: true });
});
afterEach(async () => {
  reader.close();
  await backend.close();
  home.cleanup();
});

describe('the ranking columns', () => {
  it('answer ranking rows and filters as SQL does, and leave to SQL what they do not hold', async () => {
    await expectColumnsAsSql();
    const columns = rankingColumnsOf(reader)!;
    for (const query of LEFT_TO_SQL) expect({ query, test: compileRowFilter(scope, query, columns) }).toEqual({ query, test: null });
    expect(rankingRowsOf(columns, scope, { filter: [{ field: 'context.replyTo', operator: '$in', value: ['m0'] }], minImportance: 0.5 })).toBeNull();
  });

  it('stay current through every kind of write the engine\'s connection commits: inserts, edits, access, consolidation, supersession, deletes', async () => {
    const db = backend.pool.connection('ada');
    const columns = rankingColumnsOf(reader);
    await expectColumnsAsSql();
    await backend.store.insertMany(scope, records(12));
    await expectColumnsAsSql();
    await backend.store.updateMany(scope, [
      { id: 'm4', patch: { importance: 0.95, type: 'decision', domain: 'world', category: 'plans', timestamp: 1_300 } },
      { id: 'm5', patch: { context: { replyTo: 'm2' } } },
      { id: 'm1', patch: { context: {} } },
      { id: 'm8', patch: { supersededBy: 'm4' } },
      { id: 'm9', patch: { kind: 'fact' } },
    ]);
    await expectColumnsAsSql();
    // Each field alone: a field whose change the log missed would leave its old value in the columns.
    const single: Record<string, unknown>[] = [
      { importance: 0.33 }, { type: 'insight' }, { kind: 'fact' }, { domain: 'work' }, { category: 'plans' }, { timestamp: 1_700 },
      { accessCount: 5 }, { lastAccessedAt: 8_000 }, { runningIntensity: 0.05 }, { consolidatedAt: null }, { supersededBy: 'm30' }, { context: { replyTo: 'm30' } },
    ];
    for (const [index, patch] of single.entries()) {
      await backend.store.updateMany(scope, [{ id: `m${40 + index}`, patch }]);
      await expectColumnsAsSql();
    }
    await backend.store.recordAccess(scope, ['m3', 'm6', 'm7'], { at: 9_000, importanceBoost: 0.05, importanceCeiling: 0.9, intensityBoost: 0.1 });
    await expectColumnsAsSql();
    await backend.store.markConsolidated(scope, ['m10', 'm11', 'm12'], 9_500);
    await expectColumnsAsSql();
    await backend.store.deleteMany(scope, ['m0', 'm2', 'm13', 'm60']);
    await expectColumnsAsSql();
    // The same columns all along: caught up, not read again.
    expect(rankingColumnsOf(reader)).toBe(columns);
  });

  it('catch up with writes another connection commits (a read worker sees the engine write)', async () => {
    const db = backend.pool.connection('ada');
    await expectColumnsAsSql();
    const columns = rankingColumnsOf(reader);
    const other = new Database(agentPaths(home.home, 'ada').longTermDatabase);
    try {
      other.prepare('UPDATE memories SET importance = 0.99, access_count = 3, last_accessed_at = 7 WHERE id = ?').run('m14');
      other.prepare('UPDATE memories SET consolidated_at = NULL, superseded_by = ? WHERE id = ?').run('m1', 'm15');
      other.prepare("UPDATE memories SET context = json_object('replyTo', 'm20') WHERE id = 'm16'").run();
      other.prepare('DELETE FROM memories WHERE id = ?').run('m17');
    } finally {
      other.close();
    }
    await backend.store.insertMany(scope, records(3));
    await expectColumnsAsSql();
    expect(rankingColumnsOf(reader)).toBe(columns);
  });

  it('of a larger agent are read a slice at a time between other work, SQL answering meanwhile, and end as SQL\'s though writes came during the read', async () => {
    const reading = { atOnce: 10, slice: 7 };
    expect(rankingColumnsOf(reader, reading)).toBeNull();
    // Writes while the rows are read: to rows read already, rows not read yet, and rows past the end.
    await backend.store.updateMany(scope, [{ id: 'm3', patch: { importance: 0.97 } }, { id: 'm55', patch: { domain: 'home', category: 'plans' } }]);
    await backend.store.deleteMany(scope, ['m1', 'm50']);
    await backend.store.insertMany(scope, records(5));
    let sliceTurns = 0;
    while (rankingColumnsOf(reader, reading) === null) {
      expect(await backend.store.rankingRows(scope, { ids: ['m3'] })).toMatchObject([{ importance: 0.97 }]);
      await new Promise((resolve) => setImmediate(resolve));
      sliceTurns += 1;
      expect(sliceTurns).toBeLessThan(100);
    }
    // 60 rows past the first 10, 7 a turn: several turns, not one read.
    expect(sliceTurns).toBeGreaterThanOrEqual(6);
    await expectColumnsAsSql();
  });

  it('are read again when the log was pruned past what they saw', async () => {
    const db = backend.pool.connection('ada');
    const columns = rankingColumnsOf(reader);
    await backend.store.updateMany(scope, [{ id: 'm4', patch: { importance: 0.91 } }]);
    await backend.store.deleteMany(scope, ['m5']);
    db.exec('DELETE FROM memory_ranking_changes');
    await expectColumnsAsSql();
    expect(rankingColumnsOf(reader)).not.toBe(columns);
  });

  it('are not used inside a transaction, where what they would read may roll back, nor on a connection that writes', async () => {
    const columns = rankingColumnsOf(reader)!;
    reader.exec('BEGIN');
    try {
      expect(rankingColumnsOf(reader)).toBeNull();
    } finally {
      reader.exec('COMMIT');
    }
    expect(rankingColumnsOf(reader)).toBe(columns);
    // The engine's own connection: a one-shot CLI search would pay the whole read (~0.5 s at 100k) for one answer.
    const db = backend.pool.connection('ada');
    expect(rankingColumnsOf(db)).toBeNull();
    db.exec('BEGIN');
    try {
      db.prepare('UPDATE memories SET importance = 0.01 WHERE id = ?').run('m9');
      expect(await backend.store.rankingRows(scope, { ids: ['m9'] })).toMatchObject([{ importance: 0.01 }]);
    } finally {
      db.exec('ROLLBACK');
    }
    expect(rankingRowsOf(rankingColumnsOf(reader)!, scope, { ids: ['m9'] })![0]!.importance).toBe(0.9);
    await expectColumnsAsSql();
  });
});

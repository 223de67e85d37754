import type Database from 'better-sqlite3';
import { StoreError } from '../../errors/store-error.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { tierOf } from '../../core/tiers.ts';
import type { MemoryKind, MemoryRecord, MemoryType } from '../../spec/memory-record.ts';
import type { AgentScope, MemoryHistoryEvent, MemoryQuery, MemoryRankingRow, MemoryStore, StoreStatistics } from '../../spec/memory-store.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { preparedOnce, preparedRawOnce } from './statement-cache.ts';
import { keepFtsStatisticsUsable } from './fts-statistics.ts';
import { buildOrder, buildWhere, chunk, placeholders } from './query-builder.ts';
import { hasNeighbourText, NEIGHBOUR_TEXT_ON_INSERT, refreshNeighbourText } from './neighbour-text-schema.ts';
import { inOrderOf } from '../in-order-of.ts';
import { rankingColumnsOf, rankingRowsOf } from './ranking-columns.ts';
import { INSERT_COLUMNS, MEMORY_COLUMNS, PATCH_COLUMNS, recordFromValues, recordToParams } from './row-mapping.ts';

/**
 * The default long-term store: one SQLite file per agent.
 *
 * @example
 * const pool = createSqliteConnectionPool({ home: './.hippocampus' });
 * const store = createSqliteMemoryStore({ pool });
 * await store.query({ agentId: 'ada' }, { types: ['decision'], limit: 10 });
 */
/** Above this many tagged rows a tag filter is checked per row while walking the order index. */
const COMMON_TAG_ROWS = 2000;

/** Inserts at least this large refresh the planner's statistics. */
const BULK_INSERT = 1000;

export function createSqliteMemoryStore(options: { pool: SqliteConnectionPool }): MemoryStore {
  const { pool } = options;

  function run<T>(agentId: string, label: string, work: (db: Database.Database) => T): T {
    const db = pool.connection(agentId);
    try {
      return work(db);
    } catch (error) {
      if (HippocampusError.isInstance(error)) throw error;
      throw new StoreError({ message: `SQLite ${label} failed for agent "${agentId}": ${(error as Error).message}`, cause: error });
    }
  }

  function selectAll<Row>(db: Database.Database, sql: string, params: unknown[], prepare = preparedOnce): Row[] {
    try {
      return prepare(db, sql).all(...params) as Row[];
    } catch (error) {
      throw new StoreError({ message: 'Query failed', query: sql, params, cause: error });
    }
  }

  /** Rows as arrays of their values (preparedRawOnce: cheaper than better-sqlite3's object rows). */
  function selectValues(db: Database.Database, sql: string, params: unknown[]): unknown[][] {
    return selectAll<unknown[]>(db, sql, params, preparedRawOnce);
  }

  function selectRecords(db: Database.Database, where: string, params: unknown[], tail = ''): MemoryRecord[] {
    return selectValues(db, `SELECT ${MEMORY_COLUMNS} FROM memories m WHERE ${where} ${tail}`, params).map(recordFromValues);
  }

  function writeTags(db: Database.Database, seq: number, tags: readonly string[]): void {
    preparedOnce(db, 'DELETE FROM memory_tags WHERE memory_seq = ?').run(seq);
    const insert = preparedOnce(db, 'INSERT OR IGNORE INTO memory_tags (memory_seq, tag) VALUES (?, ?)');
    for (const tag of tags) insert.run(seq, tag);
  }

  function seqsOf(db: Database.Database, agentId: string, ids: string[]): { id: string; seq: number }[] {
    const found: { id: string; seq: number }[] = [];
    for (const part of chunk(ids)) {
      found.push(
        ...(preparedOnce(db, `SELECT id, seq FROM memories WHERE +agent_id = ? AND id IN (${placeholders(part.length)})`).all(agentId, ...part) as { id: string; seq: number }[]),
      );
    }
    return found;
  }

  async function historyOf(scope: AgentScope, memoryIds: readonly string[]): Promise<MemoryHistoryEvent[]> {
    if (memoryIds.length === 0) return [];
    const rows = run(scope.agentId, 'list history', (db) =>
      db
        .prepare('SELECT m.id AS memoryId, h.at, h.event, h.details FROM memory_history h JOIN memories m ON m.seq = h.memory_seq WHERE m.agent_id = ? AND m.id IN (SELECT value FROM json_each(?)) ORDER BY h.at, h.id')
        .all(scope.agentId, JSON.stringify(memoryIds)) as { memoryId: string; at: number; event: string; details: string }[],
    );
    return inOrderOf(memoryIds, rows.map((row) => ({ memoryId: row.memoryId, at: row.at, event: row.event as MemoryHistoryEvent['event'], details: JSON.parse(row.details) as MemoryHistoryEvent['details'] })));
  }

  return {
    dialect: 'sqlite',

    async insertMany(scope, records) {
      return run(scope.agentId, 'insert', (db) => {
        // Indexed with its parent's text from the start; the parent learns of its reply after the batch.
        const neighbours = hasNeighbourText(db);
        // Compiled once per connection (statement-cache.ts): with the table's triggers, compiling the insert
        // and the delete below took ~0.5 ms of each single remember at 72k memories (a quarter of it).
        const insert = neighbours
          ? preparedOnce(db, `INSERT INTO memories (${INSERT_COLUMNS}, neighbour_text) VALUES (${placeholders(21)}, ${NEIGHBOUR_TEXT_ON_INSERT}) ON CONFLICT DO NOTHING RETURNING seq`)
          : preparedOnce(db, `INSERT INTO memories (${INSERT_COLUMNS}) VALUES (${placeholders(21)}) ON CONFLICT DO NOTHING RETURNING seq`);
        const existing = preparedOnce(db, "SELECT id FROM memories WHERE agent_id = ? AND content_hash = ? AND kind = 'memory'");
        const outcome = { inserted: [] as string[], duplicates: [] as { record: MemoryRecord; existingId: string }[] };
        db.transaction(() => {
          for (const record of records) {
            if (record.agentId !== scope.agentId) {
              throw new StoreError({ message: `Record ${record.id} belongs to agent "${record.agentId}", not "${scope.agentId}"` });
            }
            const row = insert.get(...recordToParams(record), ...(neighbours ? [JSON.stringify(record.context), record.agentId] : [])) as { seq: number } | undefined;
            if (row === undefined) {
              const duplicate = existing.get(scope.agentId, record.contentHash) as { id: string } | undefined;
              if (duplicate === undefined) throw new StoreError({ message: `Memory id ${record.id} already exists` });
              outcome.duplicates.push({ record, existingId: duplicate.id });
              continue;
            }
            if (record.tags.length > 0) writeTags(db, row.seq, record.tags);
            outcome.inserted.push(record.id);
          }
          refreshNeighbourText(db);
        }).immediate();
        // A bulk load changes the statistics the planner relies on (measured: recall at
        // 100k went from 0.8 ms to 60 ms p50 on stale statistics).
        if (outcome.inserted.length >= BULK_INSERT) {
          db.pragma('optimize');
          keepFtsStatisticsUsable(db);
        }
        return outcome;
      });
    },

    async getMany(scope, ids) {
      return run(scope.agentId, 'get', (db) => {
        const records = chunk(ids).flatMap((part) => {
          const where = buildWhere(scope, { ids: part, includeSuperseded: true });
          return selectRecords(db, where.sql, where.params);
        });
        const order = new Map(ids.map((id, index) => [id, index]));
        return records.sort((left, right) => (order.get(left.id) ?? 0) - (order.get(right.id) ?? 0));
      });
    },

    async findByContentHash(scope, hashes, kind) {
      if (hashes.length === 0) return [];
      return run(scope.agentId, 'find by hash', (db) =>
        chunk(hashes).flatMap((part) =>
          selectRecords(db, `m.agent_id = ? AND m.kind = ? AND m.content_hash IN (${placeholders(part.length)})`, [scope.agentId, kind, ...part]),
        ),
      );
    },

    async query(scope, query) {
      return run(scope.agentId, 'query', (db) => {
        const onlyTags = Object.entries(query).every(([key, value]) => value === undefined || ['tags', 'limit', 'orderBy', 'direction', 'includeSuperseded'].includes(key));
        const commonTags =
          onlyTags && query.tags !== undefined && query.tags.length > 0 && query.limit !== undefined && query.orderBy !== 'none' &&
          (db.prepare(`SELECT count(*) FROM memory_tags WHERE tag IN (${placeholders(query.tags.length)})`).pluck().get(...query.tags) as number) > COMMON_TAG_ROWS;
        const where = buildWhere(scope, query, { commonTags });
        const limit = limitClause(query);
        // Pick the rows first, then decode only those: SQLite would otherwise build every
        // output column (tags subquery, JSON) for each row it sorts.
        const order = buildOrder(query);
        if (order === '') return selectRecords(db, where.sql, where.params, limit);
        const picked = `m.seq IN (SELECT m.seq FROM memories m WHERE ${where.sql} ORDER BY ${order}${limit})`;
        return selectRecords(db, picked, where.params, `ORDER BY ${order}`);
      });
    },

    async rankingRows(scope, query) {
      return run(scope.agentId, 'ranking rows', (db) => {
        // From memory where the ranking columns answer (the candidates by id, their replies): SQL was ~16% of a search at 100k.
        const columns = rankingColumnsOf(db);
        const fromColumns = columns === null ? null : rankingRowsOf(columns, scope, query);
        if (fromColumns !== null) return fromColumns;
        const where = buildWhere(scope, query);
        // The reply link parsed only from contexts that name it (contexts are JSON.stringify's, keys never
        // escaped): parsing every candidate's context was ~22% of this statement at 100k (200 ids: 0.21 → 0.17 ms).
        const sql = `SELECT m.id AS id, m.importance AS importance, m.timestamp AS timestamp, m.created_at AS createdAt, m.last_accessed_at AS lastAccessedAt,
          m.access_count AS accessCount, m.running_intensity AS runningIntensity,
          CASE WHEN instr(m.context, '"replyTo"') > 0 THEN json_extract(m.context, '$.replyTo') END AS replyTo
          FROM memories m WHERE ${where.sql}${limitClause(query)}`;
        return selectValues(db, sql, where.params).map(
          ([id, importance, timestamp, createdAt, lastAccessedAt, accessCount, runningIntensity, replyTo]): MemoryRankingRow => ({
            id: id as string,
            importance: importance as number,
            timestamp: timestamp as number,
            createdAt: createdAt as number,
            lastAccessedAt: lastAccessedAt as number | null,
            accessCount: accessCount as number,
            runningIntensity: runningIntensity as number,
            replyTo: typeof replyTo === 'string' ? replyTo : null,
          }),
        );
      });
    },

    async count(scope, query = {}) {
      return run(scope.agentId, 'count', (db) => {
        const where = buildWhere(scope, query);
        if (query.limit === undefined) return (preparedOnce(db, `SELECT count(*) AS n FROM memories m WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
        // Stops at the limit: "more than 5,000 match?" took 62–92 ms a recall at 100k counting them all.
        return (preparedOnce(db, `SELECT count(*) AS n FROM (SELECT 1 FROM memories m WHERE ${where.sql} LIMIT ?)`).get(...where.params, query.limit) as { n: number }).n;
      });
    },

    async updateMany(scope, patches) {
      if (patches.length === 0) return;
      run(scope.agentId, 'update', (db) => {
        db.transaction(() => {
          for (const { id, patch } of patches) {
            const assignments: string[] = [];
            const params: unknown[] = [];
            for (const [field, value] of Object.entries(patch)) {
              const column = PATCH_COLUMNS[field];
              if (column === undefined || value === undefined) continue;
              assignments.push(`${column.column} = ?`);
              params.push(column.encode ? column.encode(value) : value);
            }
            const row = preparedOnce(db, 'SELECT seq FROM memories WHERE agent_id = ? AND id = ?').get(scope.agentId, id) as { seq: number } | undefined;
            if (row === undefined) throw new StoreError({ code: 'NOT_FOUND', message: `Memory "${id}" was not found` });
            if (assignments.length > 0) db.prepare(`UPDATE memories SET ${assignments.join(', ')} WHERE seq = ?`).run(...params, row.seq);
            if (patch.tags !== undefined) writeTags(db, row.seq, patch.tags);
          }
        }).immediate();
      });
    },

    async markConsolidated(scope, ids, at) {
      if (ids.length === 0) return [];
      return run(scope.agentId, 'consolidate', (db) => {
        const moved: string[] = [];
        db.transaction(() => {
          for (const part of chunk(ids)) {
            const rows = db
              .prepare(`UPDATE memories SET consolidated_at = ? WHERE agent_id = ? AND consolidated_at IS NULL AND id IN (${placeholders(part.length)}) RETURNING id`)
              .all(at, scope.agentId, ...part) as { id: string }[];
            moved.push(...rows.map((row) => row.id));
          }
        }).immediate();
        return moved;
      });
    },

    async recordAccess(scope, ids, update) {
      if (ids.length === 0) return;
      run(scope.agentId, 'record access', (db) => {
        db.transaction(() => {
          for (const part of chunk(ids)) {
            db.prepare(
              `UPDATE memories SET access_count = access_count + 1, last_accessed_at = ?,
                 importance = CASE WHEN importance >= ? THEN importance ELSE min(?, importance + ?) END,
                 running_intensity = min(1.0, running_intensity + ?)
               WHERE +agent_id = ? AND id IN (${placeholders(part.length)})`,
            ).run(update.at, update.importanceCeiling, update.importanceCeiling, update.importanceBoost, update.intensityBoost, scope.agentId, ...part);
          }
        }).immediate();
      });
    },

    async deleteMany(scope, ids, deleteOptions = {}) {
      if (ids.length === 0) return [];
      return run(scope.agentId, 'delete', (db) => {
        const deleted: string[] = [];
        db.transaction(() => {
          const targets = seqsOf(db, scope.agentId, ids);
          for (const part of chunk(targets)) {
            const onlyShortTerm = deleteOptions.onlyShortTerm === true ? ' AND consolidated_at IS NULL' : '';
            const rows = preparedOnce(db, `DELETE FROM memories WHERE seq IN (${placeholders(part.length)})${onlyShortTerm} RETURNING id, seq`)
              .all(...part.map((target) => target.seq)) as { id: string; seq: number }[];
            deleted.push(...rows.map((row) => row.id));
          }
        }).immediate();
        return deleted;
      });
    },

    async selectPruneCandidates(scope, selection) {
      return run(scope.agentId, 'select prune candidates', (db) => {
        // Only long-term memories nobody touched within the protection window are eligible.
        const eligible = 'agent_id = ? AND consolidated_at IS NOT NULL AND COALESCE(last_accessed_at, created_at) < ?';
        const total = (db.prepare('SELECT count(*) AS n FROM memories WHERE agent_id = ? AND consolidated_at IS NOT NULL').get(scope.agentId) as { n: number }).n;
        const belowFloor = (
          db.prepare(`SELECT count(*) AS n FROM memories WHERE ${eligible} AND importance < ?`).get(scope.agentId, selection.protectedSince, selection.minImportance) as { n: number }
        ).n;
        const wanted = Math.min(selection.limit, Math.max(total - selection.maxMemories, belowFloor));
        if (wanted <= 0) return [];
        // Weakest first: below the floor, then least important, least used, longest untouched.
        const rows = db
          .prepare(
            `SELECT id FROM memories WHERE ${eligible}
             ORDER BY (importance >= ?) ASC, importance ASC, access_count ASC, COALESCE(last_accessed_at, created_at) ASC LIMIT ?`,
          )
          .all(scope.agentId, selection.protectedSince, selection.minImportance, wanted) as { id: string }[];
        return rows.map((row) => row.id);
      });
    },

    async appendHistory(scope, events) {
      if (events.length === 0) return;
      run(scope.agentId, 'append history', (db) => {
        // Every write appends its history: compiled once per connection.
        const insert = preparedOnce(db, 'INSERT INTO memory_history (memory_seq, at, event, details) SELECT seq, ?, ?, ? FROM memories WHERE agent_id = ? AND id = ?');
        db.transaction(() => {
          for (const event of events) insert.run(event.at, event.event, JSON.stringify(event.details), scope.agentId, event.memoryId);
        }).immediate();
      });
    },

    async listHistory(scope, memoryId) {
      return historyOf(scope, [memoryId]);
    },

    listHistoryMany: (scope, memoryIds) => historyOf(scope, memoryIds),

    async recordConsolidationRun(runRecord) {
      run(runRecord.agentId, 'record consolidation run', (db) => {
        db.prepare(
          'INSERT INTO consolidation_runs (agent_id, started_at, duration_ms, candidates_in, kept, pruned, trigger) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(runRecord.agentId, runRecord.startedAt, runRecord.durationMs, runRecord.candidatesIn, runRecord.kept, runRecord.pruned, runRecord.trigger);
      });
    },

    async listConsolidationRuns(scope, limit) {
      return run(scope.agentId, 'list consolidation runs', (db) =>
        (
          db
            .prepare('SELECT id, agent_id, started_at, duration_ms, candidates_in, kept, pruned, trigger FROM consolidation_runs WHERE agent_id = ? ORDER BY started_at DESC, id DESC LIMIT ?')
            .all(scope.agentId, limit) as {
            id: number;
            agent_id: string;
            started_at: number;
            duration_ms: number;
            candidates_in: number;
            kept: number;
            pruned: number;
            trigger: string;
          }[]
        ).map((row) => ({
          id: row.id,
          agentId: row.agent_id,
          startedAt: row.started_at,
          durationMs: row.duration_ms,
          candidatesIn: row.candidates_in,
          kept: row.kept,
          pruned: row.pruned,
          trigger: row.trigger,
        })),
      );
    },

    async statistics(scope, now) {
      return run(scope.agentId, 'statistics', (db) => {
        const statistics: StoreStatistics = {
          total: 0,
          shortTerm: 0,
          byType: {},
          byKind: {},
          byTier: { core: 0, active: 0, background: 0, archival: 0 },
          superseded: 0,
          sizeBytes: pool.databaseSize(scope.agentId),
        };
        const rows = db
          .prepare(
            `SELECT type, kind, consolidated_at IS NULL AS short_term, superseded_by IS NOT NULL AS superseded,
               CASE WHEN live >= 0.7 THEN 0.7 WHEN live >= 0.4 THEN 0.4 WHEN live >= 0.2 THEN 0.2 ELSE 0 END AS band,
               count(*) AS n
             FROM (SELECT *, importance * pow(0.99, floor(max(0, ? - COALESCE(last_accessed_at, created_at)) / 86400000.0)) AS live FROM memories WHERE agent_id = ?)
             GROUP BY 1, 2, 3, 4, 5`,
          )
          .all(now, scope.agentId) as { type: MemoryType; kind: MemoryKind; short_term: number; superseded: number; band: number; n: number }[];
        for (const row of rows) {
          statistics.total += row.n;
          statistics.byType[row.type] = (statistics.byType[row.type] ?? 0) + row.n;
          statistics.byKind[row.kind] = (statistics.byKind[row.kind] ?? 0) + row.n;
          if (row.superseded) statistics.superseded += row.n;
          if (row.short_term) statistics.shortTerm += row.n;
          else statistics.byTier[tierOf(row.band)] += row.n;
        }
        return statistics;
      });
    },

    async listAgents() {
      return pool.listAgents();
    },

    async hasAgent(agentId) {
      return pool.hasAgent(agentId);
    },

    async close() {
      pool.close();
    },
  };
}

/** ` LIMIT n` for a query that has a limit, else nothing. */
function limitClause(query: MemoryQuery): string {
  return query.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(query.limit))}`;
}

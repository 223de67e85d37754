import { StoreError } from '../../errors/store-error.ts';
import { tierOf } from '../../core/tiers.ts';
import type { MemoryContext, MemoryKind, MemoryRecord, MemoryType } from '../../spec/memory-record.ts';
import type { AgentScope, MemoryHistoryEvent, MemoryRankingRow, MemoryStore, StoreStatistics } from '../../spec/memory-store.ts';
import { inOrderOf } from '../in-order-of.ts';
import { neighbourTextsOf } from './neighbour-text.ts';
import { buildOrder, buildWhere, limitClause, Parameters } from './memory-query.ts';
import type { PostgresDatabase, Queryable } from './postgres-database.ts';

interface MemoryRow {
  id: string;
  agent_id: string;
  session_id: string | null;
  type: string;
  kind: string;
  content: string;
  context: MemoryContext;
  domain: string | null;
  category: string | null;
  occurred_at: string;
  created_at: string;
  consolidated_at: string | null;
  last_accessed_at: string | null;
  importance: number;
  access_count: number;
  running_intensity: number;
  encounter_count: number;
  superseded_by: string | null;
  content_hash: string;
  related_to: string[];
  source: string | null;
  tags: string[];
}

const MEMORY_COLUMNS = `m.id, m.agent_id, m.session_id, m.type, m.kind, m.content, m.context, m.domain, m.category, m.occurred_at,
  m.created_at, m.consolidated_at, m.last_accessed_at, m.importance, m.access_count, m.running_intensity, m.encounter_count,
  m.superseded_by, m.content_hash, m.related_to, m.source, m.tags`;

// bigint columns arrive as strings from node-postgres (they may exceed 2^53); epoch milliseconds never do.
const toNumber = (value: string | null) => (value === null ? null : Number(value));

function rowToRecord(row: MemoryRow): MemoryRecord {
  return {
    id: row.id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    type: row.type as MemoryType,
    kind: row.kind as MemoryKind,
    content: row.content,
    context: row.context,
    domain: row.domain,
    category: row.category,
    timestamp: Number(row.occurred_at),
    createdAt: Number(row.created_at),
    consolidatedAt: toNumber(row.consolidated_at),
    lastAccessedAt: toNumber(row.last_accessed_at),
    importance: row.importance,
    accessCount: row.access_count,
    runningIntensity: row.running_intensity,
    encounterCount: row.encounter_count,
    supersededBy: row.superseded_by,
    contentHash: row.content_hash,
    relatedTo: row.related_to,
    tags: [...row.tags].sort(),
    source: row.source,
  };
}

/** record field → column, for updates. */
const PATCH_COLUMNS: Readonly<Record<string, { column: string; cast?: string; encode?: (value: unknown) => unknown }>> = {
  content: { column: 'content' },
  contentHash: { column: 'content_hash' },
  context: { column: 'context', cast: 'jsonb', encode: (value) => JSON.stringify(value) },
  domain: { column: 'domain' },
  category: { column: 'category' },
  importance: { column: 'importance' },
  accessCount: { column: 'access_count' },
  lastAccessedAt: { column: 'last_accessed_at' },
  runningIntensity: { column: 'running_intensity' },
  encounterCount: { column: 'encounter_count' },
  supersededBy: { column: 'superseded_by' },
  consolidatedAt: { column: 'consolidated_at' },
  relatedTo: { column: 'related_to', cast: 'jsonb', encode: (value) => JSON.stringify(value) },
  type: { column: 'type' },
  kind: { column: 'kind' },
  timestamp: { column: 'occurred_at' },
  source: { column: 'source' },
  tags: { column: 'tags', cast: 'text[]', encode: (value) => [...new Set(value as string[])] },
};

// One statement a batch: the records travel as one JSON parameter (5,000 rows in one round trip
// instead of 5,000), unpacked by jsonb_to_recordset.
const INSERT_SQL = `INSERT INTO memories (id, agent_id, session_id, type, kind, content, context, domain, category, occurred_at, created_at,
    consolidated_at, last_accessed_at, importance, access_count, running_intensity, encounter_count, superseded_by, content_hash, related_to, source, tags, neighbour_text)
  SELECT r.id, r.agent_id, r.session_id, r.type, r.kind, r.content, r.context, r.domain, r.category, r.occurred_at, r.created_at,
    r.consolidated_at, r.last_accessed_at, r.importance, r.access_count, r.running_intensity, r.encounter_count, r.superseded_by, r.content_hash, r.related_to, r.source,
    ARRAY(SELECT DISTINCT jsonb_array_elements_text(r.tags)), r.neighbour_text
  FROM jsonb_to_recordset($1::jsonb) AS r(id text, agent_id text, session_id text, type text, kind text, content text, context jsonb, domain text,
    category text, occurred_at bigint, created_at bigint, consolidated_at bigint, last_accessed_at bigint, importance double precision, access_count integer,
    running_intensity double precision, encounter_count integer, superseded_by text, content_hash text, related_to jsonb, source text, tags jsonb, position bigint, neighbour_text text)
  ORDER BY position
  ON CONFLICT DO NOTHING RETURNING id`;

function insertRow(record: MemoryRecord, position: number, neighbourText: string): Record<string, unknown> {
  return {
    position,
    neighbour_text: neighbourText,
    id: record.id, agent_id: record.agentId, session_id: record.sessionId, type: record.type, kind: record.kind, content: record.content, context: record.context,
    domain: record.domain, category: record.category, occurred_at: record.timestamp, created_at: record.createdAt, consolidated_at: record.consolidatedAt,
    last_accessed_at: record.lastAccessedAt, importance: record.importance, access_count: record.accessCount, running_intensity: record.runningIntensity,
    encounter_count: record.encounterCount, superseded_by: record.supersededBy, content_hash: record.contentHash, related_to: record.relatedTo, source: record.source, tags: record.tags,
  };
}

/**
 * Memories of many agents in one PostgreSQL database, every key and query carrying `agent_id`.
 * Writes take the agent's advisory lock, so several processes on several machines writing to one
 * agent at once are serialized as SQLite's writers are, and durable on COMMIT.
 *
 * @example
 * const store = createPostgresMemoryStore({ database });
 * await store.query({ agentId: 'ada' }, { types: ['decision'], limit: 10 });
 */
/**
 * Tables whose rows make an agent real: something of its own, or a forget's tombstone (an agent that forgot
 * its last memory still exists, as its SQLite file does; it was NOT_FOUND to every later command). An
 * engine's mere opening binds a model and records consolidation runs, which do not count.
 */
const AGENT_TABLES = ['memories', 'memory_blocks', 'skills', 'live_watermarks', 'forgotten_memories'];

/** The agents a database holds, sorted: those with a row in one of `AGENT_TABLES`. The store's `listAgents` and `data check`. */
export async function agentsIn(database: Queryable): Promise<string[]> {
  const rows = await database.rows<{ agent_id: string }>(`${AGENT_TABLES.map((table) => `SELECT agent_id FROM ${table}`).join(' UNION ')} ORDER BY 1`);
  return rows.map((row) => row.agent_id);
}

/** Whether `agentsIn` would name this agent: one indexed probe per table (each keyed by agent_id first), stopping at the first row. */
export async function holdsAgent(database: Queryable, agentId: string): Promise<boolean> {
  const probe = (table: string) => `EXISTS (SELECT 1 FROM ${table} WHERE agent_id = $1)`;
  const rows = await database.rows<{ held: boolean }>(
    `SELECT ${AGENT_TABLES.map(probe).join(' OR ')} AS held`,
    [agentId],
  );
  return rows[0]?.held === true;
}

export function createPostgresMemoryStore(options: { database: PostgresDatabase }): MemoryStore {
  const { database } = options;

  async function select(where: string, parameters: Parameters, tail = ''): Promise<MemoryRecord[]> {
    return (await database.rows<MemoryRow>(`SELECT ${MEMORY_COLUMNS} FROM memories m WHERE ${where} ${tail}`, parameters.values)).map(rowToRecord);
  }

  async function historyOf(scope: AgentScope, memoryIds: readonly string[]): Promise<MemoryHistoryEvent[]> {
    if (memoryIds.length === 0) return [];
    const rows = await database.rows<{ memory_id: string; at: string; event: string; details: MemoryHistoryEvent['details'] }>(
      'SELECT m.id AS memory_id, h.at, h.event, h.details FROM memory_history h JOIN memories m ON m.seq = h.memory_seq WHERE m.agent_id = $1 AND m.id = ANY($2::text[]) ORDER BY h.at, h.id',
      [scope.agentId, [...memoryIds]],
    );
    return inOrderOf(memoryIds, rows.map((row) => ({ memoryId: row.memory_id, at: Number(row.at), event: row.event as MemoryHistoryEvent['event'], details: row.details })));
  }

  return {
    dialect: 'postgres',

    async insertMany(scope, records) {
      for (const record of records) {
        if (record.agentId !== scope.agentId) throw new StoreError({ message: `Record ${record.id} belongs to agent "${record.agentId}", not "${scope.agentId}"` });
      }
      if (records.length === 0) return { inserted: [], duplicates: [] };
      return database.writeTransaction(scope.agentId, async (client) => {
        const outcome = { inserted: [] as string[], duplicates: [] as { record: MemoryRecord; existingId: string }[] };
        const neighbourTexts = await neighbourTextsOf(client, scope.agentId, records);
        const rows = records.map((record, position) => insertRow(record, position, neighbourTexts[position]!));
        const written = new Set((await client.rows<{ id: string }>(INSERT_SQL, [JSON.stringify(rows)])).map((row) => row.id));
        for (const record of records) {
          if (written.has(record.id)) {
            outcome.inserted.push(record.id);
            continue;
          }
          // Not written: a verbatim copy of a memory (reported), else a taken id (refused, and the batch with it).
          const [duplicate] = await client.rows<{ id: string }>("SELECT id FROM memories WHERE agent_id = $1 AND content_hash = $2 AND kind = 'memory' AND id <> $3", [scope.agentId, record.contentHash, record.id]);
          if (duplicate === undefined || record.kind !== 'memory') throw new StoreError({ message: `Memory id ${record.id} already exists` });
          outcome.duplicates.push({ record, existingId: duplicate.id });
        }
        return outcome;
      });
    },

    async getMany(scope, ids) {
      if (ids.length === 0) return [];
      const parameters = new Parameters();
      const records = await select(buildWhere(scope, { ids, includeSuperseded: true }, parameters), parameters);
      const order = new Map(ids.map((id, index) => [id, index]));
      return records.sort((left, right) => (order.get(left.id) ?? 0) - (order.get(right.id) ?? 0));
    },

    async findByContentHash(scope, hashes, kind) {
      if (hashes.length === 0) return [];
      return select('m.agent_id = $1 AND m.kind = $2 AND m.content_hash = ANY($3::text[])', new Parameters([scope.agentId, kind, hashes]));
    },

    async query(scope, query) {
      const parameters = new Parameters();
      const where = buildWhere(scope, query, parameters);
      const order = buildOrder(query);
      return select(where, parameters, `${order === '' ? '' : `ORDER BY ${order}`}${limitClause(query)}`);
    },

    async rankingRows(scope, query) {
      const parameters = new Parameters();
      const where = buildWhere(scope, query, parameters);
      const rows = await database.rows<{ id: string; importance: number; occurred_at: string; created_at: string; last_accessed_at: string | null; access_count: number; running_intensity: number; reply_to: unknown }>(
        `SELECT m.id, m.importance, m.occurred_at, m.created_at, m.last_accessed_at, m.access_count, m.running_intensity, m.context -> 'replyTo' AS reply_to
         FROM memories m WHERE ${where}${limitClause(query)}`,
        parameters.values,
      );
      return rows.map(
        (row): MemoryRankingRow => ({
          id: row.id,
          importance: row.importance,
          timestamp: Number(row.occurred_at),
          createdAt: Number(row.created_at),
          lastAccessedAt: toNumber(row.last_accessed_at),
          accessCount: row.access_count,
          runningIntensity: row.running_intensity,
          replyTo: typeof row.reply_to === 'string' ? row.reply_to : null,
        }),
      );
    },

    async count(scope, query = {}) {
      const parameters = new Parameters();
      const where = buildWhere(scope, query, parameters);
      const sql = query.limit === undefined ? `SELECT count(*) AS n FROM memories m WHERE ${where}` : `SELECT count(*) AS n FROM (SELECT 1 FROM memories m WHERE ${where} LIMIT ${parameters.add(query.limit)}) AS matching`;
      const [row] = await database.rows<{ n: string }>(sql, parameters.values);
      return Number(row?.n ?? 0);
    },

    async updateMany(scope, patches) {
      if (patches.length === 0) return;
      await database.writeTransaction(scope.agentId, async (client) => {
        for (const { id, patch } of patches) {
          const parameters = new Parameters([scope.agentId, id]);
          const assignments: string[] = [];
          for (const [field, value] of Object.entries(patch)) {
            const column = PATCH_COLUMNS[field];
            if (column === undefined || value === undefined) continue;
            const placeholder = parameters.add(column.encode ? column.encode(value) : value);
            assignments.push(`${column.column} = ${placeholder}${column.cast ? `::${column.cast}` : ''}`);
          }
          const set = assignments.length > 0 ? assignments.join(', ') : 'id = id';
          const updated = await client.rows(`UPDATE memories SET ${set} WHERE agent_id = $1 AND id = $2 RETURNING seq`, parameters.values);
          if (updated.length === 0) throw new StoreError({ code: 'NOT_FOUND', message: `Memory "${id}" was not found` });
        }
      });
    },

    async markConsolidated(scope, ids, at) {
      if (ids.length === 0) return [];
      return database.writeTransaction(scope.agentId, async (client) =>
        (
          await client.rows<{ id: string }>('UPDATE memories SET consolidated_at = $1 WHERE agent_id = $2 AND consolidated_at IS NULL AND id = ANY($3::text[]) RETURNING id', [at, scope.agentId, ids])
        ).map((row) => row.id),
      );
    },

    async recordAccess(scope, ids, update) {
      if (ids.length === 0) return;
      await database.writeTransaction(scope.agentId, (client) =>
        client.rows(
          `UPDATE memories SET access_count = access_count + 1, last_accessed_at = $1,
             importance = CASE WHEN importance >= $2 THEN importance ELSE least($2, importance + $3) END,
             running_intensity = least(1.0, running_intensity + $4)
           WHERE agent_id = $5 AND id = ANY($6::text[])`,
          [update.at, update.importanceCeiling, update.importanceBoost, update.intensityBoost, scope.agentId, ids],
        ),
      );
    },

    async deleteMany(scope, ids, deleteOptions = {}) {
      if (ids.length === 0) return [];
      const onlyShortTerm = deleteOptions.onlyShortTerm === true ? ' AND consolidated_at IS NULL' : '';
      return database.writeTransaction(scope.agentId, async (client) =>
        (await client.rows<{ id: string }>(`DELETE FROM memories WHERE agent_id = $1 AND id = ANY($2::text[])${onlyShortTerm} RETURNING id`, [scope.agentId, ids])).map((row) => row.id),
      );
    },

    async selectPruneCandidates(scope, selection) {
      const eligible = 'agent_id = $1 AND consolidated_at IS NOT NULL AND coalesce(last_accessed_at, created_at) < $2';
      const [counts] = await database.rows<{ total: string; below: string }>(
        `SELECT (SELECT count(*) FROM memories WHERE agent_id = $1 AND consolidated_at IS NOT NULL) AS total,
                (SELECT count(*) FROM memories WHERE ${eligible} AND importance < $3) AS below`,
        [scope.agentId, selection.protectedSince, selection.minImportance],
      );
      const wanted = Math.min(selection.limit, Math.max(Number(counts?.total ?? 0) - selection.maxMemories, Number(counts?.below ?? 0)));
      if (wanted <= 0) return [];
      const rows = await database.rows<{ id: string }>(
        `SELECT id FROM memories WHERE ${eligible}
         ORDER BY (importance >= $3) ASC, importance ASC, access_count ASC, coalesce(last_accessed_at, created_at) ASC LIMIT $4`,
        [scope.agentId, selection.protectedSince, selection.minImportance, wanted],
      );
      return rows.map((row) => row.id);
    },

    async appendHistory(scope, events) {
      if (events.length === 0) return;
      await database.writeTransaction(scope.agentId, (client) =>
        client.rows(
          `INSERT INTO memory_history (memory_seq, at, event, details)
           SELECT m.seq, e.at, e.event, e.details FROM unnest($2::text[], $3::bigint[], $4::text[], $5::jsonb[]) WITH ORDINALITY AS e(memory_id, at, event, details, position)
           JOIN memories m ON m.agent_id = $1 AND m.id = e.memory_id ORDER BY e.position`,
          [scope.agentId, events.map((event) => event.memoryId), events.map((event) => event.at), events.map((event) => event.event), events.map((event) => JSON.stringify(event.details))],
        ),
      );
    },

    async listHistory(scope, memoryId) {
      return historyOf(scope, [memoryId]);
    },

    listHistoryMany: (scope, memoryIds) => historyOf(scope, memoryIds),

    async recordConsolidationRun(run) {
      await database.rows('INSERT INTO consolidation_runs (agent_id, started_at, duration_ms, candidates_in, kept, pruned, trigger) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        run.agentId, run.startedAt, run.durationMs, run.candidatesIn, run.kept, run.pruned, run.trigger,
      ]);
    },

    async listConsolidationRuns(scope, limit) {
      const rows = await database.rows<{ id: string; agent_id: string; started_at: string; duration_ms: number; candidates_in: number; kept: number; pruned: number; trigger: string }>(
        'SELECT id, agent_id, started_at, duration_ms, candidates_in, kept, pruned, trigger FROM consolidation_runs WHERE agent_id = $1 ORDER BY started_at DESC, id DESC LIMIT $2',
        [scope.agentId, limit],
      );
      return rows.map((row) => ({ id: Number(row.id), agentId: row.agent_id, startedAt: Number(row.started_at), durationMs: row.duration_ms, candidatesIn: row.candidates_in, kept: row.kept, pruned: row.pruned, trigger: row.trigger }));
    },

    async statistics(scope, now) {
      const statistics: StoreStatistics = { total: 0, shortTerm: 0, byType: {}, byKind: {}, byTier: { core: 0, active: 0, background: 0, archival: 0 }, superseded: 0, sizeBytes: 0 };
      const rows = await database.rows<{ type: MemoryType; kind: MemoryKind; short_term: boolean; superseded: boolean; band: number; n: string; bytes: string }>(
        `SELECT type, kind, consolidated_at IS NULL AS short_term, superseded_by IS NOT NULL AS superseded,
           CASE WHEN live >= 0.7 THEN 0.7 WHEN live >= 0.4 THEN 0.4 WHEN live >= 0.2 THEN 0.2 ELSE 0 END AS band,
           count(*) AS n, sum(row_bytes) AS bytes
         FROM (SELECT *, pg_column_size(memories.*) AS row_bytes,
                 importance * power(0.99, floor(greatest(0, $1 - coalesce(last_accessed_at, created_at)) / 86400000.0)) AS live
               FROM memories WHERE agent_id = $2) AS scored
         GROUP BY 1, 2, 3, 4, 5`,
        [now, scope.agentId],
      );
      for (const row of rows) {
        const n = Number(row.n);
        statistics.total += n;
        // One database holds many agents: an agent's size is what its rows take, not the file.
        statistics.sizeBytes += Number(row.bytes);
        statistics.byType[row.type] = (statistics.byType[row.type] ?? 0) + n;
        statistics.byKind[row.kind] = (statistics.byKind[row.kind] ?? 0) + n;
        if (row.superseded) statistics.superseded += n;
        if (row.short_term) statistics.shortTerm += n;
        else statistics.byTier[tierOf(row.band)] += n;
      }
      return statistics;
    },

    listAgents: () => agentsIn(database),

    hasAgent: (agentId) => holdsAgent(database, agentId),

    async close() {
      await database.close();
    },
  };
}

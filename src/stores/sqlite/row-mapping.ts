import type { MemoryContext, MemoryKind, MemoryRecord, MemoryType } from '../../spec/memory-record.ts';

export interface MemoryRow {
  seq: number;
  id: string;
  agent_id: string;
  session_id: string | null;
  type: string;
  kind: string;
  content: string;
  context: string;
  domain: string | null;
  category: string | null;
  timestamp: number;
  created_at: number;
  consolidated_at: number | null;
  last_accessed_at: number | null;
  importance: number;
  access_count: number;
  running_intensity: number;
  encounter_count: number;
  superseded_by: string | null;
  content_hash: string;
  related_to: string;
  source: string | null;
  tags: string | null;
}

export const MEMORY_COLUMNS = `m.seq, m.id, m.agent_id, m.session_id, m.type, m.kind, m.content, m.context, m.domain, m.category,
  m.timestamp, m.created_at, m.consolidated_at, m.last_accessed_at, m.importance, m.access_count,
  m.running_intensity, m.encounter_count, m.superseded_by, m.content_hash, m.related_to, m.source,
  (SELECT json_group_array(t.tag) FROM memory_tags t WHERE t.memory_seq = m.seq) AS tags`;

export function rowToRecord(row: MemoryRow): MemoryRecord {
  return {
    id: row.id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    type: row.type as MemoryType,
    kind: row.kind as MemoryKind,
    content: row.content,
    context: JSON.parse(row.context) as MemoryContext,
    domain: row.domain,
    category: row.category,
    timestamp: row.timestamp,
    createdAt: row.created_at,
    consolidatedAt: row.consolidated_at,
    lastAccessedAt: row.last_accessed_at,
    importance: row.importance,
    accessCount: row.access_count,
    runningIntensity: row.running_intensity,
    encounterCount: row.encounter_count,
    supersededBy: row.superseded_by,
    contentHash: row.content_hash,
    relatedTo: JSON.parse(row.related_to) as string[],
    tags: row.tags === null ? [] : (JSON.parse(row.tags) as string[]).sort(),
    source: row.source,
  };
}

/** Column values of a record in the order of INSERT_COLUMNS. */
export function recordToParams(record: MemoryRecord): unknown[] {
  return [
    record.id,
    record.agentId,
    record.sessionId,
    record.type,
    record.kind,
    record.content,
    JSON.stringify(record.context),
    record.domain,
    record.category,
    record.timestamp,
    record.createdAt,
    record.consolidatedAt,
    record.lastAccessedAt,
    record.importance,
    record.accessCount,
    record.runningIntensity,
    record.encounterCount,
    record.supersededBy,
    record.contentHash,
    JSON.stringify(record.relatedTo),
    record.source,
  ];
}

export const INSERT_COLUMNS = `id, agent_id, session_id, type, kind, content, context, domain, category, timestamp, created_at,
  consolidated_at, last_accessed_at, importance, access_count, running_intensity, encounter_count, superseded_by,
  content_hash, related_to, source`;

/** record field → column, for updates. Tags live in their own table. */
export const PATCH_COLUMNS: Readonly<Record<string, { column: string; encode?: (value: unknown) => unknown }>> = {
  content: { column: 'content' },
  contentHash: { column: 'content_hash' },
  context: { column: 'context', encode: (value) => JSON.stringify(value) },
  domain: { column: 'domain' },
  category: { column: 'category' },
  importance: { column: 'importance' },
  accessCount: { column: 'access_count' },
  lastAccessedAt: { column: 'last_accessed_at' },
  runningIntensity: { column: 'running_intensity' },
  encounterCount: { column: 'encounter_count' },
  supersededBy: { column: 'superseded_by' },
  consolidatedAt: { column: 'consolidated_at' },
  relatedTo: { column: 'related_to', encode: (value) => JSON.stringify(value) },
  type: { column: 'type' },
  kind: { column: 'kind' },
  timestamp: { column: 'timestamp' },
  source: { column: 'source' },
};

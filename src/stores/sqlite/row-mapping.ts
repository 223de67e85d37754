import type { MemoryContext, MemoryKind, MemoryRecord, MemoryType } from '../../spec/memory-record.ts';

/** The columns of a whole record, in the order recordFromValues reads them. */
export const MEMORY_COLUMNS = `m.seq, m.id, m.agent_id, m.session_id, m.type, m.kind, m.content, m.context, m.domain, m.category,
  m.timestamp, m.created_at, m.consolidated_at, m.last_accessed_at, m.importance, m.access_count,
  m.running_intensity, m.encounter_count, m.superseded_by, m.content_hash, m.related_to, m.source,
  (SELECT json_group_array(t.tag) FROM memory_tags t WHERE t.memory_seq = m.seq) AS tags`;

/** A record from a row of MEMORY_COLUMNS read as an array of its values, in their order (`preparedRawOnce`). */
export function recordFromValues(values: unknown[]): MemoryRecord {
  const [, id, agentId, sessionId, type, kind, content, context, domain, category, timestamp, createdAt, consolidatedAt, lastAccessedAt, importance, accessCount, runningIntensity, encounterCount, supersededBy, contentHash, relatedTo, source, tags] = values;
  return {
    id: id as string,
    agentId: agentId as string,
    sessionId: sessionId as string | null,
    type: type as MemoryType,
    kind: kind as MemoryKind,
    content: content as string,
    context: JSON.parse(context as string) as MemoryContext,
    domain: domain as string | null,
    category: category as string | null,
    timestamp: timestamp as number,
    createdAt: createdAt as number,
    consolidatedAt: consolidatedAt as number | null,
    lastAccessedAt: lastAccessedAt as number | null,
    importance: importance as number,
    accessCount: accessCount as number,
    runningIntensity: runningIntensity as number,
    encounterCount: encounterCount as number,
    supersededBy: supersededBy as string | null,
    contentHash: contentHash as string,
    relatedTo: JSON.parse(relatedTo as string) as string[],
    tags: tags === null ? [] : (JSON.parse(tags as string) as string[]).sort(),
    source: source as string | null,
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

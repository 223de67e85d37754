import type { MemoryRecord } from '../spec/memory-record.ts';
import type { MemoryQuery } from '../spec/memory-store.ts';

/**
 * Whether a record in the short-term ring passes the filters `recall` and
 * `recallRelated` give the store, so their short-term matches are the ones
 * the store's query selects.
 */
export function matchesQuery(record: MemoryRecord, query: MemoryQuery): boolean {
  if (query.types?.length && !query.types.includes(record.type)) return false;
  if (query.kinds?.length && !query.kinds.includes(record.kind)) return false;
  if (query.tags?.length && !query.tags.some((tag) => record.tags.includes(tag))) return false;
  if (query.minImportance !== undefined && record.importance < query.minImportance) return false;
  if (query.since !== undefined && record.timestamp < query.since) return false;
  if (query.until !== undefined && record.timestamp > query.until) return false;
  if (query.domain !== undefined && record.domain !== query.domain) return false;
  if (query.text !== undefined && !record.content.toLowerCase().includes(query.text.toLowerCase())) return false;
  if (query.includeSuperseded !== true && record.supersededBy !== null) return false;
  for (const [key, value] of Object.entries(query.context ?? {})) if (record.context[key] !== value) return false;
  return true;
}

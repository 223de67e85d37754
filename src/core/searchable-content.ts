import type { MemoryRecord } from '../spec/memory-record.ts';

/**
 * What gets embedded: the content, then the domain, type and tags as short
 * plain words — never raw JSON, which only adds noise to an embedding.
 *
 * @example
 * buildSearchableContent({ content: 'Use Postgres', type: 'decision', domain: 'billing', tags: ['db'] })
 * // 'Use Postgres\n(decision; billing; db)'
 */
export function buildSearchableContent(memory: Pick<MemoryRecord, 'content' | 'type' | 'domain' | 'tags'>): string {
  const labels = [memory.type, memory.domain ?? undefined, ...memory.tags].filter((label): label is string => typeof label === 'string' && label.length > 0);
  return labels.length === 0 ? memory.content : `${memory.content}\n(${labels.join('; ')})`;
}

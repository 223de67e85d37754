import type { MemoryRecord } from '../spec/memory-record.ts';

/** A record's keys in the order the stores build it (sqlite's row mapping): what a copy by literal reproduces. */
export const MEMORY_RECORD_KEYS = ['id', 'agentId', 'sessionId', 'type', 'kind', 'content', 'context', 'domain', 'category', 'timestamp', 'createdAt', 'consolidatedAt', 'lastAccessedAt', 'importance', 'accessCount', 'runningIntensity', 'encounterCount', 'supersededBy', 'contentHash', 'relatedTo', 'tags', 'source'] as const;

/**
 * Whether the object's enumerable keys are exactly `keys`, in that order (no allocation: a for-in over a
 * fast object reads its enum cache).
 *
 * @example
 * hasKeysInOrder({ a: 1, b: 2 }, ['a', 'b']) // true
 * hasKeysInOrder({ b: 2, a: 1 }, ['a', 'b']) // false
 */
export function hasKeysInOrder(value: object, keys: readonly string[]): boolean {
  let index = 0;
  for (const key in value) {
    if (key !== keys[index]) return false;
    index += 1;
  }
  return index === keys.length;
}

/** Whether the record's keys are MEMORY_RECORD_KEYS in their order. */
export function hasMemoryRecordKeys(record: MemoryRecord): boolean {
  return hasKeysInOrder(record, MEMORY_RECORD_KEYS);
}

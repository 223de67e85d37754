import { resolveTimeExpressions, type ResolvedTime, type TimeSpan } from '../nlp/time-expressions.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';

/** The form a memory's resolved times are kept in, in `context.when`: ISO dates a person can read. */
export interface StoredTime {
  phrase: string;
  from: string;
  to: string;
}

/** Resolved times as kept in a memory's context. */
export function toStoredTimes(times: readonly ResolvedTime[]): StoredTime[] {
  return times.map((time) => ({ phrase: time.phrase, from: new Date(time.from).toISOString(), to: new Date(time.to).toISOString() }));
}

function isStoredTime(value: unknown): value is StoredTime {
  return typeof value === 'object' && value !== null && typeof (value as StoredTime).from === 'string' && typeof (value as StoredTime).to === 'string';
}

/**
 * The spans a memory is about: those resolved when it was written (`context.when`), or, for
 * a memory written before that, resolved now from its text against its own time.
 */
export function timesOfMemory(memory: Pick<MemoryRecord, 'content' | 'context' | 'timestamp'>): TimeSpan[] {
  const stored = memory.context.when;
  if (Array.isArray(stored)) return stored.filter(isStoredTime).map((time) => ({ from: Date.parse(time.from), to: Date.parse(time.to) })).filter((span) => Number.isFinite(span.from));
  return resolveTimeExpressions(memory.content, memory.timestamp).map(({ from, to }) => ({ from, to }));
}

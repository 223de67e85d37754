import { THREAD_WINDOW_MS } from './thread-linker.ts';

/** How many of a session's other best candidates its relevance is the mean of. */
export const SESSION_TOP = 3;

/**
 * Each candidate's session relevance: the mean relevance of the best `top` other candidates said
 * in the same sitting (a run of candidates no more than `windowMs` apart, the thread linker's
 * window), 0 alone. A turn whose own words say little ("Yeah, it was amazing!") is lifted when
 * the conversation it belongs to is about the question.
 *
 * @example
 * sessionRelevance([{ id: 'a', timestamp: 0 }, { id: 'b', timestamp: 1000 }], new Map([['a', 0.1], ['b', 0.8]])).get('a') // 0.8
 */
export function sessionRelevance(rows: readonly { id: string; timestamp: number }[], relevance: ReadonlyMap<string, number>, top = SESSION_TOP, windowMs = THREAD_WINDOW_MS): Map<string, number> {
  const ordered = [...rows].sort((left, right) => left.timestamp - right.timestamp);
  const result = new Map<string, number>();
  let start = 0;
  for (let end = 1; end <= ordered.length; end += 1) {
    if (end < ordered.length && ordered[end]!.timestamp - ordered[end - 1]!.timestamp <= windowMs) continue;
    const sitting = ordered.slice(start, end);
    const best = sitting.map((row) => ({ id: row.id, value: relevance.get(row.id) ?? 0 })).sort((left, right) => right.value - left.value);
    for (const row of sitting) {
      const others = best.filter((entry) => entry.id !== row.id).slice(0, top);
      result.set(row.id, others.length === 0 ? 0 : others.reduce((sum, entry) => sum + entry.value, 0) / top);
    }
    start = end;
  }
  return result;
}

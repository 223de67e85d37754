/**
 * Rows keyed by memory, grouped in the order the ids were asked for (a row's own order kept within its
 * group); ids with no rows give nothing. Both backends answer batch reads this way.
 *
 * @example
 * inOrderOf(['b', 'a'], [{ memoryId: 'a', at: 1 }, { memoryId: 'b', at: 2 }]) // [{ memoryId: 'b', at: 2 }, { memoryId: 'a', at: 1 }]
 */
export function inOrderOf<Row extends { memoryId: string }>(ids: readonly string[], rows: readonly Row[]): Row[] {
  const byId = new Map<string, Row[]>();
  for (const row of rows) byId.set(row.memoryId, [...(byId.get(row.memoryId) ?? []), row]);
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

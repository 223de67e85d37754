import type { FilterCondition } from '../../spec/memory-filter.ts';
import type { SqlFragment } from './query-builder.ts';

const COLUMNS: Readonly<Record<string, string>> = {
  type: 'm.type',
  kind: 'm.kind',
  domain: 'm.domain',
  category: 'm.category',
  importance: 'm.importance',
  timestamp: 'm.timestamp',
  createdAt: 'm.created_at',
  lastAccessedAt: 'm.last_accessed_at',
  accessCount: 'm.access_count',
  runningIntensity: 'm.running_intensity',
  encounterCount: 'm.encounter_count',
  source: 'm.source',
  sessionId: 'm.session_id',
};

const SQL_OPERATORS = { $eq: '=', $ne: '!=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function bind(value: unknown): unknown {
  return typeof value === 'boolean' ? Number(value) : value;
}

/** Compiles parsed filter conditions to a parameterized SQL fragment (ANDed). Field names come from a fixed map or a validated JSON path. */
export function compileFilter(conditions: readonly FilterCondition[]): SqlFragment {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const condition of conditions) {
    if (condition.field === 'tags') {
      const values = Array.isArray(condition.value) ? condition.value : [condition.value];
      const exists = `EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_seq = m.seq AND t.tag IN (${values.map(() => '?').join(', ')}))`;
      const negated = condition.operator === '$ne' || condition.operator === '$nin';
      clauses.push(negated ? `NOT ${exists}` : exists);
      params.push(...values.map(bind));
      continue;
    }
    const column = condition.field.startsWith('context.') ? `json_extract(m.context, '$.${condition.field.slice('context.'.length)}')` : COLUMNS[condition.field]!;
    if (condition.operator === '$in' || condition.operator === '$nin') {
      const values = condition.value as unknown[];
      clauses.push(`${column} ${condition.operator === '$nin' ? 'NOT IN' : 'IN'} (${values.map(() => '?').join(', ')})`);
      params.push(...values.map(bind));
    } else if (condition.value === null) {
      clauses.push(`${column} IS ${condition.operator === '$ne' ? 'NOT ' : ''}NULL`);
    } else {
      clauses.push(`${column} ${SQL_OPERATORS[condition.operator]} ?`);
      params.push(bind(condition.value));
    }
  }
  return { sql: clauses.length === 0 ? '1' : clauses.join(' AND '), params };
}

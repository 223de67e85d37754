import { OWN_FIELDS_UNDER_CONTEXT, type FilterCondition } from '../../spec/memory-filter.ts';
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


function compileOne(condition: FilterCondition): SqlFragment {
  const params: unknown[] = [];
  if (condition.field === 'tags') {
    const values = Array.isArray(condition.value) ? condition.value : [condition.value];
    const exists = `EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_seq = m.seq AND t.tag IN (${values.map(() => '?').join(', ')}))`;
    const negated = condition.operator === '$ne' || condition.operator === '$nin';
    return { sql: negated ? `NOT ${exists}` : exists, params: values.map(bind) };
  }
  const column = condition.field.startsWith('context.') ? `json_extract(m.context, '$.${condition.field.slice('context.'.length)}')` : COLUMNS[condition.field]!;
  if (condition.operator === '$in' || condition.operator === '$nin') {
    const values = condition.value as unknown[];
    params.push(...values.map(bind));
    return { sql: `${column} ${condition.operator === '$nin' ? 'NOT IN' : 'IN'} (${values.map(() => '?').join(', ')})`, params };
  }
  if (condition.value === null) return { sql: `${column} IS ${condition.operator === '$ne' ? 'NOT ' : ''}NULL`, params };
  return { sql: `${column} ${SQL_OPERATORS[condition.operator]} ?`, params: [bind(condition.value)] };
}

/** Compiles parsed filter conditions to a parameterized SQL fragment (ANDed). Field names come from a fixed map or a validated JSON path. */
export function compileFilter(conditions: readonly FilterCondition[]): SqlFragment {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const condition of conditions) {
    if (OWN_FIELDS_UNDER_CONTEXT.has(condition.field)) {
      const inContext = compileOne(condition);
      const own = compileOne({ ...condition, field: condition.field.slice('context.'.length) as FilterCondition['field'] });
      const negative = condition.operator === '$ne' || condition.operator === '$nin';
      // json_extract of a missing path is NULL, and NULL != x is NULL: a negative test on the context side counts as true there.
      const contextSide = negative ? `coalesce(${inContext.sql}, 1)` : inContext.sql;
      clauses.push(`(${contextSide} ${negative ? 'AND' : 'OR'} ${own.sql})`);
      params.push(...inContext.params, ...own.params);
      continue;
    }
    const { sql, params: bound } = compileOne(condition);
    clauses.push(sql);
    params.push(...bound);
  }
  return { sql: clauses.length === 0 ? '1' : clauses.join(' AND '), params };
}

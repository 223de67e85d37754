import { ValidationError } from '../../errors/validation-error.ts';
import { OWN_FIELDS_UNDER_CONTEXT, type FilterCondition } from '../../spec/memory-filter.ts';
import type { AgentScope, MemoryQuery } from '../../spec/memory-store.ts';

/** Collects parameters and hands out their `$n` placeholders: values never enter the SQL text. */
export class Parameters {
  readonly values: unknown[] = [];

  constructor(initial: readonly unknown[] = []) {
    this.values.push(...initial);
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  list(values: readonly unknown[]): string {
    return values.map((value) => this.add(value)).join(', ');
  }
}

const CONTEXT_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const CONTEXT_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const ORDER_COLUMNS = { timestamp: 'm.occurred_at', importance: 'm.importance', createdAt: 'm.created_at', id: 'm.id' } as const;

const COLUMNS: Readonly<Record<string, string>> = {
  type: 'm.type',
  kind: 'm.kind',
  domain: 'm.domain',
  category: 'm.category',
  importance: 'm.importance',
  timestamp: 'm.occurred_at',
  createdAt: 'm.created_at',
  lastAccessedAt: 'm.last_accessed_at',
  accessCount: 'm.access_count',
  runningIntensity: 'm.running_intensity',
  encounterCount: 'm.encounter_count',
  source: 'm.source',
  sessionId: 'm.session_id',
};
const SQL_OPERATORS = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

/** A JSON path of the context as a jsonb expression: compared as jsonb, so 1 and "1" stay different, as in SQLite. */
function contextPath(path: string): string {
  if (!CONTEXT_PATH.test(path)) throw new ValidationError({ code: 'INVALID_FILTER', message: `Invalid context field "${path}"` });
  return `(m.context #> '{${path.split('.').join(',')}}')`;
}

function compileOne(condition: FilterCondition, parameters: Parameters): string {
  if (condition.field === 'tags') {
    const values = (Array.isArray(condition.value) ? condition.value : [condition.value]).map(String);
    const overlaps = `m.tags && ${parameters.add(values)}::text[]`;
    return condition.operator === '$ne' || condition.operator === '$nin' ? `NOT (${overlaps})` : overlaps;
  }
  const inContext = condition.field.startsWith('context.');
  const column = inContext ? contextPath(condition.field.slice('context.'.length)) : COLUMNS[condition.field]!;
  const bind = (value: unknown) => (inContext ? `${parameters.add(JSON.stringify(value))}::jsonb` : parameters.add(value));
  if (condition.operator === '$in' || condition.operator === '$nin') {
    const values = condition.value as unknown[];
    if (values.length === 0) return condition.operator === '$in' ? 'false' : 'true';
    const key = condition.field.slice('context.'.length);
    if (inContext && condition.operator === '$in' && CONTEXT_KEY.test(key) && values.every((value) => typeof value === 'string')) {
      // The form of the expression indexes (memories_reply_to, memories_source_hash), one array parameter:
      // recall's thread lookups (context.replyTo $in ids) scanned the agent's rows as a jsonb IN list,
      // 220 of a 280 ms recallRelevant at 100k memories. Only a string there equals a string, as in jsonb.
      return `((m.context ->> '${key}') = ANY(${parameters.add(values)}::text[]) AND jsonb_typeof(m.context -> '${key}') = 'string')`;
    }
    return `${column} ${condition.operator === '$nin' ? 'NOT IN' : 'IN'} (${values.map(bind).join(', ')})`;
  }
  if (condition.value === null) return `${column} IS ${condition.operator === '$ne' ? 'NOT ' : ''}NULL`;
  return `${column} ${SQL_OPERATORS[condition.operator]} ${bind(condition.value)}`;
}

/** Compiles parsed filter conditions (ANDed). Field names come from a fixed map or a validated JSON path. */
export function compileFilter(conditions: readonly FilterCondition[], parameters: Parameters): string {
  const clauses = conditions.map((condition) => {
    if (!OWN_FIELDS_UNDER_CONTEXT.has(condition.field)) return compileOne(condition, parameters);
    const inContext = compileOne(condition, parameters);
    const own = compileOne({ ...condition, field: condition.field.slice('context.'.length) as FilterCondition['field'] }, parameters);
    const negative = condition.operator === '$ne' || condition.operator === '$nin';
    return negative ? `(coalesce(${inContext}, true) AND coalesce(${own}, true))` : `(coalesce(${inContext}, false) OR coalesce(${own}, false))`;
  });
  return clauses.length === 0 ? 'true' : clauses.join(' AND ');
}

/**
 * A MemoryQuery as a WHERE clause over `memories m`, always scoped to the agent. `agentIndexed: false`
 * (only where another condition of the statement narrows the index scan to the agent) writes the agent's
 * condition as a filter no index answers, so the planner does not AND in a bitmap of all the agent's rows.
 */
export function buildWhere(scope: AgentScope, query: MemoryQuery, parameters: Parameters, options: { agentIndexed?: boolean } = {}): string {
  const agent = `m.agent_id = ${parameters.add(scope.agentId)}`;
  const clauses = [options.agentIndexed === false ? `(${agent}) IS TRUE` : agent];
  if (query.ids !== undefined) clauses.push(`m.id = ANY(${parameters.add(query.ids)}::text[])`);
  if (query.types?.length) clauses.push(`m.type = ANY(${parameters.add(query.types)}::text[])`);
  if (query.kinds?.length) clauses.push(`m.kind = ANY(${parameters.add(query.kinds)}::text[])`);
  if (query.tags?.length) clauses.push(`m.tags && ${parameters.add(query.tags)}::text[]`);
  if (query.minImportance !== undefined) clauses.push(`m.importance >= ${parameters.add(query.minImportance)}`);
  if (query.since !== undefined) clauses.push(`m.occurred_at >= ${parameters.add(query.since)}`);
  if (query.until !== undefined) clauses.push(`m.occurred_at <= ${parameters.add(query.until)}`);
  if (query.domain !== undefined) clauses.push(`m.domain = ${parameters.add(query.domain)}`);
  if (query.text !== undefined && query.text.length > 0) clauses.push(`strpos(lower(m.content), lower(${parameters.add(query.text)})) > 0`);
  for (const [key, value] of Object.entries(query.context ?? {})) {
    if (!CONTEXT_KEY.test(key)) throw new ValidationError({ code: 'INVALID_FILTER', message: `Invalid context field "${key}"` });
    clauses.push(`${contextPath(key)} = ${parameters.add(JSON.stringify(value))}::jsonb`);
  }
  if (query.consolidated === true) clauses.push('m.consolidated_at IS NOT NULL');
  if (query.consolidated === false) clauses.push('m.consolidated_at IS NULL');
  if (query.includeSuperseded !== true) clauses.push('m.superseded_by IS NULL');
  if (query.filter?.length) clauses.push(compileFilter(query.filter, parameters));
  if (query.afterId !== undefined) clauses.push(`m.id ${query.direction === 'asc' ? '>' : '<'} ${parameters.add(query.afterId)}`);
  return clauses.join(' AND ');
}

export function buildOrder(query: MemoryQuery): string {
  if (query.orderBy === 'none') return '';
  const column = ORDER_COLUMNS[query.orderBy ?? 'timestamp'];
  if (column === undefined) return '';
  const direction = query.direction === 'asc' ? 'ASC' : 'DESC';
  // Ties in insertion order, as SQLite's index walk gives them.
  return `${column} ${direction}, m.seq ${direction}`;
}

export function limitClause(query: MemoryQuery): string {
  return query.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(query.limit))}`;
}

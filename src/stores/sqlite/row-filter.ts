import type { AgentScope, MemoryQuery } from '../../spec/memory-store.ts';
import type { FilterCondition } from '../../spec/memory-filter.ts';

/** A memory's fields as the ranking columns hold them, by seq; text fields as codes (-1: NULL). */
export interface RowFields {
  agent(seq: number): number;
  type(seq: number): number;
  kind(seq: number): number;
  domain(seq: number): number;
  category(seq: number): number;
  importance(seq: number): number;
  timestamp(seq: number): number;
  createdAt(seq: number): number;
  lastAccessedAt(seq: number): number | null;
  accessCount(seq: number): number;
  runningIntensity(seq: number): number;
  shortTerm(seq: number): boolean;
  current(seq: number): boolean;
  replyTo(seq: number): string | null;
}

/** What a row filter reads: the fields, and the code of a text value (-2 when no memory holds it). */
export interface FilterableColumns {
  readonly fields: RowFields;
  codeOf(value: string): number;
}

type Test = (seq: number) => boolean;

const TEXT_FIELDS = { type: 'type', kind: 'kind', domain: 'domain', category: 'category' } as const;
const NUMBER_FIELDS = { importance: 'importance', timestamp: 'timestamp', createdAt: 'createdAt', lastAccessedAt: 'lastAccessedAt', accessCount: 'accessCount', runningIntensity: 'runningIntensity' } as const;
/** The keys of a query a row filter answers; `ids` is the caller's (a lookup, not a test). */
const ANSWERED = new Set(['ids', 'types', 'kinds', 'minImportance', 'since', 'until', 'domain', 'consolidated', 'includeSuperseded', 'filter', 'limit', 'orderBy', 'direction']);

/**
 * The test SQL's `buildWhere(scope, query)` makes of a row, without its `ids` (the caller looks those up),
 * as a function of a memory's seq; null when the query asks what the ranking columns do not hold (tags,
 * text, context fields but the reply link, keyset pagination) or compares a field with a value of
 * another kind than its own (SQLite's affinity rules would decide): SQL answers those.
 * Every comparison is SQL's: a NULL field passes no test, `NOT IN` of an empty list passes everything.
 */
export function compileRowFilter(scope: AgentScope, query: MemoryQuery, columns: FilterableColumns): Test | null {
  for (const [key, value] of Object.entries(query)) if (value !== undefined && !ANSWERED.has(key)) return null;
  const { fields } = columns;
  const tests: Test[] = [];
  const agent = columns.codeOf(scope.agentId);
  tests.push((seq) => fields.agent(seq) === agent);
  if (query.types?.length) tests.push(textIn(fields.type, query.types.map((type) => columns.codeOf(type))));
  if (query.kinds?.length) tests.push(textIn(fields.kind, query.kinds.map((kind) => columns.codeOf(kind))));
  if (query.minImportance !== undefined) {
    const floor = query.minImportance;
    tests.push((seq) => fields.importance(seq) >= floor);
  }
  if (query.since !== undefined) {
    const since = query.since;
    tests.push((seq) => fields.timestamp(seq) >= since);
  }
  if (query.until !== undefined) {
    const until = query.until;
    tests.push((seq) => fields.timestamp(seq) <= until);
  }
  if (query.domain !== undefined) {
    const domain = columns.codeOf(query.domain);
    tests.push((seq) => fields.domain(seq) === domain);
  }
  if (query.consolidated === true) tests.push((seq) => !fields.shortTerm(seq));
  if (query.consolidated === false) tests.push((seq) => fields.shortTerm(seq));
  if (query.includeSuperseded !== true) tests.push((seq) => fields.current(seq));
  for (const condition of query.filter ?? []) {
    const test = conditionTest(condition, columns);
    if (test === null) return null;
    tests.push(test);
  }
  return (seq) => {
    for (const test of tests) if (!test(seq)) return false;
    return true;
  };
}

function textIn(field: (seq: number) => number, codes: number[]): Test {
  return (seq) => codes.includes(field(seq));
}

/** One condition of the filter language as `compileFilter` compiles it (filter-sql.ts); null when SQL must answer. */
function conditionTest(condition: FilterCondition, columns: FilterableColumns): Test | null {
  const { field, operator } = condition;
  const values = Array.isArray(condition.value) ? condition.value.map(bound) : [bound(condition.value)];
  const text = field in TEXT_FIELDS ? columns.fields[TEXT_FIELDS[field as keyof typeof TEXT_FIELDS]] : null;
  const number = field in NUMBER_FIELDS ? columns.fields[NUMBER_FIELDS[field as keyof typeof NUMBER_FIELDS]] : null;
  if (field === 'context.replyTo') {
    // Only a string reply link equals a string: json_extract gives a number as INTEGER or REAL, which no TEXT equals.
    if ((operator !== '$in' && operator !== '$eq') || !values.every((value) => typeof value === 'string')) return null;
    const wanted = new Set(values as string[]);
    return (seq) => {
      const replyTo = columns.fields.replyTo(seq);
      return replyTo !== null && wanted.has(replyTo);
    };
  }
  if (text !== null) {
    if (!Array.isArray(condition.value) && condition.value === null) return nullTest(operator, (seq) => text(seq) === -1);
    // Text is ordered by its collation, which the codes do not keep: only equality is answered here.
    if (!['$eq', '$ne', '$in', '$nin'].includes(operator) || !values.every((value) => typeof value === 'string')) return null;
    const codes = (values as string[]).map((value) => columns.codeOf(value));
    return compared(operator, codes.length, (seq) => (text(seq) === -1 ? null : text(seq)), codes, (left, right) => (left === right ? 0 : null));
  }
  if (number !== null) {
    if (!Array.isArray(condition.value) && condition.value === null) return nullTest(operator, (seq) => number(seq) === null);
    if (!values.every((value) => typeof value === 'number' && Number.isFinite(value))) return null;
    return compared(operator, values.length, number, values as number[], (left, right) => left - right);
  }
  return null;
}

/** A condition against `null`: `IS NULL`, or `IS NOT NULL` for `$ne` (filter-sql.ts). */
function nullTest(operator: FilterCondition['operator'], isNull: Test): Test | null {
  if (operator === '$in' || operator === '$nin') return null;
  return operator === '$ne' ? (seq) => !isNull(seq) : isNull;
}

/**
 * SQL's comparison of a field with values (none NULL). `order` gives < 0, 0, > 0, or null where only
 * equality is known (text codes, asked only for equality); a NULL field (null) passes nothing.
 */
function compared<T>(operator: FilterCondition['operator'], count: number, read: (seq: number) => T | null, values: T[], order: (left: T, right: T) => number | null): Test {
  const [value] = values;
  switch (operator) {
    case '$eq':
      return (seq) => {
        const field = read(seq);
        return field !== null && order(field, value!) === 0;
      };
    case '$ne':
      return (seq) => {
        const field = read(seq);
        return field !== null && order(field, value!) !== 0;
      };
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const passes = { $gt: (sign: number) => sign > 0, $gte: (sign: number) => sign >= 0, $lt: (sign: number) => sign < 0, $lte: (sign: number) => sign <= 0 }[operator];
      return (seq) => {
        const field = read(seq);
        return field !== null && passes(order(field, value!)!);
      };
    }
    case '$in':
      return (seq) => {
        const field = read(seq);
        return field !== null && values.some((candidate) => order(field, candidate) === 0);
      };
    case '$nin':
      if (count === 0) return () => true;
      return (seq) => {
        const field = read(seq);
        return field !== null && values.every((candidate) => order(field, candidate) !== 0);
      };
  }
}

/** A filter value as SQL is given it (booleans as 0 or 1). */
function bound(value: unknown): unknown {
  return typeof value === 'boolean' ? Number(value) : value;
}

import { ValidationError } from '../errors/validation-error.ts';
import { storableText } from './stored-text.ts';

import { FILTER_FIELDS, FILTER_OPERATORS, type FilterCondition, type FilterField, type FilterOperator, type FilterScalar } from '../spec/memory-filter.ts';

export { FILTER_FIELDS, FILTER_OPERATORS, type FilterCondition };

const CONTEXT_PATH = /^context\.[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

function invalid(message: string): never {
  throw new ValidationError({ code: 'INVALID_FILTER', message: `Invalid filter: ${message}`, issues: [{ path: 'filter', message }] });
}

function isScalar(value: unknown): value is FilterScalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * A string operand as the values it is compared with were stored (storableText: no U+0000, a lone surrogate one
 * U+FFFD): a tag given as "t\u0000" is stored as "t", and PostgreSQL refused a parameter holding U+0000 (the
 * search failed as a STORE_ERROR) where SQLite compared it and matched nothing.
 */
const storable = <Value extends FilterScalar>(value: Value): Value => (typeof value === 'string' ? (storableText(value) as Value) : value);

/**
 * The type each named field holds (times are epoch milliseconds; tags a set of strings). An operand of
 * another type cannot compare with it, and no backend said so: SQLite ranks every number below every
 * string (`{"createdAt":{"$gte":"2024-01-01"}}` matched nothing), PostgreSQL cast "0.5" to a number and
 * failed on "abc" as a STORE_ERROR. Checked here, once, for every backend. `context.<path>` has no type.
 */
const FIELD_TYPES: Readonly<Record<(typeof FILTER_FIELDS)[number], 'number' | 'string'>> = {
  type: 'string',
  kind: 'string',
  domain: 'string',
  category: 'string',
  importance: 'number',
  timestamp: 'number',
  createdAt: 'number',
  lastAccessedAt: 'number',
  accessCount: 'number',
  runningIntensity: 'number',
  encounterCount: 'number',
  tags: 'string',
  source: 'string',
  sessionId: 'string',
};

/**
 * The most conditions and values one filter may hold: every value is a bound parameter and every condition
 * a term of the WHERE clause, and past these SQLite failed the search as a STORE_ERROR ("too many SQL
 * variables" at 32,766, "Expression tree is too large" at 1,000 terms) — well past any filter a person writes.
 */
export const MAX_FILTER_CONDITIONS = 64;
export const MAX_FILTER_VALUES = 1_000;

const ORDERING = new Set<FilterOperator>(['$gt', '$gte', '$lt', '$lte']);

function describeValue(value: FilterScalar): string {
  return value === null ? 'null' : typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 40))}` : `the ${typeof value} ${String(value)}`;
}

/** Refuses an operand the field's type cannot compare with; null only tests equality (IS NULL). */
function checkOperandType(field: string, operator: FilterOperator, values: readonly FilterScalar[]): void {
  const type = (FIELD_TYPES as Record<string, 'number' | 'string' | undefined>)[field];
  if (type === undefined) return;
  const unit = type === 'number' ? 'a number' + (/At$|^timestamp$/.test(field) ? ' (epoch milliseconds)' : '') : 'a string';
  if (field === 'tags' && ORDERING.has(operator)) invalid(`${operator} on "tags" has no meaning (tags are a set): use $eq, $ne, $in or $nin`);
  for (const value of values) {
    if (typeof value === type) continue;
    if (value === null && !ORDERING.has(operator)) continue;
    invalid(`${operator} on "${field}" needs ${unit}, got ${describeValue(value)}`);
  }
}

/**
 * Parses `{"context.domain":"debugging","importance":{"$gte":0.6}}` into
 * conditions that are ANDed. Unknown fields or operators, and an operand the
 * field cannot compare with (`{"importance":{"$gt":"0.5"}}`, an ordering on
 * `tags`), are a typed error; values are kept apart from the query text
 * (backends bind them as parameters).
 *
 * @example
 * parseFilter({ type: { $in: ['error', 'insight'] }, importance: { $gte: 0.7 } })
 */
export function parseFilter(input: unknown): FilterCondition[] {
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch (error) {
      invalid(`not valid JSON (${(error as Error).message})`);
    }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) invalid('must be an object of field → condition');
  const conditions: FilterCondition[] = [];
  for (const [field, condition] of Object.entries(input as Record<string, unknown>)) {
    if (!(FILTER_FIELDS as readonly string[]).includes(field) && !CONTEXT_PATH.test(field)) {
      invalid(`unknown field "${field}" (fields: ${FILTER_FIELDS.join(', ')}, context.<path>)`);
    }
    const typedField = field as FilterField;
    if (isScalar(condition)) {
      checkOperandType(field, '$eq', [condition]);
      conditions.push({ field: typedField, operator: '$eq', value: storable(condition) });
      continue;
    }
    if (typeof condition !== 'object' || Array.isArray(condition)) invalid(`"${field}" needs a value or an operator object`);
    const entries = Object.entries(condition as Record<string, unknown>);
    if (entries.length === 0) invalid(`"${field}" has an empty condition`);
    for (const [operator, value] of entries) {
      if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) invalid(`unknown operator "${operator}" on "${field}" (operators: ${FILTER_OPERATORS.join(' ')})`);
      const op = operator as FilterOperator;
      if (op === '$in' || op === '$nin') {
        if (!Array.isArray(value) || value.length === 0 || !value.every(isScalar)) invalid(`${op} on "${field}" needs a non-empty list of values`);
        checkOperandType(field, op, value as FilterScalar[]);
        conditions.push({ field: typedField, operator: op, value: (value as FilterScalar[]).map(storable) });
      } else {
        if (!isScalar(value)) invalid(`${op} on "${field}" needs a single value`);
        if (ORDERING.has(op) && typeof value !== 'number' && typeof value !== 'string') invalid(`${op} on "${field}" needs a number or a string`);
        checkOperandType(field, op, [value]);
        conditions.push({ field: typedField, operator: op, value: storable(value) });
      }
    }
  }
  if (conditions.length > MAX_FILTER_CONDITIONS) invalid(`holds ${conditions.length} conditions; at most ${MAX_FILTER_CONDITIONS} conditions`);
  const values = conditions.reduce((total, condition) => total + (Array.isArray(condition.value) ? condition.value.length : 1), 0);
  if (values > MAX_FILTER_VALUES) invalid(`holds ${values} values; at most ${MAX_FILTER_VALUES} values in all`);
  return conditions;
}

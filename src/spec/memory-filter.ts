/** Comparison operators of the filter language (a small subset of MongoDB's). */
export const FILTER_OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Fields a filter may name; `context.<path>` reaches into the context object. */
export const FILTER_FIELDS = ['type', 'kind', 'domain', 'category', 'importance', 'timestamp', 'createdAt', 'lastAccessedAt', 'accessCount', 'runningIntensity', 'encounterCount', 'tags', 'source', 'sessionId'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number] | `context.${string}`;

export type FilterScalar = string | number | boolean | null;

export interface FilterCondition {
  field: FilterField;
  operator: FilterOperator;
  value: FilterScalar | FilterScalar[];
}

/**
 * `context.domain`, `context.category`, `context.type` and `context.tags` name the memory's own field as
 * well as its context's: people write `{"context.domain": "debugging"}` (the seed examples and the CLI's
 * help do) for memories stored with `domain: "debugging"`. Every backend compiles them so: a positive
 * condition holds when either side matches, a negative one ($ne, $nin) when neither does.
 */
export const OWN_FIELDS_UNDER_CONTEXT: ReadonlySet<string> = new Set(['context.domain', 'context.category', 'context.type', 'context.tags']);

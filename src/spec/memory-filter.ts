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

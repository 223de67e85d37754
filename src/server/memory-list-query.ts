import type { z } from 'zod';
import { parseFilter } from '../core/filter-language.ts';
import { TIER_THRESHOLDS } from '../core/tiers.ts';
import type { FilterCondition } from '../spec/memory-filter.ts';
import type { MemoryQuery } from '../spec/memory-store.ts';
import type { listMemoriesQuerySchema, TIER_FILTERS } from './schemas.ts';

type TierFilter = (typeof TIER_FILTERS)[number];

/** A tier is a band of importance among long-term memories (src/core/tiers.ts); short-term ones have none yet. */
function tierConditions(tier: TierFilter): { filter: FilterCondition[]; consolidated: boolean } {
  const band = (from: number | null, below: number | null): FilterCondition[] => [
    ...(from === null ? [] : [{ field: 'importance' as const, operator: '$gte' as const, value: from }]),
    ...(below === null ? [] : [{ field: 'importance' as const, operator: '$lt' as const, value: below }]),
  ];
  if (tier === 'short-term') return { filter: [], consolidated: false };
  const { core, active, background } = TIER_THRESHOLDS;
  const bands = { core: band(core, null), active: band(active, core), background: band(background, active), archival: band(null, background) };
  return { filter: bands[tier], consolidated: true };
}

/**
 * The store query of a memories page: newest id first, so the last id of a
 * page is the cursor of the next and pages never skip or repeat while rows are added.
 *
 * @example
 * listStoreQuery({ limit: 50, tier: 'core' }).query // { filter: [importance ≥ 0.7], consolidated: true, orderBy: 'id', ... }
 */
export function listStoreQuery(input: z.output<typeof listMemoriesQuerySchema>): { query: MemoryQuery; countQuery: MemoryQuery } {
  const tier = input.tier ? tierConditions(input.tier) : undefined;
  const filter = [...(input.filter ? parseFilter(input.filter) : []), ...(tier?.filter ?? [])];
  const countQuery: MemoryQuery = {
    ...(input.types ? { types: input.types } : {}),
    ...(input.kinds ? { kinds: input.kinds } : {}),
    ...(input.tags?.length ? { tags: input.tags } : {}),
    ...(input.minImportance === undefined ? {} : { minImportance: input.minImportance }),
    ...(input.domain === undefined ? {} : { domain: input.domain }),
    ...(input.text === undefined ? {} : { text: input.text }),
    ...(input.since === undefined ? {} : { since: input.since }),
    ...(input.until === undefined ? {} : { until: input.until }),
    ...(input.includeSuperseded === undefined ? {} : { includeSuperseded: input.includeSuperseded }),
    ...(tier ? { consolidated: tier.consolidated } : {}),
    ...(filter.length > 0 ? { filter } : {}),
  };
  const query: MemoryQuery = { ...countQuery, orderBy: 'id', direction: 'desc', limit: input.limit + 1, ...(input.cursor ? { afterId: input.cursor } : {}) };
  return { query, countQuery };
}

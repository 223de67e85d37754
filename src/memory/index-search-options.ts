import type { MemoryQuery } from '../spec/memory-store.ts';

/** What a recall's index searches are shaped by: the first pass and the second hop ask alike. */
export interface IndexProbe {
  filters: MemoryQuery;
  hasFilters: boolean;
  perIndex: number;
  /** A selective filter is searched exactly over its matches. */
  exactVectors: boolean;
}

/** A vector search: exact over a selective filter's matches; with a broad one, ten times the neighbours (at most 1,000), the records query filtering them. */
export function vectorSearchOptions(probe: IndexProbe): { limit: number; where?: MemoryQuery } {
  return probe.exactVectors ? { limit: probe.perIndex, where: probe.filters } : { limit: probe.hasFilters ? Math.min(1000, probe.perIndex * 10) : probe.perIndex };
}

/** A keyword search: the filters applied in the index, the neighbouring turns' weight when the call sets one. */
export function keywordSearchOptions(probe: IndexProbe, neighbourWeight: number | undefined): { limit: number; where?: MemoryQuery; neighbourWeight?: number } {
  return { limit: probe.perIndex, ...(probe.hasFilters ? { where: probe.filters } : {}), ...(neighbourWeight === undefined ? {} : { neighbourWeight }) };
}

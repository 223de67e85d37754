/** Where a memory stands by its score: what is always in context, what is retrieved, what fades. */
export type MemoryTier = 'core' | 'active' | 'background' | 'archival';

export const TIER_THRESHOLDS = { core: 0.7, active: 0.4, background: 0.2 } as const;

/**
 * @example
 * tierOf(0.72) // 'core'
 */
export function tierOf(score: number): MemoryTier {
  if (score >= TIER_THRESHOLDS.core) return 'core';
  if (score >= TIER_THRESHOLDS.active) return 'active';
  if (score >= TIER_THRESHOLDS.background) return 'background';
  return 'archival';
}

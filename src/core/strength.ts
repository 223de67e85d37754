import type { MemoryRecord } from '../spec/memory-record.ts';

/** Default decay rate λ per hour (the designed strength model). */
export const DEFAULT_DECAY_RATE = 0.001;
/** Below this effective strength a memory is forgotten by decay and leaves results. */
export const FORGOTTEN_BELOW = 0.05;
/** Each retrieval nudges the running intensity up by this much. */
export const RETRIEVAL_INTENSITY_BOOST = 0.02;

const HOUR = 60 * 60 * 1000;

/** Memories that keep being used decay slower: 1 + ln(1 + accessCount) × 0.3. */
export function decayResistance(accessCount: number): number {
  return 1 + Math.log(1 + accessCount) * 0.3;
}

/**
 * effective_strength = running_intensity × e^(−λ / decay_resistance × hours_since_last_access)
 *
 * @example
 * effectiveStrength({ runningIntensity: 1, accessCount: 0, lastAccessedAt: null, createdAt: 0 }, 29 * 24 * 3600e3) // ≈ 0.5
 */
export function effectiveStrength(
  memory: Pick<MemoryRecord, 'runningIntensity' | 'accessCount' | 'lastAccessedAt' | 'createdAt'>,
  now: number,
  decayRate = DEFAULT_DECAY_RATE,
): number {
  const since = memory.lastAccessedAt ?? memory.createdAt;
  const hours = Math.max(0, now - since) / HOUR;
  return memory.runningIntensity * Math.exp((-decayRate / decayResistance(memory.accessCount)) * hours);
}

/** Days until strength halves for a memory accessed `accessCount` times. */
export function halfLifeDays(accessCount: number, decayRate = DEFAULT_DECAY_RATE): number {
  return (Math.LN2 * decayResistance(accessCount)) / decayRate / 24;
}

/**
 * Meeting the same memory again: one more encounter, one more access, the
 * running intensity becomes the moving average (old × n + new) / (n + 1).
 */
export function reinforce(
  memory: Pick<MemoryRecord, 'runningIntensity' | 'encounterCount' | 'accessCount' | 'importance'>,
  incoming: { intensity: number; importance?: number },
  now: number,
): Pick<MemoryRecord, 'runningIntensity' | 'encounterCount' | 'accessCount' | 'lastAccessedAt' | 'importance'> {
  const n = memory.encounterCount;
  return {
    runningIntensity: (memory.runningIntensity * n + incoming.intensity) / (n + 1),
    encounterCount: n + 1,
    accessCount: memory.accessCount + 1,
    lastAccessedAt: now,
    importance: Math.max(memory.importance, incoming.importance ?? 0),
  };
}

import { z } from 'zod';
import { requireEngine } from '../memory/backend-capability.ts';
import { parseWith } from '../config/parse.ts';
import { TIER_THRESHOLDS } from '../core/tiers.ts';
import { ValidationError } from '../errors/validation-error.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { ARCHIVED_TAG } from './candidate-matcher.ts';
import { scoredMemories, type ScoredMemory } from './live-memories.ts';

/**
 * Memories whose live score fell below 0.2: flagged for the user's review,
 * never deleted by the watcher. Already archived ones are not listed again.
 *
 * @example
 * for (const { memory, score } of await listArchivalCandidates(memory)) console.log(score.toFixed(2), memory.content);
 */
export async function listArchivalCandidates(memory: Hippocampus, now?: number): Promise<ScoredMemory[]> {
  requireEngine(memory, 'listArchivalCandidates');
  // NaN compared below every threshold as false: nothing was ever a candidate, and nothing said why.
  parseWith(z.number().finite().optional(), now, 'listArchivalCandidates now');
  const entries = await scoredMemories(memory, now === undefined ? {} : { now });
  return entries.filter((entry) => entry.score < TIER_THRESHOLDS.background).sort((left, right) => left.score - right.score);
}

/**
 * Applies the user's decision on archival candidates: 'archive' keeps the
 * memory, tagged 'archived' (out of core memories and future reviews);
 * 'delete' forgets it for good. Only ids that are candidates now are touched.
 *
 * @example
 * await resolveArchivalCandidates(memory, { archive: ['01J…'], delete: ['01K…'] });
 */
export async function resolveArchivalCandidates(memory: Hippocampus, decision: { archive?: string[]; delete?: string[] }, now?: number): Promise<{ archived: string[]; deleted: string[] }> {
  const candidates = new Map((await listArchivalCandidates(memory, now)).map((entry) => [entry.memory.id, entry.memory]));
  const requested = [...(decision.archive ?? []), ...(decision.delete ?? [])];
  const unknown = requested.filter((id) => !candidates.has(id));
  if (unknown.length > 0) {
    throw new ValidationError({ message: `Not archival candidates (live score ≥ 0.2, archived, or unknown): ${unknown.join(', ')}`, issues: unknown.map((id) => ({ path: 'id', message: `${id} is not an archival candidate` })) });
  }
  const archived: string[] = [];
  for (const id of decision.archive ?? []) {
    const record = candidates.get(id)!;
    await memory.update(id, { tags: [...record.tags, ARCHIVED_TAG] });
    archived.push(id);
  }
  const deleted = decision.delete && decision.delete.length > 0 ? await memory.forget(decision.delete) : [];
  return { archived, deleted };
}

import { liveScore, reinforcedScore } from '../core/live-score.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { findMatchingMemory, memoryTypeOf } from './candidate-matcher.ts';
import type { LiveCandidate } from './live-candidate.ts';

export type CandidateOutcome = { action: 'created'; id: string } | { action: 'reinforced'; id: string; similarity: number };

/**
 * Reinforces the memory a candidate mentions again, or creates it in long-term memory.
 * `sourceHash` (the hash of the message's text) is kept in the new memory's
 * context, so forgetting a memory holding that text forgets this one too.
 * Reinforcing sets importance = max(old + (1 − old) × 0.15, the candidate's own level),
 * where old is the decayed live score now: coming up again restarts the decay clock.
 *
 * @example
 * await applyCandidate(memory, candidate, { sourceId: 'transcript:/tmp/chat.jsonl', threshold: 0.91 });
 */
export async function applyCandidate(memory: Hippocampus, candidate: LiveCandidate, options: { sourceId: string; threshold: number; sourceHash?: string }): Promise<CandidateOutcome> {
  const match = await findMatchingMemory(memory, candidate, options.threshold);
  if (match) {
    const setImportance = Math.max(reinforcedScore(liveScore(match.record, memory.clock.now())), candidate.importance);
    await memory.reinforce(match.record.id, { intensity: candidate.intensity, setImportance: Math.min(1, setImportance) });
    return { action: 'reinforced', id: match.record.id, similarity: match.similarity };
  }
  const [result] = await memory.rememberMany(
    [
      {
        type: memoryTypeOf(candidate),
        kind: candidate.kind,
        content: candidate.content,
        domain: candidate.domain,
        category: candidate.category,
        importance: candidate.importance,
        intensity: candidate.intensity,
        tags: candidate.keywords,
        timestamp: candidate.timestamp,
        context: { messageId: candidate.messageId, ...(options.sourceHash === undefined ? {} : { sourceHash: options.sourceHash }) },
        source: options.sourceId,
      },
    ],
    { longTerm: true },
  );
  const memoryRecord = result!.memory;
  return result!.duplicateOf ? { action: 'reinforced', id: memoryRecord.id, similarity: 1 } : { action: 'created', id: memoryRecord.id };
}

import { liveScore, reinforcedScore } from '../core/live-score.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { findMatchingMemory, memoryTypeOf } from './candidate-matcher.ts';
import type { LiveCandidate } from './live-candidate.ts';

/** The most recent mentions a memory lists in `context.repeatedIn`: a bound on the row; `encounterCount` keeps the full count. */
export const MAX_REPEATED_IN = 20;

/** Where a memory was said again: the message, and the importance the watcher gave that mention. */
export interface RepeatedMention {
  messageId: string;
  importance: number;
}

/**
 * The importance the watcher gave each message a memory came from: the one it was made from
 * (`context.messageId`, at `context.messageImportance`, the memory's own importance when made before that
 * key existed) and each one that said it again (`context.repeatedIn`). Reinforcement raises the memory's
 * importance later; this is what each message was judged worth when it was said.
 */
export function mentionsOf(record: Pick<MemoryRecord, 'context' | 'importance'>): RepeatedMention[] {
  const first = typeof record.context.messageId === 'string' ? [{ messageId: record.context.messageId, importance: typeof record.context.messageImportance === 'number' ? record.context.messageImportance : record.importance }] : [];
  return [...first, ...repeatedMentions(record.context)];
}

/** The mentions a memory's context lists, each entry checked (a context is free-form JSON). */
export function repeatedMentions(context: Record<string, unknown>): RepeatedMention[] {
  const list = Array.isArray(context.repeatedIn) ? (context.repeatedIn as unknown[]) : [];
  return list.filter((entry): entry is RepeatedMention => typeof entry === 'object' && entry !== null && typeof (entry as RepeatedMention).messageId === 'string' && typeof (entry as RepeatedMention).importance === 'number');
}

/** The longest tag and `source` an experience may carry (createExperienceSchema). */
const MAX_FIELD_LENGTH = 200;

/**
 * A watched source's id as a memory's `source`: whole up to the length an experience allows, else its start
 * and its end (the file name) around an ellipsis. A transcript under a path of 190 characters failed every
 * batch ('source: Too big'), so the watcher never got past its first line.
 */
export function boundedSource(sourceId: string): string {
  return sourceId.length <= MAX_FIELD_LENGTH ? sourceId : `${sourceId.slice(0, 60)}…${sourceId.slice(-(MAX_FIELD_LENGTH - 61))}`;
}

/**
 * A candidate from a person named in a multi-party transcript, told of them: the analyzers retell a speaker's
 * "I" as "User", and what Caroline said of herself ("I moved to Berlin") is about Caroline — "Caroline lives in
 * Berlin", of the world around the user, as the user's brother's news is — not "User lives in Berlin" about the user.
 */
function toldOf(candidate: LiveCandidate, speaker: string | undefined): LiveCandidate {
  if (speaker === undefined) return candidate;
  const content = candidate.content.replace(/\bUser\b/gu, () => speaker);
  return { ...candidate, content, domain: candidate.domain === 'user' ? 'world' : candidate.domain };
}

export type CandidateOutcome = { action: 'created'; id: string } | { action: 'reinforced'; id: string; similarity: number };

/**
 * Reinforces the memory a candidate mentions again, or creates it in long-term memory.
 * `sourceHash` (the hash of the message's text) is kept in the new memory's
 * context, so forgetting a memory holding that text forgets this one too; `speaker`
 * (the person of a multi-party transcript who said it) too, for recall's speaker signal.
 * Reinforcing sets importance = max(old + (1 − old) × 0.15, the candidate's own level),
 * where old is the decayed live score now: coming up again restarts the decay clock.
 *
 * @example
 * await applyCandidate(memory, candidate, { sourceId: 'transcript:/tmp/chat.jsonl', threshold: 0.91 });
 */
export async function applyCandidate(memory: Hippocampus, proposed: LiveCandidate, options: { sourceId: string; threshold: number; sourceHash?: string; speaker?: string }): Promise<CandidateOutcome> {
  const candidate = toldOf(proposed, options.speaker);
  const match = await findMatchingMemory(memory, candidate, options.threshold, options.speaker);
  if (match) {
    const setImportance = Math.max(reinforcedScore(liveScore(match.record, memory.clock.now())), candidate.importance);
    // The message that said it again is recorded on the memory it raised ("said again in message X"):
    // provenance for the person reading the memory, and the turn's credit in the salience benchmark.
    const repeatedIn = [...repeatedMentions(match.record.context), { messageId: candidate.messageId, importance: candidate.importance }].slice(-MAX_REPEATED_IN);
    await memory.reinforce(match.record.id, { intensity: candidate.intensity, setImportance: Math.min(1, setImportance), context: { repeatedIn } });
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
        // A keyword an experience cannot carry (one 'word' of 300 letters) is no tag: with it the whole
        // batch failed validation, every run, and the watcher never got past that message.
        tags: candidate.keywords.filter((keyword) => keyword.length > 0 && keyword.length <= MAX_FIELD_LENGTH).slice(0, memory.config.limits.maxTags),
        timestamp: candidate.timestamp,
        context: {
          messageId: candidate.messageId,
          messageImportance: candidate.importance,
          ...(options.sourceHash === undefined ? {} : { sourceHash: options.sourceHash }),
          ...(options.speaker === undefined ? {} : { speaker: options.speaker }),
        },
        source: boundedSource(options.sourceId),
      },
    ],
    { longTerm: true },
  );
  const memoryRecord = result!.memory;
  return result!.duplicateOf ? { action: 'reinforced', id: memoryRecord.id, similarity: 1 } : { action: 'created', id: memoryRecord.id };
}

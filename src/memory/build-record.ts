import { hashContent } from '../core/content-hash.ts';
import { calculateImportance, startingIntensity, type ImportanceBreakdown } from '../core/importance.ts';
import type { ValidExperience } from '../config/experience-schema.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { resolveTimeExpressions } from '../nlp/time-expressions.ts';
import { toStoredTimes } from './memory-times.ts';

export interface BuiltRecord {
  record: MemoryRecord;
  importance: ImportanceBreakdown;
}

/** Turns a validated experience into a full record: id, hash, importance, defaults. */
export function buildRecord(experience: ValidExperience, scope: { agentId: string; sessionId: string; id: string; now: number }): BuiltRecord {
  const given = experience.context ?? {};
  const timestamp = experience.timestamp ?? scope.now;
  // "Yesterday" is resolved against when it was said (the memory's time), once, so recall
  // can match it to the time a question asks about; a caller's own `when` is kept.
  const times = given.when === undefined ? resolveTimeExpressions(experience.content, timestamp) : [];
  const context = times.length === 0 ? given : { ...given, when: toStoredTimes(times) };
  const importance = calculateImportance({ type: experience.type, content: experience.content, context, ...(experience.importance === undefined ? {} : { importance: experience.importance }) });
  const domain = experience.domain ?? (typeof context.domain === 'string' ? context.domain : null);
  return {
    importance,
    record: {
      id: scope.id,
      agentId: scope.agentId,
      sessionId: experience.sessionId ?? scope.sessionId,
      type: experience.type,
      kind: experience.kind ?? 'memory',
      content: experience.content,
      context,
      domain,
      category: experience.category ?? null,
      timestamp,
      createdAt: scope.now,
      consolidatedAt: null,
      lastAccessedAt: null,
      importance: importance.importance,
      accessCount: 0,
      runningIntensity: experience.intensity ?? startingIntensity(importance.importance),
      encounterCount: 1,
      supersededBy: null,
      contentHash: hashContent(experience.content),
      relatedTo: experience.relatedTo ?? [],
      tags: [...new Set(experience.tags ?? [])],
      source: experience.source ?? null,
    },
  };
}

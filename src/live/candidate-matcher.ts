import { buildSearchableContent } from '../core/searchable-content.ts';
import { sameNumbers } from '../core/stated-numbers.ts';
import { bandsFor } from '../facts/similarity-bands.ts';
import { embedWithCache } from '../memory/embedding-cache.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord, MemoryType } from '../spec/memory-record.ts';
import type { LiveCandidate } from './live-candidate.ts';

/** The tag an archived memory carries: kept, but out of core memories and review. */
export const ARCHIVED_TAG = 'archived';

/** Decisions are stored as such; everything else a conversation yields is chat. */
export function memoryTypeOf(candidate: Pick<LiveCandidate, 'category'>): MemoryType {
  return candidate.category === 'decision' ? 'decision' : 'chat';
}

/** The default similarity at which a candidate is "the same memory again": the embedder's calibrated duplicate band. */
export function defaultMatchThreshold(memory: Pick<Hippocampus, 'embedder'>): number {
  return bandsFor(memory.embedder).duplicate;
}

/** Who said what a memory holds: the person named in a multi-party transcript (`context.speaker`), else the user (undefined). */
function speakerOf(record: Pick<MemoryRecord, 'context'>): string | undefined {
  return typeof record.context.speaker === 'string' ? record.context.speaker : undefined;
}

function usable(record: MemoryRecord, candidate: LiveCandidate, speaker: string | undefined): boolean {
  // Another number is another memory, however close the words: "My locker code is 9920 now" had reinforced "…4471".
  // Another person is another memory too: Caroline's "I moved to Berlin" had reinforced the user's.
  return (
    record.domain === candidate.domain &&
    record.supersededBy === null &&
    record.consolidatedAt !== null &&
    !record.tags.includes(ARCHIVED_TAG) &&
    speakerOf(record) === speaker &&
    sameNumbers(record.content, candidate.content)
  );
}

/**
 * The existing memory a candidate is another mention of: the most similar one
 * in the same domain at or above `threshold` (cosine similarity of the same
 * searchable text the engine embeds) stating the same numbers and said by the same person (`speaker`, a
 * multi-party transcript's name; undefined is the user). Without an embedder, only the same content in
 * the same domain matches.
 *
 * @example
 * const match = await findMatchingMemory(memory, candidate, 0.91);
 * if (match) await memory.reinforce(match.record.id, { intensity: candidate.intensity });
 */
export async function findMatchingMemory(memory: Hippocampus, candidate: LiveCandidate, threshold: number, speaker?: string): Promise<{ record: MemoryRecord; similarity: number } | null> {
  const scope = { agentId: memory.agentId };
  if (memory.embedder === null) {
    const same = await memory.store.query(scope, { domain: candidate.domain, text: candidate.content, limit: 20 });
    const exact = same.find((record) => record.content.toLowerCase() === candidate.content.toLowerCase() && usable(record, candidate, speaker));
    return exact ? { record: exact, similarity: 1 } : null;
  }
  const text = buildSearchableContent({ content: candidate.content, type: memoryTypeOf(candidate), domain: candidate.domain, tags: candidate.keywords });
  const { embeddings } = await embedWithCache(memory.embedder, undefined, [text]);
  const hits = (await memory.backend.vectors.search(scope, embeddings[0]!, { limit: 10 })).filter((hit) => hit.similarity >= threshold);
  if (hits.length === 0) return null;
  const records = new Map((await memory.store.getMany(scope, hits.map((hit) => hit.id))).map((record) => [record.id, record]));
  for (const hit of hits) {
    const record = records.get(hit.id);
    if (record && usable(record, candidate, speaker)) return { record, similarity: hit.similarity };
  }
  return null;
}

import { ValidationError } from '../errors/index.ts';
import type {
  WorkingConversation,
  WorkingMemoryMatch,
  WorkingMemoryQuery,
  WorkingMemoryScoreBreakdown,
} from '../spec/working-memory-store.ts';

/** How much each similarity counts in a working-memory score. */
export type WorkingMemoryWeights = WorkingMemoryScoreBreakdown;

/**
 * Meaning dominates (0.55) because a paraphrase shares no words; shared
 * entities (0.2) are the strongest exact signal ("the call with Priya");
 * topics (0.15) and keywords (0.1) break ties between conversations on the
 * same subject. They sum to 1, so a score reads as a fraction of a perfect match.
 */
export const DEFAULT_WORKING_MEMORY_WEIGHTS: Readonly<WorkingMemoryWeights> = Object.freeze({
  embedding: 0.55,
  entities: 0.2,
  topics: 0.15,
  keywords: 0.1,
});

/** Fills missing weights from the defaults and rejects negative or non-finite ones. */
export function resolveWeights(weights: Partial<WorkingMemoryWeights> = {}): WorkingMemoryWeights {
  const resolved = { ...DEFAULT_WORKING_MEMORY_WEIGHTS, ...weights };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isFinite(value) || value < 0) {
      throw new ValidationError({
        message: `Working-memory weight "${name}" must be a finite number >= 0, got ${String(value)}`,
        issues: [{ path: `weights.${name}`, message: 'must be a finite number >= 0' }],
      });
    }
  }
  return resolved;
}

/** Cosine of two embeddings; 0 when either is missing or all zeros. */
export function cosineSimilarity(left: ArrayLike<number> | undefined, right: ArrayLike<number> | undefined): number {
  if (!left || !right || left.length === 0 || right.length === 0) return 0;
  if (left.length !== right.length) {
    throw new ValidationError({
      code: 'EMBEDDING_DIMENSION_MISMATCH',
      message: `Cannot compare a ${left.length}-dimension embedding with a ${right.length}-dimension one; were they made by the same embedder?`,
    });
  }
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < left.length; index += 1) {
    const a = left[index]!;
    const b = right[index]!;
    dot += a * b;
    leftNorm += a * a;
    rightNorm += b * b;
  }
  if (leftNorm === 0 || rightNorm === 0) return 0;
  return dot / Math.sqrt(leftNorm * rightNorm);
}

function normalizedSet(values: readonly string[] | undefined): Set<string> {
  const set = new Set<string>();
  for (const value of values ?? []) {
    const key = value.trim().toLowerCase();
    if (key !== '') set.add(key);
  }
  return set;
}

/** |A ∩ B| / |A ∪ B| over trimmed, lower-cased strings; 0 when both are empty. */
export function jaccardSimilarity(left: readonly string[] | undefined, right: readonly string[] | undefined): number {
  const a = normalizedSet(left);
  const b = normalizedSet(right);
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const value of a) if (b.has(value)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Scores one conversation against a query: the weighted blend and its parts. */
export function scoreConversation(
  query: WorkingMemoryQuery,
  conversation: WorkingConversation,
  weights: WorkingMemoryWeights = DEFAULT_WORKING_MEMORY_WEIGHTS,
): { score: number; breakdown: WorkingMemoryScoreBreakdown } {
  const breakdown: WorkingMemoryScoreBreakdown = {
    embedding: query.embedding ? cosineSimilarity(query.embedding, conversation.embedding) : 0,
    entities: query.entities ? jaccardSimilarity(query.entities, conversation.keyEntities) : 0,
    topics: query.topics ? jaccardSimilarity(query.topics, conversation.topics) : 0,
    keywords: query.keywords ? jaccardSimilarity(query.keywords, conversation.keywords) : 0,
  };
  const score =
    weights.embedding * breakdown.embedding +
    weights.entities * breakdown.entities +
    weights.topics * breakdown.topics +
    weights.keywords * breakdown.keywords;
  return { score, breakdown };
}

/**
 * Newest first; equal timestamps fall back to the id in descending byte order,
 * which is exactly how a Redis sorted set orders equal scores in ZREVRANGE, so
 * both backends list and evict in the same order.
 */
export function compareNewestFirst(left: WorkingConversation, right: WorkingConversation): number {
  return (
    right.timestamp - left.timestamp ||
    Buffer.compare(Buffer.from(right.conversationId), Buffer.from(left.conversationId))
  );
}

export interface RankOptions {
  topK: number;
  weights?: WorkingMemoryWeights;
  /** Keep only conversations where this part of the breakdown is above 0. */
  requireOverlap?: keyof WorkingMemoryScoreBreakdown;
}

/**
 * The one ranking every backend uses: score, best first; ties go to the newer
 * conversation. Backends only decide which conversations are visible.
 */
export function rankConversations(
  query: WorkingMemoryQuery,
  conversations: readonly WorkingConversation[],
  options: RankOptions,
): WorkingMemoryMatch[] {
  const matches: WorkingMemoryMatch[] = [];
  for (const conversation of conversations) {
    const { score, breakdown } = scoreConversation(query, conversation, options.weights);
    if (options.requireOverlap && !(breakdown[options.requireOverlap] > 0)) continue;
    matches.push({ conversation, score, breakdown });
  }
  matches.sort((left, right) => right.score - left.score || compareNewestFirst(left.conversation, right.conversation));
  return matches.slice(0, Math.max(0, options.topK));
}

/** Weights that score by one part alone (searchByEntities, searchByTopics). */
export function weightsFor(part: keyof WorkingMemoryScoreBreakdown): WorkingMemoryWeights {
  return { embedding: 0, entities: 0, topics: 0, keywords: 0, [part]: 1 };
}

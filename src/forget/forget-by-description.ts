import { queryTerms } from '../core/query-terms.ts';
import { embedWithCache } from '../memory/embedding-cache.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { forgetThresholdFor, type ForgetThreshold } from './forget-thresholds.ts';

/** How many nearest memories a description is compared with. */
const CANDIDATES = 50;

export interface ForgetOptions {
  /** Cosine similarity at or above which a memory matches (a number applies to both rules); the embedder's calibrated threshold when absent. */
  threshold?: number | ForgetThreshold;
  /** Match but delete nothing: `deleted` lists exactly what the same call without it would delete (a confirmation preview). */
  dryRun?: boolean;
}

export interface ForgetReport {
  /** What was deleted, with the similarity that matched it (null for older versions removed with it). */
  deleted: { id: string; content: string; kind: MemoryRecord['kind']; similarity: number | null }[];
  threshold: ForgetThreshold;
}

/** True when the memory holds every content word of the description (prefix match, so "code" finds "codes"). */
export function holdsEveryWord(content: string, description: string): boolean {
  const terms = queryTerms(description);
  const words = queryTerms(content);
  return terms.length > 0 && terms.every((term) => words.some((word) => word.startsWith(term) || term.startsWith(word)));
}

async function semanticMatches(memory: Hippocampus, description: string, threshold: ForgetThreshold): Promise<Map<string, number>> {
  const scope = { agentId: memory.agentId };
  const { embeddings } = await embedWithCache(memory.embedder!, undefined, [description]);
  const hits = (await memory.backend.vectors.search(scope, embeddings[0]!, { limit: CANDIDATES })).filter((hit) => hit.similarity >= Math.min(threshold.similarity, threshold.withEveryWord));
  const records = new Map((await memory.store.getMany(scope, hits.map((hit) => hit.id))).map((record) => [record.id, record]));
  const matches = (hit: { id: string; similarity: number }) =>
    hit.similarity >= threshold.similarity || (hit.similarity >= threshold.withEveryWord && holdsEveryWord(records.get(hit.id)?.content ?? '', description));
  return new Map(hits.filter(matches).map((hit) => [hit.id, hit.similarity]));
}

// Without vectors only a memory holding every word of the description matches:
// BM25 scores are relative to the corpus and make no safe deletion threshold.
async function keywordMatches(memory: Hippocampus, description: string): Promise<Map<string, number>> {
  const terms = queryTerms(description);
  if (terms.length === 0) return new Map();
  const scope = { agentId: memory.agentId };
  const hits = await memory.backend.keywords.search(scope, terms, { limit: CANDIDATES });
  const records = await memory.store.getMany(scope, hits.map((hit) => hit.id));
  return new Map(records.filter((record) => holdsEveryWord(record.content, description)).map((record) => [record.id, 1]));
}

/** Older versions of a matched fact say the same thing in its past: they go with it. */
async function withOlderVersions(memory: Hippocampus, ids: Set<string>): Promise<MemoryRecord[]> {
  const scope = { agentId: memory.agentId };
  const superseded = await memory.store.query(scope, { kinds: ['fact'], includeSuperseded: true });
  const all = [...(await memory.store.getMany(scope, [...ids]))];
  let frontier = new Set(ids);
  while (frontier.size > 0) {
    const older = superseded.filter((record) => record.supersededBy !== null && frontier.has(record.supersededBy) && !ids.has(record.id));
    for (const record of older) ids.add(record.id);
    all.push(...older);
    frontier = new Set(older.map((record) => record.id));
  }
  return all;
}

/**
 * Forgetting means forgetting: the memories and facts semantically matching
 * `description` (and older versions of matched facts) are hard-deleted with
 * their vectors, keyword entries and history and what was derived from them,
 * then the text is purged from the database file and its WAL (the engine's
 * forget, see src/memory/forgetting.ts). Nothing records that the request was made.
 * Memory blocks are not touched.
 *
 * @example
 * const report = await forgetByDescription(memory, 'my old apartment door code');
 * report.deleted // [{ id: '01J…', content: 'The door code of the Kreuzberg flat is 4711', similarity: 0.71, kind: 'memory' }]
 */
export async function forgetByDescription(memory: Hippocampus, description: string, options: ForgetOptions = {}): Promise<ForgetReport> {
  const given = options.threshold;
  const threshold = given === undefined ? forgetThresholdFor(memory.embedder) : typeof given === 'number' ? { similarity: given, withEveryWord: given } : given;
  const matches = memory.embedder ? await semanticMatches(memory, description, threshold) : await keywordMatches(memory, description);
  if (matches.size === 0) return { deleted: [], threshold };
  const doomed = await withOlderVersions(memory, new Set(matches.keys()));
  const describe = (record: MemoryRecord) => ({ id: record.id, content: record.content, kind: record.kind, similarity: matches.get(record.id) ?? null });
  // What was derived from a match (facts, watcher memories) goes with it; the engine's forget purges the text.
  const derived = await memory.store.getMany({ agentId: memory.agentId }, await memory.derivedFrom(doomed.map((record) => record.id)));
  if (options.dryRun) return { deleted: [...doomed, ...derived].map(describe), threshold };
  const deleted = new Set(await memory.forget(doomed.map((record) => record.id)));
  return { deleted: [...doomed, ...derived].filter((record) => deleted.has(record.id)).map(describe), threshold };
}

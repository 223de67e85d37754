import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope, MemoryStore } from '../spec/memory-store.ts';
import type { VectorIndex } from '../spec/search-index.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface SimilarMemory {
  memory: MemoryRecord;
  similarity: number;
}

/** Nearest memories to a memory's own vector (exact cosine from the index). */
export async function similarTo(
  deps: { scope: AgentScope; store: MemoryStore; vectors: VectorIndex },
  memoryId: string,
  options: { limit: number; excludeSelf: boolean },
): Promise<SimilarMemory[]> {
  const vector = (await deps.vectors.vectorsOf(deps.scope, [memoryId])).get(memoryId);
  if (!vector) return [];
  const hits = await deps.vectors.search(deps.scope, vector, { limit: options.limit + (options.excludeSelf ? 1 : 0) });
  const kept = hits.filter((hit) => !(options.excludeSelf && hit.id === memoryId));
  const records = new Map((await deps.store.query(deps.scope, { ids: kept.map((hit) => hit.id) })).map((record) => [record.id, record]));
  return kept
    .filter((hit) => records.has(hit.id))
    .slice(0, options.limit)
    .map((hit) => ({ memory: records.get(hit.id)!, similarity: hit.similarity }));
}

/**
 * Spaced repetition: important memories (≥ 0.7) that were rarely revisited
 * (< 5 accesses) and are older than 30 days — worth bringing back up.
 */
export async function needingReview(deps: { scope: AgentScope; store: MemoryStore }, now: number, limit = 50): Promise<MemoryRecord[]> {
  return deps.store.query(deps.scope, {
    minImportance: 0.7,
    until: now - 30 * DAY,
    filter: [{ field: 'accessCount', operator: '$lt', value: 5 }],
    orderBy: 'importance',
    limit,
  });
}

export interface ClusterMember {
  memory: MemoryRecord;
  depth: number;
  /** The memory through which this one was reached (null for the seed). */
  via: string | null;
  similarity: number | null;
}

/**
 * Explores related memories breadth-first from a seed: each level follows
 * vector neighbours above `minSimilarity` and explicit `relatedTo` links,
 * never visiting a memory twice.
 */
export async function clusterAround(
  deps: { scope: AgentScope; store: MemoryStore; vectors: VectorIndex },
  seedId: string,
  options: { depth: number; fanOut: number; minSimilarity: number },
): Promise<ClusterMember[]> {
  const [seed] = await deps.store.getMany(deps.scope, [seedId]);
  if (!seed) return [];
  const visited = new Set([seed.id]);
  const members: ClusterMember[] = [{ memory: seed, depth: 0, via: null, similarity: null }];
  let frontier = [seed];
  for (let depth = 1; depth <= options.depth && frontier.length > 0; depth += 1) {
    const next: MemoryRecord[] = [];
    for (const current of frontier) {
      const neighbours = await similarTo(deps, current.id, { limit: options.fanOut, excludeSelf: true });
      const linked = await deps.store.getMany(deps.scope, current.relatedTo.filter((id) => !visited.has(id)));
      const reached = [
        ...neighbours.filter((neighbour) => neighbour.similarity >= options.minSimilarity),
        ...linked.map((memory) => ({ memory, similarity: null as number | null })),
      ];
      for (const { memory, similarity } of reached) {
        if (visited.has(memory.id)) continue;
        visited.add(memory.id);
        members.push({ memory, depth, via: current.id, similarity });
        next.push(memory);
      }
    }
    frontier = next;
  }
  return members;
}

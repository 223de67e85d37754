import { ValidationError } from '../errors/validation-error.ts';
import { requireEngine } from '../memory/backend-capability.ts';
import type { GraphRecallOptions } from '../graph/graph-recall.ts';
import type { KnowledgeGraph } from '../graph/knowledge-graph.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { GraphRelation } from '../spec/knowledge-graph.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { SkillLibrary, SkillMatch } from '../spec/skill-library.ts';
import type { WorkingMemoryMatch, WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { describeQuery } from '../working/conversation-features.ts';
import { isHowToQuery } from './how-to.ts';

export type MemoryLayer = 'working' | 'semantic' | 'procedural';

/** What one layer said when asked, so an answer shows why it came from where it did. */
export interface LayerConsulted {
  layer: MemoryLayer;
  /** Best score the layer had (0 when it found nothing). */
  best: number;
  served: boolean;
  note: string;
}

export interface RoutedAnswer {
  /** The layer that served the answer. */
  layer: MemoryLayer;
  query: string;
  working: WorkingMemoryMatch[];
  /**
   * Long-term memories (graph-blended when a graph is configured, else hybrid recall). `similarity` is how
   * close each is in meaning to the query (comparable across queries); null for one only the graph found.
   */
  memories: { memory: MemoryRecord; score: number; similarity: number | null }[];
  /** Graph relations about what the query names, in the span it names ("in 2023") or holding now. */
  relations: GraphRelation[];
  skills: SkillMatch[];
  consulted: LayerConsulted[];
}

export interface QueryRouterOptions {
  memory: Hippocampus;
  working: WorkingMemoryStore;
  /** Used for the working-memory query embedding; the engine's embedder when absent. */
  embedder?: Embedder | null;
  graph?: KnowledgeGraph;
  skills?: SkillLibrary;
  /** Working memory serves when its best match scores above this (default 0.85). */
  workingThreshold?: number;
  /** A skill serves a how-to query when its similarity × success rate reaches this (default 0.15). */
  skillThreshold?: number;
  limit?: number;
  graphRecall?: Omit<GraphRecallOptions, 'limit'>;
}

export interface QueryRouter {
  route(query: string): Promise<RoutedAnswer>;
}

/**
 * Answers from the cheapest layer that knows: working memory when a recent
 * conversation matches closely (> 0.85), otherwise semantic memory (the graph
 * blended with hybrid long-term recall), and a learned skill when the query
 * asks how to do something and one fits. Every answer names its layer and what
 * each layer consulted had.
 *
 * @example
 * const router = createQueryRouter({ memory, working: createInProcessWorkingMemory({ embedder }), graph, skills });
 * const answer = await router.route('How do I deploy billing to staging?');
 * answer.layer; // 'procedural'
 */
export function createQueryRouter(options: QueryRouterOptions): QueryRouter {
  const memory = requireEngine(options?.memory, 'createQueryRouter');
  const { working } = options;
  const scope = { agentId: memory.agentId };
  const embedder = options.embedder === undefined ? memory.embedder : options.embedder;
  const workingThreshold = options.workingThreshold ?? 0.85;
  const skillThreshold = options.skillThreshold ?? 0.15;
  const limit = options.limit ?? 5;

  async function semantic(query: string): Promise<Pick<RoutedAnswer, 'memories' | 'relations'>> {
    if (options.graph) {
      const [recalled, facts] = await Promise.all([options.graph.recall(query, { ...options.graphRecall, limit }), options.graph.factsFor(query)]);
      return { memories: recalled.map(({ memory: record, score, explain }) => ({ memory: record, score, similarity: explain.similarity })), relations: facts.relations };
    }
    return { memories: (await memory.recallRelevant(query, { limit })).map(({ memory: record, score, explain }) => ({ memory: record, score, similarity: explain.signals.semantic })), relations: [] };
  }

  return {
    async route(query) {
      if (typeof query !== 'string' || query.trim() === '') throw new ValidationError({ message: 'route needs a non-empty query' });
      const consulted: LayerConsulted[] = [];
      const workingMatches = await working.search(scope, await describeQuery({ text: query }, embedder ?? undefined), 3);
      const bestWorking = workingMatches[0]?.score ?? 0;
      const base = { query, working: workingMatches, memories: [], relations: [], skills: [] };
      if (bestWorking > workingThreshold) {
        consulted.push({ layer: 'working', best: bestWorking, served: true, note: `best match ${bestWorking.toFixed(2)} > ${workingThreshold}` });
        return { ...base, layer: 'working', consulted };
      }
      consulted.push({ layer: 'working', best: bestWorking, served: false, note: `best match ${bestWorking.toFixed(2)} ≤ ${workingThreshold}` });

      const found = await semantic(query);
      const { memories } = found;
      if (isHowToQuery(query) && options.skills) {
        const skills = await options.skills.findSkills(query, limit);
        const bestSkill = skills[0]?.score ?? 0;
        const served = bestSkill >= skillThreshold;
        consulted.push({ layer: 'procedural', best: bestSkill, served, note: served ? `skill "${skills[0]!.skill.name}" fits (${bestSkill.toFixed(2)})` : `no skill reaches ${skillThreshold}` });
        if (served) return { ...base, ...found, layer: 'procedural', skills, consulted: [...consulted, { layer: 'semantic', best: memories[0]?.score ?? 0, served: false, note: 'supporting memories' }] };
      }
      consulted.push({ layer: 'semantic', best: memories[0]?.score ?? 0, served: true, note: options.graph ? 'graph + hybrid recall' : 'hybrid recall' });
      return { ...base, ...found, layer: 'semantic', consulted };
    },
  };
}

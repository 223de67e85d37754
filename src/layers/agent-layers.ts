import { createKnowledgeGraph, type KnowledgeGraph } from '../graph/knowledge-graph.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { createQueryRouter, type QueryRouter, type RoutedAnswer } from '../router/query-router.ts';
import { engineSkillLibrary } from '../skills/skill-library.ts';
import type { SkillLibrary } from '../spec/skill-library.ts';
import { openAgentWorkingMemory, type AgentWorkingMemory } from '../working/working-snapshot.ts';

/** Every memory layer of one agent, over its engine: what the router chooses between. */
export interface AgentLayers {
  working: AgentWorkingMemory;
  /** Absent where the backend keeps no graph. */
  graph?: KnowledgeGraph;
  /** Absent where the backend keeps no skills. */
  skills?: SkillLibrary;
  router: QueryRouter;
  /** Writes working memory back (its snapshot) and releases it. */
  close(): Promise<void>;
}

/**
 * The working memory of an engine's agent: the store the engine was given (`workingMemory`: Redis from a
 * `--redis` flag, in process) — the one its forget drops conversations from, left open for its owner —
 * else Redis at `redisUrl`, else the snapshot beside the database.
 *
 * @example
 * const working = await openEngineWorkingMemory(memory, { readOnly: true });
 */
export async function openEngineWorkingMemory(memory: Hippocampus, options: { redisUrl?: string; readOnly?: boolean } = {}): Promise<AgentWorkingMemory> {
  if (options.redisUrl === undefined && memory.workingMemory) return { store: memory.workingMemory, location: "the engine's workingMemory", close: async () => {} };
  return openAgentWorkingMemory({ home: memory.home, agentId: memory.agentId, embedder: memory.embedder, clock: memory.clock, ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}), ...(options.readOnly ? { readOnly: true } : {}) });
}

/**
 * Opens an agent's layers — working memory (the engine's given `workingMemory`, else its snapshot beside the
 * database, or Redis at `redisUrl`), the knowledge
 * graph, the skill library — and a router between them, for the surfaces that route a query:
 * `recall_memories`, HTTP search with `route: true`, `memory search --route`. `readOnly` layers write nothing
 * back: not working memory, and their graph does not make the engine's forgets link again with its extractor.
 *
 * @example
 * const layers = await openAgentLayers(memory);
 * const answer = await layers.router.route('how do I deploy billing?'); // answer.layer, answer.consulted
 * await layers.close();
 */
export async function openAgentLayers(memory: Hippocampus, options: { redisUrl?: string; readOnly?: boolean } = {}): Promise<AgentLayers> {
  const working = await openEngineWorkingMemory(memory, options);
  // A reader changes nothing of the engine's: its graph does not make later forgets relink with the offline rules.
  const graph = memory.backend.knowledgeGraph ? createKnowledgeGraph({ memory, ...(options.readOnly ? { keepLinked: false } : {}) }) : undefined;
  const store = memory.backend.skills;
  const skills = store ? engineSkillLibrary(memory, store) : undefined;
  const router = createQueryRouter({ memory, working: working.store, ...(graph ? { graph } : {}), ...(skills ? { skills } : {}) });
  return { working, ...(graph ? { graph } : {}), ...(skills ? { skills } : {}), router, close: () => working.close() };
}

/**
 * One routed query over the agent's layers as they are now — working memory read from its snapshot (or Redis),
 * never written — released after: what `recall_memories`, HTTP search with `route: true` and `memory search
 * --route` answer. Opened for each query: layers held open kept a conversation a forget had since dropped.
 *
 * @example
 * const answer = await routeOnce(memory, 'how do I deploy billing?'); // answer.layer, answer.memories
 */
export async function routeOnce(memory: Hippocampus, query: string): Promise<RoutedAnswer> {
  const layers = await openAgentLayers(memory, { readOnly: true });
  try {
    return await layers.router.route(query);
  } finally {
    await layers.close();
  }
}

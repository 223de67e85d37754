import { createKnowledgeGraph, type KnowledgeGraph } from '../graph/knowledge-graph.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';

const graphs = new WeakMap<Hippocampus, KnowledgeGraph>();

/**
 * The knowledge graph of an engine, built once per engine like its toolbox.
 *
 * @example
 * const relations = await graphOf(engine).neighbors('Lisbon');
 */
export function graphOf(engine: Hippocampus): KnowledgeGraph {
  let graph = graphs.get(engine);
  if (!graph) {
    graph = createKnowledgeGraph({ memory: engine });
    graphs.set(engine, graph);
  }
  return graph;
}

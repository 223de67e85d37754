import { UndirectedGraph } from 'graphology';
import type { RecallRelevantOptionsInput } from '../config/recall-relevant-schema.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { RecallResult } from '../memory/relevant-recall.ts';
import { extractEntities, extractKeywords } from '../nlp/index.ts';
import type { GraphNeighborhood, KnowledgeGraphStore } from '../spec/knowledge-graph.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { personalizedPageRank } from './personalized-pagerank.ts';

export interface GraphRecallOptions {
  limit?: number;
  /** Share of the final score from the graph, 0..1 (default 0.35); the rest is the hybrid score. */
  graphWeight?: number;
  /** PPR damping (default 0.5). */
  damping?: number;
  /** Memory↔entity steps explored from the seeds (default 2: the second hop). */
  hops?: number;
  /** How many of the best hybrid hits also seed the walk, as HippoRAG 2 seeds passages (default 3). */
  hybridSeeds?: number;
  /** Seed weight of those memories relative to a query entity (default 0.5). */
  hybridSeedWeight?: number;
  /** Relations valid at this time only (default: all, open and closed). */
  asOf?: number;
  /** Half-life of the temporal decay applied to graph scores, in days (default 365). */
  halfLifeDays?: number;
  /** Options passed to recallRelevant for the hybrid side. */
  hybrid?: RecallRelevantOptionsInput;
}

/** Why a memory came back: its hybrid and graph parts. */
export interface GraphRecallExplanation {
  /** recallRelevant's score scaled so the best hybrid hit is 1 (0 when it was not a hybrid hit). */
  hybrid: number;
  /** PPR score × temporal decay, scaled so the best memory is 1. */
  graph: number;
  graphWeight: number;
  /** The query entities the walk started from. */
  seeds: string[];
}

export interface GraphRecallResult {
  memory: MemoryRecord;
  score: number;
  explain: GraphRecallExplanation;
}

const DAY_MS = 86_400_000;
const memoryNode = (id: string) => `m:${id}`;
const entityNode = (id: number) => `e:${id}`;

function buildGraph(neighborhood: GraphNeighborhood): UndirectedGraph {
  const graph = new UndirectedGraph();
  for (const entity of neighborhood.entities) graph.mergeNode(entityNode(entity.id));
  for (const id of neighborhood.memoryIds) graph.mergeNode(memoryNode(id));
  for (const edge of neighborhood.edges) {
    const [source, target] = edge.kind === 'mention' ? [entityNode(edge.entityId), memoryNode(edge.memoryId)] : [entityNode(edge.subjectId), entityNode(edge.objectId)];
    if (source === target) continue;
    graph.updateEdge(source, target, (attributes) => ({ weight: (typeof attributes.weight === 'number' ? attributes.weight : 0) + edge.weight }));
  }
  return graph;
}

function scaled(values: Map<string, number>): Map<string, number> {
  const best = Math.max(0, ...values.values());
  return new Map([...values].map(([key, value]) => [key, best > 0 ? value / best : 0]));
}

/**
 * HippoRAG-style recall: the query's entities (weighted by specificity, 1 /
 * the memories that mention them) and the best hybrid hits seed a personalized
 * PageRank over the entity–memory graph; memories are ranked by their node
 * scores × temporal decay, blended with recallRelevant's hybrid score.
 */
export async function graphRecall(memory: Hippocampus, store: KnowledgeGraphStore, query: string, options: GraphRecallOptions = {}): Promise<GraphRecallResult[]> {
  const limit = options.limit ?? 10;
  const graphWeight = options.graphWeight ?? 0.35;
  const scope = { agentId: memory.agentId };
  const hybrid: RecallResult[] = await memory.recallRelevant(query, { recordAccess: false, ...options.hybrid, limit: Math.max(limit * 5, 50) });

  const names = [...extractEntities(query).filter((entity) => entity.type !== 'date').map((entity) => entity.name), ...extractKeywords(query, 8)];
  const seedEntities = await store.findEntities(scope, names);
  const mentionCounts = await store.mentionCounts(scope, seedEntities.map((entity) => entity.id));
  const seeds = new Map<string, number>(seedEntities.map((entity) => [entityNode(entity.id), 1 / Math.max(1, mentionCounts.get(entity.id) ?? 1)]));
  const seedTotal = [...seeds.values()].reduce((sum, weight) => sum + weight, 0) || 1;
  const hybridSeeds = hybrid.slice(0, options.hybridSeeds ?? 3);
  const bestHybrid = hybrid[0]?.score ?? 0;
  for (const hit of hybridSeeds) seeds.set(memoryNode(hit.memory.id), ((options.hybridSeedWeight ?? 0.5) * seedTotal * (bestHybrid > 0 ? hit.score / bestHybrid : 0)) / hybridSeeds.length);

  // The hybrid seeds' own entities join the walk's start so their neighbours are in reach.
  const neighborhood = await store.neighborhood(scope, seedEntities.map((entity) => entity.id), {
    hops: options.hops ?? 2,
    seedMemoryIds: hybridSeeds.map((hit) => hit.memory.id),
    ...(options.asOf === undefined ? {} : { asOf: options.asOf }),
  });
  const graph = buildGraph(neighborhood);
  const ppr = graph.order === 0 ? new Map<string, number>() : personalizedPageRank(graph, seeds, { damping: options.damping ?? 0.5 });

  const records = new Map(hybrid.map((hit) => [hit.memory.id, hit.memory]));
  const graphIds = [...ppr.keys()].filter((node) => node.startsWith('m:')).map((node) => node.slice(2));
  const missing = graphIds.filter((id) => !records.has(id));
  for (const record of await memory.store.getMany(scope, missing)) records.set(record.id, record);

  const now = memory.clock.now();
  const halfLife = (options.halfLifeDays ?? 365) * DAY_MS;
  const graphScores = scaled(
    new Map(graphIds.flatMap((id) => {
      const record = records.get(id);
      return record ? [[id, ppr.get(memoryNode(id))! * 0.5 ** (Math.max(0, now - record.timestamp) / halfLife)] as const] : [];
    })),
  );
  const hybridScores = scaled(new Map(hybrid.map((hit) => [hit.memory.id, hit.score])));
  const seedNames = seedEntities.map((entity) => entity.name);
  return [...new Set([...hybridScores.keys(), ...graphScores.keys()])]
    .flatMap((id) => {
      const record = records.get(id);
      if (!record) return [];
      const explain = { hybrid: hybridScores.get(id) ?? 0, graph: graphScores.get(id) ?? 0, graphWeight, seeds: seedNames };
      return [{ memory: record, score: (1 - graphWeight) * explain.hybrid + graphWeight * explain.graph, explain }];
    })
    .sort((left, right) => right.score - left.score)
    .slice(0, limit);
}

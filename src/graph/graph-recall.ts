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
  /**
   * Share of the final score from the graph, 0..1; the rest is the hybrid score.
   * Default 0.2, the best of 0.2/0.3/0.5/0.7 on LoCoMo multi-hop (bench/locomo-graph.bench.ts);
   * 1 ranks by PPR alone, as HippoRAG does.
   */
  graphWeight?: number;
  /** PPR damping (default 0.5). */
  damping?: number;
  /** Memory↔entity steps explored from the seeds (default 2: the second hop). */
  hops?: number;
  /** How many of the best hybrid hits lend their entities to the seeds when `hybridSeedWeight` > 0 (default 3). */
  hybridSeeds?: number;
  /**
   * Seed weight of those entities relative to an entity named in the query. Default 0:
   * on LoCoMo multi-hop this feedback pulled in the hits' neighbours and cost recall.
   */
  hybridSeedWeight?: number;
  /** Relations valid at this time only (default: all, open and closed). */
  asOf?: number;
  /**
   * The scaled graph score is raised to this power before blending (default 0.5).
   * PPR mass falls steeply with each hop; below 1 the second hop keeps a say.
   */
  graphExponent?: number;
  /** Half-life of the temporal decay applied to graph scores, in days (default 365). */
  halfLifeDays?: number;
  /** Options passed to recallRelevant for the hybrid side. */
  hybrid?: RecallRelevantOptionsInput;
}

/** Why a memory came back: its hybrid and graph parts. */
export interface GraphRecallExplanation {
  /** recallRelevant's score scaled so the best hybrid hit is 1 (0 when it was not a hybrid hit). */
  hybrid: number;
  /** PPR score × temporal decay, scaled so the best memory is 1, raised to `graphExponent`. */
  graph: number;
  graphWeight: number;
  /** The query entities the walk started from. */
  seeds: string[];
  /**
   * How close the memory is in meaning to the query (0..1, comparable across queries), from the hybrid
   * side; null for a memory only the graph found (it was never compared with the query).
   */
  similarity: number | null;
}

export interface GraphRecallResult {
  memory: MemoryRecord;
  score: number;
  explain: GraphRecallExplanation;
}

const DAY_MS = 86_400_000;
const FILTER_OPTIONS = new Set(['domain', 'minImportance', 'timeRange', 'types', 'kinds', 'tags', 'filter']);
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

const MAX_PHRASE_WORDS = 4;

/**
 * Every run of up to four words of the query: "Where does Ana's sister work?"
 * yields "ana's sister", which names a node ("Ana's sister is Beatriz") that
 * the recognisers, seeing only the person Ana, would miss.
 */
export function queryPhrases(query: string): string[] {
  const words = query.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const phrases: string[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let length = 2; length <= MAX_PHRASE_WORDS && start + length <= words.length; length++) phrases.push(words.slice(start, start + length).join(' '));
  }
  return phrases;
}

/** Everything in a question that may name a graph entity: recognised names, keywords and short phrases. */
export function namesInQuestion(query: string): string[] {
  return [...extractEntities(query).filter((entity) => entity.type !== 'date').map((entity) => entity.name), ...extractKeywords(query, 8), ...queryPhrases(query)];
}

/**
 * Where the walk starts: the entities named in the query and, as pseudo-relevance
 * feedback, the entities of the best hybrid hits (scaled by `hybridSeedWeight`
 * and by how good the hit is). Each weighs 1 / the memories mentioning it, as
 * HippoRAG weighs node specificity, so a speaker named in every turn barely counts.
 */
async function seedWeights(
  store: KnowledgeGraphStore,
  scope: { agentId: string },
  query: string,
  hybrid: RecallResult[],
  options: GraphRecallOptions,
): Promise<{ seeds: Map<number, number>; seedNames: string[] }> {
  const queryEntities = await store.findEntities(scope, namesInQuestion(query));
  const hits = (options.hybridSeedWeight ?? 0) > 0 ? hybrid.slice(0, options.hybridSeeds ?? 3) : [];
  const hitEntities = hits.length === 0 ? { edges: [] } : await store.neighborhood(scope, [], { hops: 0, seedMemoryIds: hits.map((hit) => hit.memory.id) });
  const raw = new Map<number, number>(queryEntities.map((entity) => [entity.id, 1]));
  const best = hybrid[0]?.score ?? 0;
  for (const edge of hitEntities.edges) {
    if (edge.kind !== 'mention') continue;
    const hit = hits.find((candidate) => candidate.memory.id === edge.memoryId);
    const weight = (options.hybridSeedWeight ?? 0) * (hit && best > 0 ? hit.score / best : 0);
    raw.set(edge.entityId, (raw.get(edge.entityId) ?? 0) + weight);
  }
  const mentions = await store.mentionCounts(scope, [...raw.keys()]);
  const seeds = new Map([...raw].map(([id, weight]) => [id, weight / Math.max(1, mentions.get(id) ?? 1)]));
  return { seeds, seedNames: queryEntities.map((entity) => entity.name) };
}

/**
 * HippoRAG-style recall: the query's entities (weighted by specificity, 1 /
 * the memories that mention them) seed a personalized PageRank over the
 * entity–memory graph, whose relation edges weigh their confidence; memories
 * are ranked by their node scores × temporal decay, blended with
 * recallRelevant's hybrid score. A memory only the graph found is left out
 * when it is superseded, or when the hybrid options filter and it was not a
 * hybrid candidate (the graph does not apply filters itself).
 */
export async function graphRecall(memory: Hippocampus, store: KnowledgeGraphStore, query: string, options: GraphRecallOptions = {}): Promise<GraphRecallResult[]> {
  const limit = options.limit ?? 10;
  const graphWeight = options.graphWeight ?? 0.2;
  const scope = { agentId: memory.agentId };
  const hybrid: RecallResult[] = await memory.recallRelevant(query, { recordAccess: false, ...options.hybrid, limit: Math.max(limit * 5, 50) });
  const { seeds, seedNames } = await seedWeights(store, scope, query, hybrid, options);
  const neighborhood = await store.neighborhood(scope, [...seeds.keys()], { hops: options.hops ?? 2, ...(options.asOf === undefined ? {} : { asOf: options.asOf }) });
  const graph = buildGraph(neighborhood);
  const nodeSeeds = new Map([...seeds].map(([id, weight]) => [entityNode(id), weight]));
  const ppr = graph.order === 0 ? new Map<string, number>() : personalizedPageRank(graph, nodeSeeds, { damping: options.damping ?? 0.5 });

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
  const similarities = new Map(hybrid.map((hit) => [hit.memory.id, hit.explain.signals.semantic]));
  const filtering = Object.keys(options.hybrid ?? {}).some((key) => FILTER_OPTIONS.has(key));
  return [...new Set([...hybridScores.keys(), ...graphScores.keys()])]
    .flatMap((id) => {
      const record = records.get(id);
      const graphOnly = !hybridScores.has(id);
      if (!record || (graphOnly && (filtering || record.supersededBy !== null))) return [];
      const explain = { hybrid: hybridScores.get(id) ?? 0, graph: (graphScores.get(id) ?? 0) ** (options.graphExponent ?? 0.5), graphWeight, seeds: seedNames, similarity: similarities.get(id) ?? null };
      return [{ memory: record, score: (1 - graphWeight) * explain.hybrid + graphWeight * explain.graph, explain }];
    })
    .sort((left, right) => right.score - left.score)
    .slice(0, limit);
}

import { ValidationError } from '../errors/validation-error.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { GraphEntity, GraphRelation, KnowledgeGraphStore, LinkReport, RelationQuery } from '../spec/knowledge-graph.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { backendCapability, requireEngine } from '../memory/backend-capability.ts';
import type { GraphExtractor } from './graph-extractor.ts';
import { graphRecall, namesInQuestion, type GraphRecallOptions, type GraphRecallResult } from './graph-recall.ts';
import { createOfflineGraphExtractor } from './offline-extractor.ts';
import { timeInQuestion } from './time-in-question.ts';

export interface KnowledgeGraphOptions {
  memory: Hippocampus;
  /** Where the graph lives; the SQLite graph store beside the engine's memories when absent. */
  store?: KnowledgeGraphStore;
  /** How memories are read; offline rules when absent (pass createLlmGraphExtractor to use an LLM). */
  extractor?: GraphExtractor;
  /**
   * Whether the engine's forgets, edits and pruning link again, with this graph's extractor, what they unlink
   * (default true; only for the backend's own graph). False for a graph made for one task — a routed recall, a
   * working-memory consolidation — which otherwise left every later forget relinking with the offline rules.
   */
  keepLinked?: boolean;
}

/** One agent's semantic memory: its knowledge graph over its long-term memories. */
export interface KnowledgeGraph {
  readonly store: KnowledgeGraphStore;
  /** Reads the given memories (default: every long-term memory not yet linked) into the graph. Linking is idempotent. */
  linkMemories(memoryIds?: string[], options?: { batchSize?: number }): Promise<LinkReport & { memories: number }>;
  /** Long-term memories ranked by personalized PageRank blended with hybrid recall. */
  recall(query: string, options?: GraphRecallOptions): Promise<GraphRecallResult[]>;
  relations(query: RelationQuery): Promise<GraphRelation[]>;
  /** What held at `time`, e.g. where the user lived on 1 June 2023. */
  asOf(time: number, query?: Omit<RelationQuery, 'asOf' | 'during'>): Promise<GraphRelation[]>;
  entities(options?: { limit?: number }): Promise<(GraphEntity & { mentions: number })[]>;
  /**
   * The relations about what a question names, during the span it names ("in
   * 2023") or, without one, those that hold now. "I", "my" and "the user" mean the user.
   */
  factsFor(question: string): Promise<{ span: { from: number; to: number } | null; relations: GraphRelation[] }>;
  /** The relations of an entity (either end), newest first. */
  neighbors(name: string, options?: { asOf?: number }): Promise<GraphRelation[]>;
}

const EMPTY_REPORT: LinkReport = { entitiesCreated: 0, mentionsAdded: 0, relationsCreated: 0, relationsReinforced: 0, relationsClosed: 0 };

function addReports(total: LinkReport, part: LinkReport): LinkReport {
  return {
    entitiesCreated: total.entitiesCreated + part.entitiesCreated,
    mentionsAdded: total.mentionsAdded + part.mentionsAdded,
    relationsCreated: total.relationsCreated + part.relationsCreated,
    relationsReinforced: total.relationsReinforced + part.relationsReinforced,
    relationsClosed: total.relationsClosed + part.relationsClosed,
  };
}

/**
 * The knowledge graph of an engine's agent: extraction (offline by default),
 * validity-aware storage and HippoRAG-style recall.
 *
 * @example
 * const memory = await createHippocampus({ agentId: 'ada' });
 * const graph = createKnowledgeGraph({ memory });
 * await graph.linkMemories();
 * const results = await graph.recall("Where does Ana's sister work?", { limit: 5 });
 * const then = await graph.asOf(Date.UTC(2023, 5, 1), { subject: 'user', predicate: 'lives_in' });
 */
export function createKnowledgeGraph(options: KnowledgeGraphOptions): KnowledgeGraph {
  const memory = requireEngine(options?.memory, 'createKnowledgeGraph');
  const scope = { agentId: memory.agentId };
  const graphStore = options.store ?? backendCapability(memory.backend, 'knowledgeGraph', 'The knowledge graph (or pass `store`)')(memory.clock);
  const extractor = options.extractor ?? createOfflineGraphExtractor();

  const graph: KnowledgeGraph = {
    store: graphStore,
    async linkMemories(memoryIds, linkOptions = {}) {
      const batchSize = linkOptions.batchSize ?? 100;
      let report = EMPTY_REPORT;
      let memories = 0;
      const linkBatch = async (records: MemoryRecord[]) => {
        report = addReports(report, await graphStore.link(scope, await extractor.extract(records)));
        memories += records.length;
      };
      // Read with the engine's writes held: on SQLite a read inside a live watcher's open batch saw the batch's
      // memories before their commit, and linked them though the batch then rolled them back.
      const unlinkedPage = () => memory.exclusively(async () => memory.store.getMany(scope, await graphStore.unlinkedMemoryIds(scope, batchSize)));
      if (memoryIds === undefined) {
        // Linking marks each memory, so the next page is whatever is still unlinked.
        for (let records = await unlinkedPage(); records.length > 0; records = await unlinkedPage()) await linkBatch(records);
      } else {
        const records = await memory.exclusively(async () => {
          const linked = await graphStore.linkedMemoryIds(scope, memoryIds);
          return memory.store.getMany(scope, memoryIds.filter((id) => !linked.has(id)));
        });
        for (let start = 0; start < records.length; start += batchSize) await linkBatch(records.slice(start, start + batchSize));
      }
      return { ...report, memories };
    },
    recall: (query, recallOptions) => graphRecall(memory, graphStore, query, recallOptions),
    relations: (query) => graphStore.relations(scope, query),
    asOf: (time, query = {}) => graphStore.relations(scope, { ...query, asOf: time }),
    entities: async (listOptions) => {
      // The CLI and HTTP check their limit; from code, -1 listed every entity (probe, 2026-11-27).
      const limit = listOptions?.limit;
      if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 1)) {
        throw new ValidationError({ message: `entities: limit must be a whole number of at least 1, got ${String(limit)}`, issues: [{ path: 'limit', message: 'must be a whole number of at least 1' }] });
      }
      return graphStore.listEntities(scope, listOptions);
    },
    async factsFor(question) {
      const span = timeInQuestion(question);
      const names = [...namesInQuestion(question), ...(/\b(?:user|i|me|my)\b/i.test(question) ? ['user'] : [])];
      const entities = await graphStore.findEntities(scope, names);
      const when = span === null ? { asOf: memory.clock.now() } : { during: span };
      const found = await Promise.all(entities.map((entity) => graphStore.relations(scope, { subject: entity.name, ...when, limit: 20 })));
      return { span, relations: found.flat() };
    },
    async neighbors(name, neighborOptions = {}) {
      const asOf = neighborOptions.asOf === undefined ? {} : { asOf: neighborOptions.asOf };
      const [outgoing, incoming] = await Promise.all([graphStore.relations(scope, { subject: name, ...asOf }), graphStore.relations(scope, { object: name, ...asOf })]);
      return [...outgoing, ...incoming];
    },
  };
  // The backend's own graph is the one its triggers change when a memory is forgotten or edited.
  if (options.store === undefined && options.keepLinked !== false) memory.keepGraphLinked(relinkingOf(graph, scope), { chosenExtractor: options.extractor !== undefined });
  return graph;
}

/**
 * What a forget or an edit of `ids` unlinks, read before it (those that wrote or closed a relation the triggers drop,
 * their other sources, and the given ones already linked: an edit unlinks the edited memory), linked again after.
 * Only those: `linkMemories()` without ids also links every memory never linked.
 */
function relinkingOf(graph: KnowledgeGraph, scope: { agentId: string }) {
  return async (ids: string[]) => {
    const [sharing, linked] = await Promise.all([graph.store.relinkedBy(scope, ids), graph.store.linkedMemoryIds(scope, ids)]);
    const unlinked = [...new Set([...sharing, ...linked])];
    return async () => {
      if (unlinked.length > 0) await graph.linkMemories(unlinked);
    };
  };
}

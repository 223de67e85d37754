import type { AgentScope, MemoryQuery } from './memory-store.ts';

/** Which model produced an agent's vectors: recorded in the agent's database, checked on open. */
export interface EmbeddingModelInfo {
  provider: string;
  modelId: string;
  dimensions: number;
}

export interface VectorHit {
  id: string;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

export interface KeywordHit {
  id: string;
  /** Raw BM25 score, higher is better (the negated SQLite bm25()). */
  score: number;
}

export interface VectorIndexStatistics {
  total: number;
  withVectors: number;
  dimensions: number | null;
  modelId: string | null;
  provider: string | null;
  indexBytes: number;
}

/**
 * Vectors of an agent's memories, kept in step with its rows (a deleted memory
 * leaves no vector behind). One model per agent database.
 */
export interface VectorIndex {
  /** Records the model on first use; refuses a different model or dimension afterwards. */
  bind(scope: AgentScope, model: EmbeddingModelInfo): Promise<void>;
  /** The model recorded for the agent, or null when none is yet. */
  boundModel(scope: AgentScope): Promise<EmbeddingModelInfo | null>;
  /** Drops every vector and binds a new model (the first step of a re-embed). */
  rebind(scope: AgentScope, model: EmbeddingModelInfo): Promise<void>;
  upsert(scope: AgentScope, items: { id: string; vector: Float32Array }[]): Promise<void>;
  /**
   * Optional: true when an upsert's work runs outside this thread (a database server). The engine then
   * embeds new memories beside the rows' write and stores their vectors in steps while it embeds the
   * next; otherwise (SQLite: the write holds this thread) it embeds after the rows and upserts once.
   */
  readonly writesElsewhere?: boolean;
  /**
   * Nearest neighbours. `withinIds` or `where` restrict the search to those
   * memories and make it exact (a scan of just them): use them for small sets.
   */
  search(scope: AgentScope, vector: Float32Array, options: { limit: number; withinIds?: string[]; where?: MemoryQuery }): Promise<VectorHit[]>;
  /** Stored vectors of these memories. */
  vectorsOf(scope: AgentScope, ids: string[]): Promise<Map<string, Float32Array>>;
  /** Memories that have no vector yet, oldest first (for backfill). */
  missing(scope: AgentScope, limit: number): Promise<{ id: string; content: string; type: string; domain: string | null; tags: string[] }[]>;
  statistics(scope: AgentScope): Promise<VectorIndexStatistics>;
  /** Background upkeep of any approximate index (build, compact, save); a no-op where there is none. */
  maintain(scope: AgentScope): Promise<void>;
  close(): Promise<void>;
}

/** Full-text keyword search with BM25 ranking, kept in step with the rows. */
export interface KeywordIndex {
  /**
   * BM25-ranked matches of any of the terms, among `withinIds` or rows matching `where` when given.
   * Where `neighbourField` is true, a memory is indexed with its own text and, as a second field, the
   * text of its neighbouring turns (the turn it replies to and its replies); `neighbourWeight` (default
   * DEFAULT_NEIGHBOUR_WEIGHT) is that field's weight in BM25's term frequency, the memory's own text
   * weighing 1; at 0, a memory its neighbours' words alone match is not returned. Where it is false,
   * `neighbourWeight` is ignored.
   */
  search(scope: AgentScope, terms: string[], options: { limit: number; withinIds?: string[]; where?: MemoryQuery; neighbourWeight?: number }): Promise<KeywordHit[]>;
  /**
   * Whether memories are also indexed by their neighbouring turns' text (SQLite: yes, schema 9;
   * PostgreSQL: yes, schema 4). Where false, the keyword signal reads a memory's own text and recall
   * leans on the thread signal alone. A forgotten memory's text leaves its neighbours' field at once.
   */
  readonly neighbourField: boolean;
  /** Background upkeep of any in-memory cache of the index (build, trim its change log); a no-op where there is none. */
  maintain(scope: AgentScope): Promise<void>;
  close(): Promise<void>;
}

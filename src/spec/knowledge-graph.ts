/**
 * Semantic memory as a knowledge graph: the entities an agent's memories
 * mention, the relations between them, and for each the memories it came from.
 * A relation that stops being true is closed (`validTo`), never deleted, so the
 * graph can answer what held at any point in time. Times are epoch milliseconds.
 */

/** Who is asking. Travels with every call; a store never remembers it. */
export interface GraphScope {
  agentId: string;
}

/** 'concept' covers relation objects no recogniser typed ("a pottery class"). */
export type GraphEntityType = 'person' | 'place' | 'organization' | 'thing' | 'date' | 'concept' | 'other';

export interface GraphEntity {
  id: number;
  /** As first written: "Lisbon". */
  name: string;
  type: GraphEntityType;
  /** Other names that resolve to this entity (never includes `name`). */
  aliases: string[];
  createdAt: number;
}

export interface GraphRelation {
  id: number;
  subject: GraphEntity;
  /** snake_case, canonical: "live_in", "work_at". */
  predicate: string;
  object: GraphEntity;
  /** 0..1; repeated evidence raises it (noisy-or). */
  confidence: number;
  /** From when it held; null when unknown (held "always"). */
  validFrom: number | null;
  /** Until when it held (exclusive); null while it still holds. */
  validTo: number | null;
  /** The memories this relation was read from. */
  memoryIds: string[];
}

export interface EntityInput {
  name: string;
  type?: GraphEntityType;
  aliases?: string[];
}

/** A relation read out of one memory. */
export interface RelationInput {
  subject: EntityInput;
  predicate: string;
  object: EntityInput;
  /** Default 0.6. */
  confidence?: number;
  /** Defaults to the memory's time. */
  validFrom?: number | null;
  validTo?: number | null;
  /** A negated statement ("no longer lives in Berlin") closes the matching open relation instead of adding one. */
  negated?: boolean;
  /** True when the subject holds one value at a time (lives in, works at): a new object closes the old one. */
  singleValued?: boolean;
}

/** Everything read out of one memory, ready to be linked into the graph. */
export interface MemoryExtraction {
  memoryId: string;
  /** The memory's time: the default `validFrom` of its relations. */
  timestamp: number;
  entities: EntityInput[];
  relations: RelationInput[];
}

export interface LinkReport {
  entitiesCreated: number;
  mentionsAdded: number;
  relationsCreated: number;
  relationsReinforced: number;
  relationsClosed: number;
}

export interface RelationQuery {
  /** Entity name or alias (case-insensitive). */
  subject?: string;
  object?: string;
  /** Canonical or surface form: "lives_in" and "live_in" match alike. */
  predicate?: string;
  /** Only relations that held at this instant. */
  asOf?: number;
  /** Only relations that held at some point in [from, to). */
  during?: { from: number; to: number };
  /** Default: every relation, open or closed, when neither asOf nor during is set. */
  limit?: number;
}

/** One edge of the entity–memory graph PPR walks. */
export type GraphEdge =
  | { kind: 'mention'; entityId: number; memoryId: string; weight: number }
  | { kind: 'relation'; subjectId: number; objectId: number; weight: number };

export interface GraphNeighborhood {
  entities: GraphEntity[];
  /** Every memory node, including seed memories that mention no entity. */
  memoryIds: string[];
  edges: GraphEdge[];
}

/** Storage of the knowledge graph; one backend per database kind. */
export interface KnowledgeGraphStore {
  /** Adds the entities and relations of each memory, with provenance; applies validity rules. */
  link(scope: GraphScope, extractions: MemoryExtraction[]): Promise<LinkReport>;
  /** Entities by name or alias, case-insensitive; unknown names are left out. */
  findEntities(scope: GraphScope, names: string[]): Promise<GraphEntity[]>;
  /** Most-mentioned first. */
  listEntities(scope: GraphScope, options?: { limit?: number; type?: GraphEntityType }): Promise<(GraphEntity & { mentions: number })[]>;
  relations(scope: GraphScope, query: RelationQuery): Promise<GraphRelation[]>;
  /**
   * The part of the graph within `hops` memory↔entity steps of the seeds:
   * what personalized PageRank runs over. Relations are those valid at `asOf`
   * (all of them, open and closed, when absent).
   */
  neighborhood(
    scope: GraphScope,
    seedEntityIds: number[],
    options?: { hops?: number; asOf?: number; maxMemories?: number; /** Memories to start from as well: their entities join the first frontier. */ seedMemoryIds?: string[] },
  ): Promise<GraphNeighborhood>;
  /** How many memories mention each entity: the specificity weight of a seed. */
  mentionCounts(scope: GraphScope, entityIds: number[]): Promise<Map<number, number>>;
  /** Long-term memories never linked, oldest first: what `linkMemories()` reads next. */
  unlinkedMemoryIds(scope: GraphScope, limit: number): Promise<string[]>;
  /** Memory ids already linked, of those given. */
  linkedMemoryIds(scope: GraphScope, memoryIds: string[]): Promise<Set<string>>;
  /**
   * The memories whose links deleting or editing these undoes (the store drops the relations a memory wrote, and
   * those of the same subject and predicate it closed, and marks their sources unlinked): read before the change,
   * so what it unlinked can be linked again right after it. The given ids among them when they wrote a relation.
   */
  relinkedBy(scope: GraphScope, memoryIds: string[]): Promise<string[]>;
  statistics(scope: GraphScope): Promise<{ entities: number; relations: number; openRelations: number; mentions: number }>;
}

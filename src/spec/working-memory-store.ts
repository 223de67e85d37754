/**
 * Working memory: the last few whole conversations of an agent, kept verbatim
 * for a bounded time so the agent can answer "what did we just talk about"
 * instantly, before anything is consolidated into long-term memory.
 */

/** Who is asking. Travels with every call; a backend never remembers it. */
export interface WorkingMemoryScope {
  agentId: string;
}

/** One recent conversation, whole, with the features used to find it again. Times are epoch milliseconds. */
export interface WorkingConversation {
  conversationId: string;
  agentId: string;
  /** When the conversation happened; eviction order and TTL are measured from it. */
  timestamp: number;
  fullText: string;
  embedding: number[] | Float32Array;
  /** Entity names (people, places, organisations, things, dates). */
  keyEntities: string[];
  topics: string[];
  /** Search keywords; optional so hand-built conversations stay valid (keyword score is then 0). */
  keywords?: string[];
  /** What the user asked for in their first turn, when they asked for something. */
  userIntent: string | null;
  /** Set once long-term memory has absorbed the conversation. */
  consolidatedAt?: number | null;
}

/** What `store` accepts: `agentId` may be left out, the scope supplies it. */
export type WorkingConversationInput = Omit<WorkingConversation, 'agentId'> & { agentId?: string };

/**
 * What a search compares against each conversation. Every field is optional; a
 * missing one contributes 0 to the score unless the store can derive it from
 * `text` (see each backend's `embedder` option).
 */
export interface WorkingMemoryQuery {
  text?: string;
  embedding?: number[] | Float32Array;
  entities?: string[];
  topics?: string[];
  keywords?: string[];
}

/** The four similarities that make up a score, each in [0, 1] (cosine may dip below 0). */
export interface WorkingMemoryScoreBreakdown {
  embedding: number;
  entities: number;
  topics: number;
  keywords: number;
}

export interface WorkingMemoryMatch {
  conversation: WorkingConversation;
  /** The weighted blend of `breakdown`. */
  score: number;
  breakdown: WorkingMemoryScoreBreakdown;
}

export interface WorkingMemoryStats {
  count: number;
  /** Timestamp of the oldest visible conversation, null when empty. */
  oldest: number | null;
  newest: number | null;
  /** Sum of the UTF-8 byte lengths of the visible conversations' full texts. */
  totalTextBytes: number;
}

export interface WorkingMemoryStoreResult {
  /** False when the conversation was already past its TTL and was not kept. */
  stored: boolean;
  /** Conversations pushed out to respect the capacity, oldest first. */
  evictedIds: string[];
}

/**
 * A per-agent, bounded, expiring set of recent conversations. Every backend
 * passes `runWorkingMemoryContract` (src/testing/working-memory-contract.ts).
 */
export interface WorkingMemoryStore {
  /** Adds or replaces a conversation; beyond capacity the oldest by timestamp are evicted. */
  store(scope: WorkingMemoryScope, conversation: WorkingConversationInput): Promise<WorkingMemoryStoreResult>;
  /** The conversation, or null if unknown, evicted or expired. */
  get(scope: WorkingMemoryScope, conversationId: string): Promise<WorkingConversation | null>;
  /** Best matches first (ties: newer first). */
  search(scope: WorkingMemoryScope, query: WorkingMemoryQuery, topK?: number): Promise<WorkingMemoryMatch[]>;
  /** Conversations sharing at least one entity, ranked by entity overlap. */
  searchByEntities(scope: WorkingMemoryScope, entities: string[], topK?: number): Promise<WorkingMemoryMatch[]>;
  /** Conversations sharing at least one topic, ranked by topic overlap. */
  searchByTopics(scope: WorkingMemoryScope, topics: string[], topK?: number): Promise<WorkingMemoryMatch[]>;
  /** Newest first. */
  getAll(scope: WorkingMemoryScope, limit?: number): Promise<WorkingConversation[]>;
  /** True when something was deleted. */
  delete(scope: WorkingMemoryScope, conversationId: string): Promise<boolean>;
  /** Sets `consolidatedAt`; returns how many visible conversations were marked. */
  markConsolidated(scope: WorkingMemoryScope, conversationIds: string[], at: number): Promise<number>;
  getStats(scope: WorkingMemoryScope): Promise<WorkingMemoryStats>;
  /** Releases connections the store opened itself; idempotent. */
  close(): Promise<void>;
}

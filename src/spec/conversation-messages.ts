import type { AgentScope } from './memory-store.ts';

/** One row of the host's messages table, as Hippocampus reads it. */
export interface StoredMessage {
  id: number;
  conversationId: string | null;
  role: string;
  content: string;
  /**
   * When it was said, as the host wrote it: epoch milliseconds, or in a host's own SQLite table perhaps a
   * date string. The live watcher reads either, and reports and skips a row it cannot place in time.
   */
  createdAt: number | string;
}

/** One past message of the host's conversation that matched. */
export interface ConversationHit {
  id: number;
  conversationId: string | null;
  role: string;
  content: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Relevance, higher is better: BM25 on SQLite, the sum of the matched words' IDF on PostgreSQL (comparable within one search only). */
  score: number;
}

/** A message the host adds to its own messages table. */
export interface HostMessage {
  conversationId?: string | null;
  role: string;
  content: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/**
 * Full-text search over the host's own messages table, kept beside the agent's memories
 * (recall_conversation). The host writes its messages; `createTable` and `appendMessages` are the
 * shape Hippocampus reads, offered so a host need not know each backend's SQL.
 */
export interface ConversationMessages {
  /** Any word of the query may match; messages matching more (and rarer) words rank first. A missing table is CONFIG_ERROR. */
  searchMessages(scope: AgentScope, options: { table: string; query: string; limit: number }): Promise<ConversationHit[]>;
  /** Creates the table (and its full-text index) if missing; a table of that name with other columns is CONFIG_ERROR. */
  createTable(scope: AgentScope, options: { table: string }): Promise<void>;
  /**
   * The agent's messages after `afterId` in id order, at most `limit` (of one conversation when
   * `conversationId` is given), and the highest id the table holds for that scope (0 when none): the
   * live watcher's read (`watch --messages-table`), which starts over when the highest id went below
   * the last one it consumed (the table was emptied and refilled). A missing table is CONFIG_ERROR.
   */
  readMessages(scope: AgentScope, options: { table: string; afterId: number; limit: number; conversationId?: string }): Promise<{ messages: StoredMessage[]; highestId: number }>;
  /** Appends messages in order; returns their ids. */
  appendMessages(scope: AgentScope, options: { table: string; messages: readonly HostMessage[] }): Promise<number[]>;
  /**
   * Deletes the messages a forget names — by id (those a forgotten memory was made from) or whose whole
   * text is a forgotten memory's (case and surrounding space aside) — and purges their text as a forget
   * of memories does, so recall_conversation cannot bring back what was forgotten. Returns how many.
   */
  forgetMessages(scope: AgentScope, options: { table: string; ids: readonly number[]; texts: readonly string[] }): Promise<number>;
}

import type { AgentScope } from './memory-store.ts';

/** One past message of the host's conversation that matched. */
export interface ConversationHit {
  id: number;
  conversationId: string | null;
  role: string;
  content: string;
  createdAt: number;
  /** BM25, higher is better. */
  score: number;
}

/** Full-text search over the host's own messages table, kept beside the agent's memories (recall_conversation). */
export interface ConversationMessages {
  searchMessages(scope: AgentScope, options: { table: string; query: string; limit: number }): Promise<ConversationHit[]>;
}

import type { AgentScope } from './memory-store.ts';

/** Which working-memory conversations long-term memory has already absorbed: a conversation is never mined twice. */
export interface ConsolidationMarks {
  /** Of the given ids, those already consolidated. */
  consolidated(scope: AgentScope, conversationIds: string[]): Promise<Set<string>>;
  mark(scope: AgentScope, conversationId: string, at: number, memoryIds: string[]): Promise<void>;
}

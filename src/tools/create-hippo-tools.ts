import type Database from 'better-sqlite3';
import { forgetMessages, readMessages, tableRowOf, validTableName } from '../conversations/messages-table.ts';
import { hashContent } from '../core/content-hash.ts';
import { searchConversation } from '../conversations/search-conversation.ts';
import type { ForgottenText } from './memory-tools.ts';
import type { ConversationHit, StoredMessage } from '../spec/conversation-messages.ts';
import { bandsFor, type SimilarityBands } from '../facts/similarity-bands.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryBlockStore } from '../spec/block-store.ts';
import type { QueryRouter } from '../router/query-router.ts';
import type { LlmClient } from '../spec/llm-client.ts';
import { backendCapability, requireEngine } from '../memory/backend-capability.ts';
import { appendMemoryBlockTool, recallMemoryBlockTool, replaceMemoryBlockTool } from './block-tools.ts';
import { holdBlockWrites } from '../memory/held-backend.ts';
import { recallConversationTool } from './conversation-tool.ts';
import type { HippoTool } from './hippo-tool.ts';
import { forgetMemoryTool, recallMemoriesTool, rememberFactsTool, storeMemoryTool } from './memory-tools.ts';

export interface HippoToolsOptions {
  memory: Hippocampus;
  /** Extraction and ambiguous-band classification by this LLM; the offline rules when absent. */
  llm?: LlmClient;
  /** Must match `memory.agentId` when given (a guard against wiring one agent's tools to another's memory). */
  agentId?: string;
  /** Where memory blocks live; the agent's SQLite file when absent (SQLite backend only). */
  blocks?: MemoryBlockStore;
  /**
   * The host's messages table for recall_conversation: a table name in the
   * agent's backend (its SQLite file, or the PostgreSQL database, rows of this
   * agent only), or a table in another SQLite database. Without it the tool is left out.
   */
  messagesTable?: string | { database: Database.Database; table?: string };
  /** Similarity bands per embedder model id, over the calibrated defaults. */
  bands?: Readonly<Record<string, SimilarityBands>>;
  /** Cosine similarity a memory needs to a forget_memory description; calibrated per embedder when absent. */
  forgetThreshold?: number;
  /**
   * A router over the agent's layers (see `openAgentLayers`): recall_memories then answers from the layer
   * that knows — a recent conversation, the graph and long-term memory, or a learned skill — and says why.
   */
  router?: QueryRouter;
}

interface ConversationSource {
  search: (query: string, limit: number) => Promise<ConversationHit[]>;
  /** Forgets the messages forgotten memories were made from or say verbatim (forget_memory). */
  forget: (forgotten: readonly ForgottenText[]) => Promise<number>;
}

/**
 * The rows of `table` forgotten memories were made from (the watcher's message ids name them), each
 * only while it still says what the watcher read (`context.sourceHash`): a table whose ids were given
 * again must not lose an unrelated message to a forget.
 */
async function messageRows(table: string, forgotten: readonly ForgottenText[], readAfter: (afterId: number) => Promise<{ messages: StoredMessage[] }>): Promise<number[]> {
  const rows: number[] = [];
  for (const { messageId, sourceHash } of forgotten) {
    const row = tableRowOf(table, messageId);
    if (row === undefined) continue;
    const [message] = (await readAfter(row - 1)).messages;
    if (message?.id === row && (sourceHash === undefined || hashContent(message.content) === sourceHash)) rows.push(row);
  }
  return rows;
}

function conversationSource(options: HippoToolsOptions): ConversationSource | null {
  const configured = options.messagesTable;
  if (configured === undefined) return null;
  if (typeof configured === 'string') {
    const messages = backendCapability(options.memory.backend, 'conversations', 'messagesTable as a table name');
    const table = validTableName(configured);
    const scope = { agentId: options.memory.agentId };
    return {
      search: (query, limit) => messages.searchMessages(scope, { table, query, limit }),
      forget: async (forgotten) => {
        const ids = await messageRows(table, forgotten, (afterId) => messages.readMessages(scope, { table, afterId, limit: 1 }));
        return messages.forgetMessages(scope, { table, ids, texts: forgotten.map((entry) => entry.content) });
      },
    };
  }
  const table = validTableName(configured.table ?? 'messages');
  return {
    search: async (query, limit) => searchConversation(configured.database, { table, query, limit }),
    async forget(forgotten) {
      const ids = await messageRows(table, forgotten, async (afterId) => readMessages(configured.database, { table, afterId, limit: 1 }));
      const count = forgetMessages(configured.database, { table, ids, texts: forgotten.map((entry) => entry.content) });
      // The host's own file: no page image of the deleted rows left in its WAL either.
      if (count > 0 && configured.database.pragma('journal_mode', { simple: true }) === 'wal') configured.database.pragma('wal_checkpoint(TRUNCATE)');
      return count;
    },
  };
}

/**
 * The eight memory tools of an agent, ready for any agent loop (see the
 * adapters for the AI SDK, OpenAI, Anthropic and generic AgentTool shapes):
 * remember_facts, store_memory, replace_memory_block, append_memory_block,
 * recall_memory_block, recall_memories, recall_conversation (only with a
 * messages table) and forget_memory. Every `execute` validates its input and
 * returns `{ ok: false, error: { code, message } }` instead of throwing.
 *
 * @example
 * const memory = await createHippocampus({ agentId: 'ada' });
 * const tools = createHippoTools({ memory, messagesTable: 'messages' });
 * const remember = tools.find((tool) => tool.name === 'remember_facts')!;
 * await remember.execute({ text: 'I actually moved to Lisbon' });
 * // { ok: true, data: { summary: 'Learned 1 fact: 1 updated (Lisbon — replaces Berlin)', facts: [...] } }
 */
export function createHippoTools(options: HippoToolsOptions): HippoTool[] {
  const memory = requireEngine(options?.memory, 'createHippoTools');
  if (options.agentId !== undefined && options.agentId !== memory.agentId) {
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `agentId "${options.agentId}" does not match the memory's agent "${memory.agentId}"` });
  }
  // Block edits wait for a batch holding the engine's writes: the engine's backend holds them, and a store of the
  // caller's own is held the same way (on SQLite it may share the agent's one connection).
  const blocks = options.blocks ? holdBlockWrites(options.blocks, (work) => memory.exclusively(work)) : backendCapability(memory.backend, 'blocks', 'Memory blocks');
  const conversation = conversationSource(options);
  const memoryContext = { memory, llm: options.llm ?? null, bands: bandsFor(memory.embedder, options.bands), forgetThreshold: options.forgetThreshold, router: options.router, forgetMessages: conversation?.forget, blocks };
  const blockContext = { blocks, agentId: memory.agentId, clock: memory.clock };
  const tools: HippoTool[] = [
    rememberFactsTool(memoryContext),
    storeMemoryTool(memoryContext),
    replaceMemoryBlockTool(blockContext),
    appendMemoryBlockTool(blockContext),
    recallMemoryBlockTool(blockContext),
    recallMemoriesTool(memoryContext),
    ...(conversation ? [recallConversationTool(conversation)] : []),
    forgetMemoryTool(memoryContext),
  ];
  return tools as HippoTool[];
}

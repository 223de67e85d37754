import type Database from 'better-sqlite3';
import { searchConversation } from '../conversations/search-conversation.ts';
import { defineTool } from './hippo-tool.ts';
import { recallConversationInput } from './tool-inputs.ts';

export function recallConversationTool(context: { database: () => Database.Database; table: string }) {
  return defineTool({
    name: 'recall_conversation',
    label: 'Search past messages',
    description: 'Full-text search over past conversation messages (exact words, stemmed). Use it to find what was said, when.',
    inputSchema: recallConversationInput,
    async run({ query, limit }) {
      const hits = searchConversation(context.database(), { table: context.table, query, limit });
      // created_at is the host's column, passed through as stored.
      return { messages: hits };
    },
  });
}

import type { ConversationHit } from '../spec/conversation-messages.ts';
import { defineTool } from './hippo-tool.ts';
import { recallConversationInput } from './tool-inputs.ts';

export function recallConversationTool(context: { search: (query: string, limit: number) => Promise<ConversationHit[]> }) {
  return defineTool({
    name: 'recall_conversation',
    label: 'Search past messages',
    description: 'Full-text search over past conversation messages (exact words, stemmed). Use it to find what was said, when.',
    inputSchema: recallConversationInput,
    async run({ query, limit }) {
      const hits = await context.search(query, limit);
      // created_at is the host's column, passed through as stored.
      return { messages: hits };
    },
  });
}

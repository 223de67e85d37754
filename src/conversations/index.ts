export { appendMessages, createMessagesTable, forgetMessages, readMessages, tableNameSchema, validTableName } from './messages-table.ts';
export type { ConversationMessages, HostMessage, StoredMessage } from '../spec/conversation-messages.ts';
export { searchConversation, type ConversationHit } from './search-conversation.ts';

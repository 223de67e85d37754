export { appendMessages, createMessagesTable, forgetMessages, tableNameSchema, validTableName } from './messages-table.ts';
export { searchConversation, type ConversationHit } from './search-conversation.ts';

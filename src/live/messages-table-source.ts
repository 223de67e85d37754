import Database from 'better-sqlite3';
import { readMessages, tableMessageId, validTableName } from '../conversations/messages-table.ts';
import { backendCapability } from '../memory/backend-capability.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { StoredMessage } from '../spec/conversation-messages.ts';
import { startPosition, type ConversationMessage, type ConversationSource, type SourceProblem } from './conversation-source.ts';
import { storableTimestamp } from './message-timestamp.ts';

/** One read of a messages table: the rows after `afterId` in id order, and the highest id it holds. */
type ReadAfter = (afterId: number, limit: number) => Promise<{ messages: StoredMessage[]; highestId: number }>;

/**
 * A messages table read in id order after the last id consumed, whichever database holds it. A table
 * whose ids went backwards (emptied and refilled) is read from its start. A row whose created_at the
 * engine cannot store is reported (its id as the line) and skipped; a fractional created_at is rounded.
 */
function tableSource(id: string, table: string, readAfter: ReadAfter): ConversationSource {
  return {
    id,
    async read(from, { maxMessages }) {
      let position = from ?? startPosition();
      let reset: 'truncated' | undefined;
      let { messages: rows, highestId } = await readAfter(Number(position.lastMessageId ?? 0), maxMessages);
      if (highestId < Number(position.lastMessageId ?? 0)) {
        reset = 'truncated';
        position = startPosition();
        ({ messages: rows } = await readAfter(0, maxMessages));
      }
      const lastRow = rows.at(-1);
      const messages: ConversationMessage[] = [];
      const problems: SourceProblem[] = [];
      for (const row of rows) {
        // A created_at the engine cannot store would fail the whole batch, every time: the row is reported and skipped.
        const timestamp = storableTimestamp(row.createdAt);
        if ('problem' in timestamp) problems.push({ line: row.id, message: `created_at: ${timestamp.problem}` });
        else messages.push({ id: tableMessageId(table, row.id), role: row.role, content: row.content, timestamp: timestamp.ms });
      }
      return {
        messages,
        next: lastRow ? { ...position, line: position.line + rows.length, lastMessageId: String(lastRow.id) } : position,
        problems,
        ...(reset ? { reset } : {}),
      };
    },
  };
}

/**
 * A SQLite messages table of the host's own file (the shape `createMessagesTable` makes and
 * conversation recall reads), opened read-only when given a path.
 *
 * @example
 * const source = createMessagesTableSource({ database: 'app.db', table: 'messages' });
 */
export function createMessagesTableSource(options: { database: string | Database.Database; table?: string; conversationId?: string; id?: string }): ConversationSource & { close(): void } {
  const table = validTableName(options.table ?? 'messages');
  const owned = typeof options.database === 'string';
  const db = typeof options.database === 'string' ? new Database(options.database, { readonly: true, fileMustExist: true, timeout: 5000 }) : options.database;
  const name = typeof options.database === 'string' ? options.database : db.name;
  const conversation = options.conversationId === undefined ? {} : { conversationId: options.conversationId };
  const source = tableSource(
    options.id ?? `table:${name}#${table}${options.conversationId ? `/${options.conversationId}` : ''}`,
    table,
    async (afterId, limit) => readMessages(db, { table, afterId, limit, ...conversation }),
  );
  return {
    ...source,
    close() {
      if (owned) db.close();
    },
  };
}

/**
 * The messages table kept in the agent's own store — the one `recall_conversation` searches
 * (`mcp --messages-table`): the agent's SQLite file, or the PostgreSQL table every agent of the
 * database shares, read for this agent only. The store's `conversations` capability does the reading,
 * so the watcher works the same on either backend (`watch --messages-table`).
 *
 * @example
 * await memory.backend.conversations!.appendMessages({ agentId: memory.agentId }, { table: 'messages', messages });
 * const watcher = createLiveWatcher({ memory, source: createStoredMessagesSource({ memory, table: 'messages' }) });
 */
export function createStoredMessagesSource(options: { memory: Pick<Hippocampus, 'backend' | 'agentId'>; table?: string; conversationId?: string }): ConversationSource {
  const table = validTableName(options.table ?? 'messages');
  const conversations = backendCapability(options.memory.backend, 'conversations', 'Watching the store\'s messages table');
  const scope = { agentId: options.memory.agentId };
  const conversation = options.conversationId === undefined ? {} : { conversationId: options.conversationId };
  return tableSource(`store#${table}${options.conversationId ? `/${options.conversationId}` : ''}`, table, (afterId, limit) =>
    conversations.readMessages(scope, { table, afterId, limit, ...conversation }),
  );
}

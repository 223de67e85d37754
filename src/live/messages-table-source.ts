import Database from 'better-sqlite3';
import { tableMessageId, validTableName, type MessageRow } from '../conversations/messages-table.ts';
import { startPosition, type ConversationMessage, type ConversationSource, type SourceProblem } from './conversation-source.ts';
import { storableTimestamp } from './message-timestamp.ts';


/**
 * The host's SQLite messages table (the one `createMessagesTable` makes and
 * conversation recall reads), read in id order after the last id consumed.
 * A table whose ids went backwards (emptied and refilled) is read from its start.
 * A row whose created_at the engine cannot store is reported (its id as the
 * line) and skipped; a fractional created_at is rounded.
 *
 * @example
 * const source = createMessagesTableSource({ database: 'app.db', table: 'messages' });
 */
export function createMessagesTableSource(options: { database: string | Database.Database; table?: string; conversationId?: string; id?: string }): ConversationSource & { close(): void } {
  const table = validTableName(options.table ?? 'messages');
  const owned = typeof options.database === 'string';
  const db = typeof options.database === 'string' ? new Database(options.database, { readonly: true, fileMustExist: true, timeout: 5000 }) : options.database;
  const name = typeof options.database === 'string' ? options.database : db.name;
  const scoped = options.conversationId === undefined ? '' : ' AND conversation_id = ?';
  const scopeParams = options.conversationId === undefined ? [] : [options.conversationId];
  return {
    id: options.id ?? `table:${name}#${table}${options.conversationId ? `/${options.conversationId}` : ''}`,
    async read(from, { maxMessages }) {
      let position = from ?? startPosition();
      let reset: 'truncated' | undefined;
      const last = Number(position.lastMessageId ?? 0);
      const highest = (db.prepare(`SELECT max(id) AS id FROM ${table} WHERE 1 = 1${scoped}`).get(...scopeParams) as { id: number | null }).id ?? 0;
      if (highest < last) {
        reset = 'truncated';
        position = startPosition();
      }
      const rows = db
        .prepare(`SELECT id, conversation_id, role, content, created_at FROM ${table} WHERE id > ?${scoped} ORDER BY id LIMIT ?`)
        .all(Number(position.lastMessageId ?? 0), ...scopeParams, maxMessages) as MessageRow[];
      const lastRow = rows.at(-1);
      const messages: ConversationMessage[] = [];
      const problems: SourceProblem[] = [];
      for (const row of rows) {
        // A created_at the engine cannot store would fail the whole batch, every time: the row is reported and skipped.
        const timestamp = storableTimestamp(row.created_at);
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
    close() {
      if (owned) db.close();
    },
  };
}

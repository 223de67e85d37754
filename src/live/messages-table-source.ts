import Database from 'better-sqlite3';
import { readMessages, STORED_MESSAGES_SOURCE, tableMessageId, validTableName } from '../conversations/messages-table.ts';
import { z } from 'zod';
import { parseWith } from '../config/parse.ts';
import { backendCapability, requireEngine } from '../memory/backend-capability.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { StoredMessage } from '../spec/conversation-messages.ts';
import { hashContent } from '../core/content-hash.ts';
import { startPosition, type ConversationMessage, type ConversationSource, type SourcePosition, type SourceProblem } from './conversation-source.ts';
import { storableTimestamp } from './message-timestamp.ts';
import { readPastProblem, tableSpeaker } from './transcript-line.ts';

/** One read of a messages table: the rows after `afterId` in id order, and the highest id it holds. */
type ReadAfter = (afterId: number, limit: number) => Promise<{ messages: StoredMessage[]; highestId: number }>;

/** What a row said, so a watermark can tell the row it stopped at from another given the same id. */
function rowMark(row: StoredMessage): string {
  return `${row.id}:${hashContent(`${row.role}\u0000${row.content}`)}`;
}

/** The id a row mark names (`rowMark`), or null for a mark of another shape. */
function markedId(mark: string): number | null {
  const id = /^(\d+):/.exec(mark)?.[1];
  return id === undefined ? null : Number(id);
}

/**
 * Whether the table under the watermark is another one than the watcher read: the row it stopped at
 * now says something else (ids given again after the table was emptied), or every row at and after it
 * is gone and the table's first row is not the first one read (emptied and refilled with fewer). Rows
 * deleted at the end — a forget of the newest messages — are not a new table: nothing is read again;
 * nor are rows deleted at the start (a forget of the oldest): the first row then has a higher id than
 * the first one read, which a table whose ids started over never has.
 * A watermark from before these marks falls back to "the highest id went below the last one read".
 */
async function rewrittenUnder(position: SourcePosition, readAfter: ReadAfter): Promise<'truncated' | 'rewritten' | null> {
  const lastId = Number(position.lastMessageId ?? 0);
  if (lastId <= 0) return null;
  const around = await readAfter(lastId - 1, 1);
  const atLast = around.messages[0]?.id === lastId ? around.messages[0] : undefined;
  if (atLast) return position.lastLineHash !== null && rowMark(atLast) !== position.lastLineHash ? 'rewritten' : null;
  if (around.highestId >= lastId) return null;
  if (position.firstLineHash === null) return 'truncated';
  const [first] = (await readAfter(0, 1)).messages;
  if (first === undefined || rowMark(first) === position.firstLineHash) return null;
  const firstReadId = markedId(position.firstLineHash);
  return firstReadId !== null && first.id > firstReadId ? null : 'truncated';
}

function describeValue(value: unknown): string {
  return value === null ? 'NULL' : Buffer.isBuffer(value) ? 'a blob' : `a ${typeof value}`;
}

/**
 * A messages table read in id order after the last id consumed, whichever database holds it. A table
 * emptied and refilled, or whose ids were given again, is read from its start (rewrittenUnder). A row
 * whose created_at the engine cannot store is reported (its id as the line) and skipped; a fractional
 * created_at is rounded; a date string is read as a date.
 */
function tableSource(id: string, table: string, readAfter: ReadAfter): ConversationSource {
  return {
    id,
    async read(from, { maxMessages }) {
      let position = from ?? startPosition();
      const reset = await rewrittenUnder(position, readAfter);
      if (reset) position = startPosition();
      const { messages: rows } = await readAfter(Number(position.lastMessageId ?? 0), maxMessages);
      const lastRow = rows.at(-1);
      const messages: ConversationMessage[] = [];
      const problems: SourceProblem[] = [];
      for (const row of rows) {
        // A created_at the engine cannot store would fail the whole batch, every time: the row is reported and skipped.
        const timestamp = storableTimestamp(row.createdAt);
        // So would a role or content that is not text in a host's own table (NULL, a blob): it stopped the watcher for good.
        const notText = typeof row.role !== 'string' ? 'role' : typeof row.content !== 'string' ? 'content' : null;
        if (notText !== null) problems.push({ line: row.id, message: `${notText}: not text (${describeValue((row as unknown as Record<string, unknown>)[notText])})` });
        else if ('problem' in timestamp) problems.push({ line: row.id, message: `created_at: ${timestamp.problem}` });
        else {
          // "System" or "Assistant" is that role, as in a transcript, not a person of that name speaking about themselves.
          // A table has no speaker column, so a name or handle ("Caroline", "alice") in `role` is who spoke; a word
          // naming machinery ("web", "tool_result") is nobody speaking to the agent: read past, so it plants no
          // memory about the user, and reported, so a host whose rows are all read past can tell why.
          const role = tableSpeaker(row.role);
          if (role !== null) messages.push({ id: tableMessageId(table, row.id), role, content: row.content, timestamp: timestamp.ms });
          else problems.push({ line: row.id, message: readPastProblem(row.role), readPast: true });
        }
      }
      const next: SourcePosition = lastRow
        ? { ...position, line: position.line + rows.length, lastMessageId: String(lastRow.id), lastLineHash: rowMark(lastRow), firstLineHash: position.firstLineHash ?? rowMark(rows[0]!) }
        : position;
      return { messages, next, problems, ...(reset ? { reset } : {}) };
    },
  };
}

/** A path to the host's SQLite file or its open better-sqlite3 database; a missing one failed as a TypeError. */
const messagesTableSourceOptionsSchema = z.object({
  database: z.union([z.string().min(1), z.custom<Database.Database>((value) => typeof (value as { prepare?: unknown } | null)?.prepare === 'function', 'must be a better-sqlite3 Database')], 'must be the path of a SQLite file or a better-sqlite3 Database'),
  table: z.string().optional(),
  conversationId: z.string().optional(),
  id: z.string().min(1).optional(),
});

/**
 * A SQLite messages table of the host's own file (the shape `createMessagesTable` makes and
 * conversation recall reads), opened read-only when given a path.
 *
 * @example
 * const source = createMessagesTableSource({ database: 'app.db', table: 'messages' });
 */
export function createMessagesTableSource(options: { database: string | Database.Database; table?: string; conversationId?: string; id?: string }): ConversationSource & { close(): void } {
  parseWith(messagesTableSourceOptionsSchema, options ?? {}, 'createMessagesTableSource options', 'CONFIG_ERROR');
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
  requireEngine(options?.memory, 'createStoredMessagesSource');
  const table = validTableName(options.table ?? 'messages');
  const conversations = backendCapability(options.memory.backend, 'conversations', 'Watching the store\'s messages table');
  const scope = { agentId: options.memory.agentId };
  const conversation = options.conversationId === undefined ? {} : { conversationId: options.conversationId };
  return tableSource(`${STORED_MESSAGES_SOURCE}${table}${options.conversationId ? `/${options.conversationId}` : ''}`, table, (afterId, limit) =>
    conversations.readMessages(scope, { table, afterId, limit, ...conversation }),
  );
}

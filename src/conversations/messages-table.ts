import type Database from 'better-sqlite3';
import { z } from 'zod';
import { parseWith } from '../config/parse.ts';
import { storableText } from '../core/stored-text.ts';
import type { HostMessage, StoredMessage } from '../spec/conversation-messages.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { ValidationError } from '../errors/validation-error.ts';

// Words PostgreSQL reserves (its documentation's "reserved" column) and the SQLite keywords that cannot
// name a table unquoted: written into SQL text bare, `order` or `user` is a syntax error, not a table.
const RESERVED_WORDS = new Set(
  ('all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create cross current_catalog ' +
    'current_date current_role current_time current_timestamp current_user default deferrable delete desc distinct do drop else end ' +
    'escape except exists false fetch for foreign from full grant group having in index initially inner insert intersect into is isnull ' +
    'join lateral leading left limit localtime localtimestamp natural not notnull null offset on only or order outer placing primary ' +
    'references returning right select session_user set some symmetric table then to trailing transaction trigger true union unique ' +
    'update user using values variadic view when where window with').split(' '),
);

/**
 * A table name that can be written into SQL text: SQLite identifiers cannot
 * be bound as parameters, so only plain names pass.
 */
export const tableNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, "must start with a letter or '_' and hold only letters, digits and '_' (at most 63)")
  .refine((name) => !name.toLowerCase().startsWith('sqlite_'), "must not start with 'sqlite_'")
  .refine((name) => !RESERVED_WORDS.has(name.toLowerCase()), 'must not be a word SQL reserves (such as order, select, user)');

/** Validates a messages table name; throws a ValidationError (CONFIG_ERROR) naming it. */
export function validTableName(table: string): string {
  return parseWith(tableNameSchema, table, 'messages table name', 'CONFIG_ERROR');
}

/**
 * Creates, if missing, a messages table the conversation search can read:
 * `<table>(id, conversation_id, role, content, created_at)`, its FTS5 index
 * `<table>_fts` (porter stemming, external content) and the triggers that
 * keep the index in step. Hippocampus never writes messages; the host does.
 *
 * A host with its own table needs the same columns (`id` an INTEGER PRIMARY
 * KEY) and a `<table>_fts` index over `content`. Ids are AUTOINCREMENT: a
 * deleted row's id (a forget's) is never given to a new message, so the
 * watcher's "after the last id" and a memory's `context.messageId` keep
 * naming the message they named.
 *
 * @example
 * const db = new Database('app.db');
 * createMessagesTable(db, { table: 'messages' });
 * db.prepare('INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)').run('c1', 'user', 'Hi', Date.now());
 */
export function createMessagesTable(db: Database.Database, options: { table?: string } = {}): void {
  const table = validTableName(options.table ?? 'messages');
  const columns = (db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name);
  const missing = ['id', 'conversation_id', 'role', 'content', 'created_at'].filter((name) => !columns.includes(name));
  if (columns.length > 0 && missing.length > 0) throw new ValidationError({ code: 'CONFIG_ERROR', message: `A table "${table}" of another shape exists (it lacks ${missing.join(', ')}): choose another name for the messages table` });
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${table} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      conversation_id TEXT,
      role TEXT NOT NULL,
      content TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ${table}_conversation ON ${table}(conversation_id, created_at);
    CREATE VIRTUAL TABLE IF NOT EXISTS ${table}_fts USING fts5(content, content='${table}', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
    INSERT INTO ${table}_fts(${table}_fts, rank) VALUES ('secure-delete', 1);
    CREATE TRIGGER IF NOT EXISTS ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${table}_fts(rowid, content) VALUES (new.id, new.content);
    END;
    CREATE TRIGGER IF NOT EXISTS ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
      INSERT INTO ${table}_fts(${table}_fts, rowid, content) VALUES ('delete', old.id, old.content);
    END;
    CREATE TRIGGER IF NOT EXISTS ${table}_fts_update AFTER UPDATE OF content ON ${table} BEGIN
      INSERT INTO ${table}_fts(${table}_fts, rowid, content) VALUES ('delete', old.id, old.content);
      INSERT INTO ${table}_fts(rowid, content) VALUES (new.id, new.content);
    END;
  `);
}

/** How the live watcher names the store's own messages table among its sources: `store#<table>[/<conversation>]`. */
export const STORED_MESSAGES_SOURCE = 'store#';

/** The id a watched message of `table` carries into what is made from it (`context.messageId`). */
export function tableMessageId(table: string, rowId: number): string {
  return `${table}:${rowId}`;
}

/** The row of `table` a `context.messageId` names, if it names one of its rows. */
export function tableRowOf(table: string, messageId: string | undefined): number | undefined {
  const row = messageId?.startsWith(`${table}:`) ? messageId.slice(table.length + 1) : undefined;
  return row !== undefined && /^\d+$/.test(row) ? Number(row) : undefined;
}

/** One row of the host's messages table, as Hippocampus reads it. */
export interface MessageRow {
  id: number;
  conversation_id: string | null;
  role: string;
  content: string;
  created_at: number | string;
}

/**
 * Runs `work` against a messages table; SQLite's "no such table" becomes CONFIG_ERROR naming the table
 * and how to make it, other failures pass through.
 */
export function onMessagesTable<T>(table: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    // A host's file that is not SQLite at all (`watch --db /etc/passwd`) reached the caller as an INTERNAL_ERROR.
    if ((error as { code?: unknown }).code === 'SQLITE_NOTADB') {
      throw new HippocampusError({ code: 'CONFIG_ERROR', message: `The messages table "${table}" cannot be read: its file is not a SQLite database`, cause: error });
    }
    if (!/no such table|no such column/.test((error as Error).message)) throw error;
    throw new HippocampusError({
      code: 'CONFIG_ERROR',
      message: `The messages table "${table}" or its index "${table}_fts" does not exist or lacks the columns id, conversation_id, role, content, created_at; create them with createMessagesTable(db, { table: '${table}' }) (the backend's conversations.createTable)`,
      cause: error,
    });
  }
}

/** A row as the contract names its fields; created_at as the host wrote it (a number, or a date string in a host's own table). */
export function storedMessageOf(row: MessageRow): StoredMessage {
  return { id: Number(row.id), conversationId: row.conversation_id, role: row.role, content: row.content, createdAt: row.created_at };
}

/**
 * The messages after `afterId` in id order (at most `limit`, of one conversation when given) and the
 * highest id of that scope, 0 when none: what the live watcher reads of a SQLite messages table.
 */
export function readMessages(db: Database.Database, options: { table?: string; afterId: number; limit: number; conversationId?: string }): { messages: StoredMessage[]; highestId: number } {
  const table = validTableName(options.table ?? 'messages');
  const scoped = options.conversationId === undefined ? '' : ' AND conversation_id = ?';
  const scope = options.conversationId === undefined ? [] : [options.conversationId];
  return onMessagesTable(table, () => {
    const highest = db.prepare(`SELECT max(id) AS id FROM ${table} WHERE 1 = 1${scoped}`).get(...scope) as { id: number | null };
    const rows = db.prepare(`SELECT id, conversation_id, role, content, created_at FROM ${table} WHERE id > ?${scoped} ORDER BY id LIMIT ?`).all(options.afterId, ...scope, options.limit) as MessageRow[];
    return { messages: rows.map(storedMessageOf), highestId: Number(highest.id ?? 0) };
  });
}

/**
 * Appends messages to a messages table made by `createMessagesTable`, in one transaction; returns
 * their ids in order. A host may as well write the rows itself.
 */
export function appendMessages(db: Database.Database, options: { table?: string; messages: readonly HostMessage[] }): number[] {
  const table = validTableName(options.table ?? 'messages');
  const messages = storableMessages(options.messages);
  const insert = db.prepare(`INSERT INTO ${table} (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)`);
  return db.transaction(() => messages.map((message) => Number(insert.run(message.conversationId ?? null, message.role, message.content, message.createdAt).lastInsertRowid)))();
}

const hostMessageSchema = z.object({
  conversationId: z.string().nullish(),
  role: z.string(),
  content: z.string(),
  createdAt: z.number().finite(),
});

/**
 * Messages checked (a created_at that is no number of milliseconds, a role or content that is no string:
 * VALIDATION_ERROR, nothing added) and their text made storable (storableText): PostgreSQL refused U+0000 as a
 * STORE_ERROR where SQLite kept it, and a lone surrogate came back as one U+FFFD there and three here.
 */
export function storableMessages(messages: readonly HostMessage[]): HostMessage[] {
  return parseWith(z.array(hostMessageSchema), messages, 'messages').map((message) => ({
    conversationId: message.conversationId === undefined || message.conversationId === null ? null : storableText(message.conversationId),
    role: storableText(message.role),
    content: storableText(message.content),
    createdAt: message.createdAt,
  }));
}

/**
 * Deletes the messages a forget names (by id, or whose whole text is a forgotten memory's), with FTS5's
 * secure-delete on so their words leave the index at once; the caller purges the WAL after. Returns how many.
 */
export function forgetMessages(db: Database.Database, options: { table?: string; ids: readonly number[]; texts: readonly string[] }): number {
  const table = validTableName(options.table ?? 'messages');
  if (options.ids.length === 0 && options.texts.length === 0) return 0;
  return onMessagesTable(table, () => db.transaction(() => {
    db.prepare(`INSERT INTO ${table}_fts(${table}_fts, rank) VALUES ('secure-delete', 1)`).run();
    return db
      .prepare(`DELETE FROM ${table} WHERE id IN (SELECT value FROM json_each(?)) OR lower(trim(content)) IN (SELECT lower(trim(value)) FROM json_each(?))`)
      .run(JSON.stringify(options.ids), JSON.stringify(options.texts)).changes;
  })());
}

import type Database from 'better-sqlite3';
import { queryTerms } from '../core/query-terms.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { StoreError } from '../errors/store-error.ts';
import { onMessagesTable, validTableName, type MessageRow } from './messages-table.ts';

import type { ConversationHit } from '../spec/conversation-messages.ts';

export type { ConversationHit };

type ScoredMessageRow = MessageRow & { score: number };

/** Each word quoted, so the query can hold no FTS5 syntax (NEAR, column filters, stray quotes). */
function matchExpression(query: string): string | null {
  const terms = queryTerms(query);
  return terms.length === 0 ? null : terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' OR ');
}

/**
 * Full-text search (FTS5, BM25) over the host's past messages, best first.
 * Any word of the query may match; messages matching more words rank higher.
 *
 * @example
 * searchConversation(db, { table: 'messages', query: 'what did we decide about the billing migration?', limit: 5 })
 * // [{ id: 42, role: 'assistant', content: 'We agreed to migrate billing in March…', score: 7.1, … }]
 */
export function searchConversation(db: Database.Database, options: { table: string; query: string; limit: number }): ConversationHit[] {
  const table = validTableName(options.table);
  const match = matchExpression(options.query);
  if (match === null) return [];
  const sql = `SELECT m.id, m.conversation_id, m.role, m.content, m.created_at, -bm25(${table}_fts) AS score
    FROM ${table}_fts JOIN ${table} m ON m.id = ${table}_fts.rowid
    WHERE ${table}_fts MATCH ? ORDER BY bm25(${table}_fts), m.created_at DESC LIMIT ?`;
  let rows: ScoredMessageRow[];
  try {
    rows = onMessagesTable(table, () => db.prepare(sql).all(match, options.limit) as ScoredMessageRow[]);
  } catch (error) {
    if (error instanceof HippocampusError) throw error;
    throw new StoreError({ message: 'Conversation search failed', query: sql, params: [match, options.limit], cause: error });
  }
  return rows.map((row) => ({ id: row.id, conversationId: row.conversation_id, role: row.role, content: row.content, createdAt: row.created_at as number, score: row.score }));
}

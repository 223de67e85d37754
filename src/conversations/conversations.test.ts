import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMessagesTable } from './messages-table.ts';
import { searchConversation } from './search-conversation.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
});
afterEach(() => db.close());

const insert = (role: string, content: string, createdAt: number) =>
  db.prepare('INSERT INTO chat_log (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)').run('c1', role, content, createdAt);

describe('conversation recall', () => {
  it('finds past messages by their words (stemmed), best match first, and follows edits and deletes', () => {
    createMessagesTable(db, { table: 'chat_log' });
    createMessagesTable(db, { table: 'chat_log' }); // idempotent
    insert('user', 'Can we migrate billing to Postgres in March?', 1);
    insert('assistant', 'Yes, the billing migration is planned for March.', 2);
    const { lastInsertRowid } = insert('user', 'Unrelated: the cat knocked over a plant.', 3);
    const hits = searchConversation(db, { table: 'chat_log', query: 'when are we migrating billing?', limit: 5 });
    expect(hits.map((hit) => hit.createdAt).sort()).toEqual([1, 2]);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(hits[0]).toMatchObject({ conversationId: 'c1' });
    db.prepare('UPDATE chat_log SET content = ? WHERE id = ?').run('The billing cat.', lastInsertRowid);
    expect(searchConversation(db, { table: 'chat_log', query: 'plant', limit: 5 })).toEqual([]);
    db.prepare('DELETE FROM chat_log WHERE id = ?').run(lastInsertRowid);
    expect(searchConversation(db, { table: 'chat_log', query: 'billing', limit: 5 })).toHaveLength(2);
  });

  it('treats query text as words, never as FTS syntax', () => {
    createMessagesTable(db);
    db.prepare('INSERT INTO messages (role, content, created_at) VALUES (?, ?, ?)').run('user', 'NEAR the "quoted" column: content', 1);
    for (const query of ['"unbalanced', 'content: NEAR(a b)', '*', 'AND OR NOT', '']) expect(() => searchConversation(db, { table: 'messages', query, limit: 3 })).not.toThrow();
    expect(searchConversation(db, { table: 'messages', query: 'quoted"', limit: 3 })).toHaveLength(1);
  });

  it('refuses table names that are not plain identifiers, and names a missing table', () => {
    for (const table of ['messages; DROP TABLE x', 'a-b', '1abc', 'sqlite_master', '']) {
      expect(() => createMessagesTable(db, { table })).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR' }));
      expect(() => searchConversation(db, { table, query: 'x', limit: 1 })).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR' }));
    }
    expect(() => searchConversation(db, { table: 'nothing_here', query: 'hello', limit: 1 })).toThrow(/createMessagesTable/);
  });
});

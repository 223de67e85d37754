import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { preparedOnce } from './statement-cache.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
  db.prepare('INSERT INTO notes (text) VALUES (?), (?), (?)').run('one', 'two', 'three');
});
afterEach(() => db.close());

test('the same SQL is compiled once per connection and answers every caller', () => {
  const sql = 'SELECT text FROM notes WHERE id >= ? ORDER BY id';
  const first = preparedOnce(db, sql);
  expect(preparedOnce(db, sql)).toBe(first);
  expect(preparedOnce(db, sql).all(2)).toEqual([{ text: 'two' }, { text: 'three' }]);
  const other = new Database(':memory:');
  other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
  expect(preparedOnce(other, sql)).not.toBe(first);
  other.close();
});

test('a statement still iterating is not handed out: a query inside the loop gets its own', () => {
  const sql = 'SELECT id FROM notes ORDER BY id';
  const seen: number[][] = [];
  for (const row of preparedOnce(db, sql).iterate() as Iterable<{ id: number }>) seen.push([row.id, (preparedOnce(db, sql).all() as unknown[]).length]);
  expect(seen).toEqual([
    [1, 3],
    [2, 3],
    [3, 3],
  ]);
});

test('the schema changing under a kept statement does not break it: SQLite recompiles it', () => {
  const sql = 'SELECT count(*) AS n FROM notes';
  expect(preparedOnce(db, sql).get()).toEqual({ n: 3 });
  db.exec('ALTER TABLE notes ADD COLUMN extra TEXT');
  db.prepare('INSERT INTO notes (text) VALUES (?)').run('four');
  expect(preparedOnce(db, sql).get()).toEqual({ n: 4 });
});

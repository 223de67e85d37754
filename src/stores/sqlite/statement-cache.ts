import type Database from 'better-sqlite3';

/**
 * Compiling the SQL was 0.4–1.2 ms of a 100k-memory recall (about seven
 * statements, most repeating exactly from one recall to the next). Id lists
 * vary in length, so each connection keeps at most this many, oldest out.
 */
const KEPT_STATEMENTS = 256;

const kept = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The connection's prepared statement for `sql`, compiled once and shared:
 * callers only run it (`all`, `get`, `run`), never give it a mode (`pluck`,
 * `raw`, `bind`…), which every other holder would then see.
 *
 * @example
 * const rows = preparedOnce(db, 'SELECT id FROM memories WHERE agent_id = ?').all('ada');
 */
export function preparedOnce(db: Database.Database, sql: string): Database.Statement {
  let statements = kept.get(db);
  if (statements === undefined) kept.set(db, (statements = new Map()));
  const found = statements.get(sql);
  // One still iterating is not shared: the statement prepared beside it serves this call.
  if (found?.busy) return db.prepare(sql);
  if (found !== undefined) {
    statements.delete(sql);
    statements.set(sql, found);
    return found;
  }
  const statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
  return statement;
}

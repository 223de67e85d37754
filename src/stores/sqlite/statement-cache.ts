import type Database from 'better-sqlite3';

/**
 * Compiling the SQL was 0.4–1.2 ms of a 100k-memory recall (about seven
 * statements, most repeating exactly from one recall to the next). Id lists
 * vary in length, so each connection keeps at most this many, oldest out.
 */
const KEPT_STATEMENTS = 256;

const kept = new WeakMap<Database.Database, Map<string, Database.Statement>>();
const keptRaw = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The connection's prepared statement for `sql`, compiled once and shared:
 * callers only run it (`all`, `get`, `run`), never give it a mode (`pluck`,
 * `raw`, `bind`…), which every other holder would then see.
 *
 * @example
 * const rows = preparedOnce(db, 'SELECT id FROM memories WHERE agent_id = ?').all('ada');
 */
export function preparedOnce(db: Database.Database, sql: string): Database.Statement {
  return keptStatement(kept, db, sql, () => db.prepare(sql));
}

/**
 * As `preparedOnce`, a statement that returns each row as an array of its columns' values in the
 * order selected (better-sqlite3's `raw` mode), kept apart from the object-row ones. better-sqlite3
 * builds an object row property by property: 60 ranking rows of 8 columns cost 197 µs that way and
 * 121 µs as arrays mapped to objects in JS; 15 whole records 114 → 61 µs.
 *
 * @example
 * const [[id, seq]] = preparedRawOnce(db, 'SELECT id, seq FROM memories WHERE seq = ?').all(1) as [string, number][];
 */
export function preparedRawOnce(db: Database.Database, sql: string): Database.Statement {
  return keptStatement(keptRaw, db, sql, () => db.prepare(sql).raw());
}

/** The kept statement of `sql` in `cache` (least recently used out past KEPT_STATEMENTS), or one prepared beside a busy one. */
function keptStatement(cache: WeakMap<Database.Database, Map<string, Database.Statement>>, db: Database.Database, sql: string, prepare: () => Database.Statement): Database.Statement {
  let statements = cache.get(db);
  if (statements === undefined) cache.set(db, (statements = new Map()));
  const found = statements.get(sql);
  // One still iterating is not shared: the statement prepared beside it serves this call.
  if (found?.busy) return prepare();
  if (found !== undefined) {
    statements.delete(sql);
    statements.set(sql, found);
    return found;
  }
  const statement = prepare();
  statements.set(sql, statement);
  if (statements.size > KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
  return statement;
}

import type Database from 'better-sqlite3';
import { preparedOnce } from './statement-cache.ts';

/**
 * The text of a memory's neighbouring turns, as SQL over the row aliased `r`: the turn it replies to
 * and its replies (`context.replyTo`, the thread links made on ingest), content only.
 * A chat turn alone ("Yeah, it was amazing!") says nothing of what "it" was; its neighbours do.
 * `+r.id`: without a column's TEXT affinity on the right, the comparison can use the expression index
 * memories_reply_to (with it SQLite scanned the agent's rows for every row it rewrote).
 */
const NEIGHBOUR_TEXT_OF_R = `trim(
  coalesce((SELECT p.content FROM memories p WHERE p.id = json_extract(r.context, '$.replyTo') AND p.agent_id = r.agent_id), '') || ' ' ||
  coalesce((SELECT group_concat(c.content, ' ') FROM memories c WHERE c.agent_id = r.agent_id AND json_extract(c.context, '$.replyTo') = +r.id), ''))`;

/** Sets the neighbour text of the rows matching `condition` (SQL over `r`) whose text it changes. */
const recompute = (condition: string) => `UPDATE memories AS r SET neighbour_text = ${NEIGHBOUR_TEXT_OF_R} WHERE (${condition}) AND r.neighbour_text IS NOT ${NEIGHBOUR_TEXT_OF_R};`;

/**
 * The rows whose neighbour text holds (or should hold) the content of the row `row` (new or old): the
 * turn it replies to and its replies. A flat OR of indexed terms (id, memories_reply_to), so SQLite
 * looks each side up: nested as `agent_id = ? AND (… OR …)` it scanned the agent's rows on every
 * insert (8,000 chat turns took 130 s to insert, against 9.7 s for 2,000).
 */
const neighboursOf = (row: 'new' | 'old') =>
  `(r.id = json_extract(${row}.context, '$.replyTo') AND r.agent_id = ${row}.agent_id) OR (r.agent_id = ${row}.agent_id AND json_extract(r.context, '$.replyTo') = +${row}.id)`;

/**
 * The two sides of `neighboursOf`, each its own UPDATE. Inside a trigger body SQLite did not look
 * the OR up side by side: it scanned the agent's rows, so forgetting one memory (a short-term
 * eviction on every `remember` once the ring is full) took 70-350 ms at 100k memories; split,
 * 1-10 ms (a copy of the http bench's 100k database, five deletes each).
 */
const neighbourSides = (row: 'new' | 'old') => [
  `r.id = json_extract(${row}.context, '$.replyTo') AND r.agent_id = ${row}.agent_id`,
  `r.agent_id = ${row}.agent_id AND json_extract(r.context, '$.replyTo') = +${row}.id`,
];

/**
 * Schema version 10: the delete and edit triggers of schema 9 rewrite neighbours with one UPDATE
 * a side (`neighbourSides`) instead of one UPDATE over their OR. Each UPDATE sets neighbour_text
 * from contents and links alone, and skips a row already right, so the rows and text they leave
 * are those the single UPDATE left.
 */
export function splitNeighbourRewrites(db: Database.Database): void {
  db.exec(`
    DROP TRIGGER memories_fts_delete;
    DROP TRIGGER memories_fts_update;
    CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
      INSERT INTO memories_fts(memories_fts, rowid, content, neighbour_text) VALUES ('delete', old.seq, old.content, old.neighbour_text);
      DELETE FROM memory_neighbours_stale WHERE seq = old.seq;
      ${neighbourSides('old').map(recompute).join('\n      ')}
    END;
    CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, context ON memories BEGIN
      INSERT INTO memories_fts(memories_fts, rowid, content, neighbour_text) SELECT 'delete', old.seq, old.content, old.neighbour_text WHERE old.content IS NOT new.content;
      INSERT INTO memories_fts(rowid, content, neighbour_text) SELECT new.seq, new.content, new.neighbour_text WHERE old.content IS NOT new.content;
      ${['r.seq = new.seq', ...neighbourSides('old'), ...neighbourSides('new')].map(recompute).join('\n      ')}
    END;
  `);
}

/**
 * The neighbour text a row inserted with `context` (first parameter, JSON) for agent (second) starts
 * with: its parent's content, as NEIGHBOUR_TEXT_OF_R gives it when the row has no reply yet. The store
 * writes it in the INSERT itself, so the row is indexed once, complete.
 */
export const NEIGHBOUR_TEXT_ON_INSERT = `trim(coalesce((SELECT p.content FROM memories p WHERE p.id = json_extract(?, '$.replyTo') AND p.agent_id = ?), '') || ' ')`;

/**
 * Schema version 9: each memory is indexed with the text of its neighbouring turns, in a second FTS5
 * column that recall weighs lower (`bm25(memories_fts, 1, neighbourWeight)`).
 *
 * - `memories.neighbour_text`: the content of the turn replied to and of the replies. A delete or a
 *   content edit rewrites the neighbours' in the same statement (a forgotten turn's words leave its
 *   neighbours' rows and index entries at once), a changed link rewrites both sides.
 * - An insert marks the rows whose text it changes (the turn it replies to; itself, when replies came
 *   first or the INSERT did not fill it) in `memory_neighbours_stale`, and `refreshNeighbourText`
 *   rewrites them after the batch, in rowid order. Rewriting the parent inside the insert trigger
 *   makes FTS5 flush its pending terms at every row (it must, for a rowid lower than the last
 *   written): inserting 6,000 linked chat turns (batches of 200) took 16-24 s that way, 5 s deferred,
 *   1.2-2.4 s before schema 9 (store insert alone, no embedding; bench/tmp-dbg-style loop, noisy).
 * - `memories_fts` rebuilt with the two columns (same tokenizer, secure-delete as schema 7 set it),
 *   the keyword change log following both.
 *
 * The index must be told exactly what it holds for a row before that row's text changes, so each
 * trigger updates the index first and only then rewrites neighbours, in one body: SQLite's order
 * between two triggers of one event is not something to build on (a first version with separate
 * triggers deleted index entries that were not there yet, and integrity-check failed). A neighbour
 * rewrite sets `neighbour_text` alone, and `memories_fts_neighbours` re-indexes that row.
 */
export function createNeighbourTextSchema(db: Database.Database): void {
  db.exec(`
    DROP TRIGGER memories_fts_insert;
    DROP TRIGGER memories_fts_delete;
    DROP TRIGGER memories_fts_update;
    DROP TABLE memories_fts;
    ALTER TABLE memories ADD COLUMN neighbour_text TEXT NOT NULL DEFAULT '';
    -- Filled before the index and its triggers exist; 'rebuild' then reads both columns once.
    ${recompute(`r.id IN (SELECT id FROM memories WHERE json_extract(context, '$.replyTo') IS NOT NULL UNION SELECT json_extract(context, '$.replyTo') FROM memories WHERE json_extract(context, '$.replyTo') IS NOT NULL)`)}

    CREATE VIRTUAL TABLE memories_fts USING fts5(content, neighbour_text, content='memories', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2');
    INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1);
    INSERT INTO memories_fts(memories_fts) VALUES ('rebuild');
    CREATE TABLE memory_neighbours_stale (seq INTEGER PRIMARY KEY);

    CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
      INSERT INTO memories_fts(rowid, content, neighbour_text) VALUES (new.seq, new.content, new.neighbour_text);
      INSERT OR IGNORE INTO memory_neighbours_stale (seq)
        SELECT r.seq FROM memories AS r WHERE (r.seq = new.seq OR ${neighboursOf('new')}) AND r.neighbour_text IS NOT ${NEIGHBOUR_TEXT_OF_R};
    END;
    CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
      INSERT INTO memories_fts(memories_fts, rowid, content, neighbour_text) VALUES ('delete', old.seq, old.content, old.neighbour_text);
      DELETE FROM memory_neighbours_stale WHERE seq = old.seq;
      ${recompute(neighboursOf('old'))}
    END;
    CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, context ON memories BEGIN
      INSERT INTO memories_fts(memories_fts, rowid, content, neighbour_text) SELECT 'delete', old.seq, old.content, old.neighbour_text WHERE old.content IS NOT new.content;
      INSERT INTO memories_fts(rowid, content, neighbour_text) SELECT new.seq, new.content, new.neighbour_text WHERE old.content IS NOT new.content;
      ${recompute(`r.seq = new.seq OR ${neighboursOf('old')} OR ${neighboursOf('new')}`)}
    END;
    CREATE TRIGGER memories_fts_neighbours AFTER UPDATE OF neighbour_text ON memories WHEN old.content IS new.content BEGIN
      INSERT INTO memories_fts(memories_fts, rowid, content, neighbour_text) VALUES ('delete', old.seq, old.content, old.neighbour_text);
      INSERT INTO memories_fts(rowid, content, neighbour_text) VALUES (new.seq, new.content, new.neighbour_text);
    END;
    CREATE TRIGGER memory_keyword_changes_neighbours AFTER UPDATE OF neighbour_text ON memories BEGIN
      INSERT INTO memory_keyword_changes (seq) VALUES (old.seq);
    END;
  `);
}

/**
 * Rewrites the neighbour text of the rows inserts marked stale, in rowid order (FTS5 then flushes its
 * pending terms once, not once a row). Run by the store after each insert batch, in its transaction.
 */
export function refreshNeighbourText(db: Database.Database): void {
  if (!hasNeighbourText(db)) return;
  // Compiled once per connection (statement-cache.ts): every insert asks.
  const { stale } = preparedOnce(db, 'SELECT count(*) AS stale FROM memory_neighbours_stale').get() as { stale: number };
  if (stale === 0) return;
  // An insert only adds words to its neighbours' entries: their old entries hold nothing the new ones do
  // not, so they are replaced without FTS5's secure-delete, which rewrites the doclist pages of every term
  // and grows with the agent (250 linked turns: 963 ms at 100k memories with it, 55 ms without). A
  // forget's rewrite keeps it on: deleting the current entry securely takes the forgotten words out of
  // every segment, older masked entries of the same row included (forget-completeness.test.ts checks
  // the bytes and the index's terms after turns rewrote their neighbours one batch at a time).
  db.exec(`INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 0);
    ${recompute('r.seq IN (SELECT seq FROM memory_neighbours_stale)')} DELETE FROM memory_neighbours_stale;
    INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1);`);
}

const withNeighbourText = new WeakMap<Database.Database, boolean>();

/** Whether the connection's database is at schema 9 or later (a pool may be opened on fewer migrations). */
export function hasNeighbourText(db: Database.Database): boolean {
  let known = withNeighbourText.get(db);
  if (known === undefined) {
    known = (db.prepare("SELECT count(*) FROM pragma_table_info('memories') WHERE name = 'neighbour_text'").pluck().get() as number) > 0;
    withNeighbourText.set(db, known);
  }
  return known;
}

/**
 * Schema version 4 on PostgreSQL: SQLite's schema 9 (src/stores/sqlite/neighbour-text-schema.ts) —
 * each memory is indexed with the text of its neighbouring turns (the turn it replies to, by
 * `context.replyTo`, and its replies) in a second tsvector that recall weighs lower.
 *
 * - `memories.neighbour_text`, and generated from it `neighbour_document` (GIN-indexed) and
 *   `neighbour_tokens`. BM25 reads both fields as FTS5's bm25(memories_fts, 1, w) does: a word's
 *   frequency is own + w × neighbour, a document's length is both fields' tokens, and a word's document
 *   count (`keyword_terms`) counts the memories holding it in either field.
 * - Kept by statement-level triggers over transition tables, one rewrite per touched row and statement:
 *   an insert refreshes the new rows, their parents and replies that came first; a delete refreshes the
 *   deleted rows' neighbours (the forgotten turn's words leave their fields in the same statement); a
 *   content or link edit refreshes the row and its old and new neighbours. A rewrite sets only
 *   `neighbour_text`, so the update trigger finds nothing changed in it and stops there.
 * - The row-level statistics trigger now follows `neighbour_text` too, and deletes only the words the
 *   row held when their count reaches 0 (it scanned the agent's words on every row before).
 */
export const NEIGHBOUR_FIELD_SQL = `
  ALTER TABLE memories ADD COLUMN neighbour_text text NOT NULL DEFAULT '';
  ALTER TABLE memories ADD COLUMN neighbour_document tsvector GENERATED ALWAYS AS (to_tsvector('english', neighbour_text)) STORED;
  ALTER TABLE memories ADD COLUMN neighbour_tokens integer GENERATED ALWAYS AS (hippocampus_token_count(to_tsvector('english', neighbour_text))) STORED;
  CREATE INDEX memories_neighbour_document ON memories USING gin (neighbour_document);

  CREATE OR REPLACE FUNCTION hippocampus_keyword_statistics() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      UPDATE keyword_terms t SET documents = t.documents - 1
        FROM unnest(tsvector_to_array(OLD.document || OLD.neighbour_document)) AS l(lexeme)
        WHERE t.agent_id = OLD.agent_id AND t.lexeme = l.lexeme;
      -- A word no memory holds any more leaves no row: forgotten text keeps no trace here.
      DELETE FROM keyword_terms t USING unnest(tsvector_to_array(OLD.document || OLD.neighbour_document)) AS l(lexeme)
        WHERE t.agent_id = OLD.agent_id AND t.lexeme = l.lexeme AND t.documents <= 0;
      UPDATE keyword_totals SET documents = documents - 1, tokens = tokens - OLD.document_tokens - OLD.neighbour_tokens WHERE agent_id = OLD.agent_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO keyword_terms (agent_id, lexeme, documents)
        SELECT NEW.agent_id, l.lexeme, 1 FROM unnest(tsvector_to_array(NEW.document || NEW.neighbour_document)) AS l(lexeme) ORDER BY 2
        ON CONFLICT (agent_id, lexeme) DO UPDATE SET documents = keyword_terms.documents + 1;
      INSERT INTO keyword_totals (agent_id, documents, tokens) VALUES (NEW.agent_id, 1, NEW.document_tokens + NEW.neighbour_tokens)
        ON CONFLICT (agent_id) DO UPDATE SET documents = keyword_totals.documents + 1, tokens = keyword_totals.tokens + excluded.tokens;
    END IF;
    RETURN NULL;
  END $$;
  DROP TRIGGER memories_keyword_update ON memories;
  CREATE TRIGGER memories_keyword_update AFTER UPDATE OF content, neighbour_text ON memories FOR EACH ROW
    WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.neighbour_text IS DISTINCT FROM NEW.neighbour_text)
    EXECUTE FUNCTION hippocampus_keyword_statistics();

  -- The neighbour text of the rows \`touched\`, rewritten where it changes: the parent's content, then the replies' in order.
  CREATE FUNCTION hippocampus_refresh_neighbour_text(touched bigint[]) RETURNS void LANGUAGE sql AS $$
    UPDATE memories r SET neighbour_text = x.text
    FROM (
      SELECT m.seq, trim(
        coalesce((SELECT p.content FROM memories p WHERE p.agent_id = m.agent_id AND p.id = m.context ->> 'replyTo'), '') || ' ' ||
        coalesce((SELECT string_agg(c.content, ' ' ORDER BY c.seq) FROM memories c WHERE c.agent_id = m.agent_id AND c.context ->> 'replyTo' = m.id), '')) AS text
      FROM memories m WHERE m.seq = ANY(touched)
    ) AS x
    WHERE r.seq = x.seq AND r.neighbour_text IS DISTINCT FROM x.text
  $$;

  CREATE FUNCTION hippocampus_neighbours_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM hippocampus_refresh_neighbour_text(ARRAY(
      SELECT i.seq FROM inserted i
      UNION SELECT p.seq FROM inserted i JOIN memories p ON p.agent_id = i.agent_id AND p.id = i.context ->> 'replyTo'
      UNION SELECT c.seq FROM inserted i JOIN memories c ON c.agent_id = i.agent_id AND c.context ->> 'replyTo' = i.id));
    RETURN NULL;
  END $$;
  CREATE TRIGGER memories_neighbours_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION hippocampus_neighbours_inserted();

  CREATE FUNCTION hippocampus_neighbours_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM hippocampus_refresh_neighbour_text(ARRAY(
      SELECT p.seq FROM deleted d JOIN memories p ON p.agent_id = d.agent_id AND p.id = d.context ->> 'replyTo'
      UNION SELECT c.seq FROM deleted d JOIN memories c ON c.agent_id = d.agent_id AND c.context ->> 'replyTo' = d.id));
    RETURN NULL;
  END $$;
  CREATE TRIGGER memories_neighbours_delete AFTER DELETE ON memories REFERENCING OLD TABLE AS deleted
    FOR EACH STATEMENT EXECUTE FUNCTION hippocampus_neighbours_deleted();

  CREATE FUNCTION hippocampus_neighbours_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    changed bigint[];
  BEGIN
    -- Only a changed text or link moves words between fields; a neighbour rewrite changes neither and stops here.
    SELECT array_agg(n.seq) INTO changed FROM before_rows o JOIN after_rows n ON n.seq = o.seq
      WHERE o.content IS DISTINCT FROM n.content OR (o.context ->> 'replyTo') IS DISTINCT FROM (n.context ->> 'replyTo');
    IF changed IS NULL THEN RETURN NULL; END IF;
    PERFORM hippocampus_refresh_neighbour_text(ARRAY(
      WITH ends AS (
        SELECT agent_id, id, context ->> 'replyTo' AS reply_to FROM before_rows WHERE seq = ANY(changed)
        UNION SELECT agent_id, id, context ->> 'replyTo' FROM after_rows WHERE seq = ANY(changed))
      SELECT unnest(changed)
      UNION SELECT p.seq FROM ends e JOIN memories p ON p.agent_id = e.agent_id AND p.id = e.reply_to
      UNION SELECT c.seq FROM ends e JOIN memories c ON c.agent_id = e.agent_id AND c.context ->> 'replyTo' = e.id));
    RETURN NULL;
  END $$;
  CREATE TRIGGER memories_neighbours_update AFTER UPDATE ON memories REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
    FOR EACH STATEMENT EXECUTE FUNCTION hippocampus_neighbours_updated();

  -- Rows written before this version: every linked turn and every turn replied to.
  SELECT hippocampus_refresh_neighbour_text(ARRAY(
    SELECT seq FROM memories WHERE context ? 'replyTo'
    UNION SELECT p.seq FROM memories c JOIN memories p ON p.agent_id = c.agent_id AND p.id = c.context ->> 'replyTo'));
`;

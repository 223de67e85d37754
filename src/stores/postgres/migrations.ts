import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { NEIGHBOUR_FIELD_SQL } from './neighbour-field-schema.ts';
import type { PostgresDatabase, Queryable } from './postgres-database.ts';
import { tsqueryOperand } from './tsquery-operand.ts';

export interface PostgresMigration {
  version: number;
  description: string;
  sql: string;
  /** Run after the migration committed, outside a transaction (VACUUM cannot run inside one); the version is recorded already. */
  afterCommit?: string;
}

const MEMORY_TYPE_CHECK = "type IN ('chat','observation','task','decision','tool-use','error','insight')";

/** Append only, as SQLite's: a released migration is never edited, a new one is added. */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    description: 'memories of many agents (agent_id in every key), tags, history, consolidation runs, tombstones; keyword index on a tsvector with BM25 statistics kept by triggers; sign-bit vectors for the core path',
    sql: `
      CREATE TABLE hippocampus_meta (key text PRIMARY KEY, value text NOT NULL);

      -- Words are counted as FTS5 counts a document's length: every token, not distinct lexemes.
      CREATE FUNCTION hippocampus_token_count(document tsvector) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN coalesce((SELECT sum(coalesce(array_length(u.positions, 1), 1)) FROM unnest(document) AS u), 0)::integer;

      CREATE TABLE memories (
        seq bigserial PRIMARY KEY,
        agent_id text NOT NULL,
        id text NOT NULL,
        session_id text,
        type text NOT NULL CHECK (${MEMORY_TYPE_CHECK}),
        kind text NOT NULL DEFAULT 'memory' CHECK (kind IN ('memory','fact')),
        content text NOT NULL,
        context jsonb NOT NULL DEFAULT '{}',
        domain text,
        category text,
        occurred_at bigint NOT NULL,
        created_at bigint NOT NULL,
        consolidated_at bigint,
        last_accessed_at bigint,
        importance double precision NOT NULL CHECK (importance >= 0 AND importance <= 1),
        access_count integer NOT NULL DEFAULT 0,
        running_intensity double precision NOT NULL DEFAULT 0.5,
        encounter_count integer NOT NULL DEFAULT 1,
        superseded_by text,
        content_hash text NOT NULL,
        related_to jsonb NOT NULL DEFAULT '[]',
        source text,
        tags text[] NOT NULL DEFAULT '{}',
        document tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
        document_tokens integer GENERATED ALWAYS AS (hippocampus_token_count(to_tsvector('english', content))) STORED,
        UNIQUE (agent_id, id),
        FOREIGN KEY (agent_id, superseded_by) REFERENCES memories (agent_id, id) ON DELETE SET NULL (superseded_by)
      );
      CREATE INDEX memories_agent_time ON memories (agent_id, occurred_at DESC);
      CREATE INDEX memories_agent_importance ON memories (agent_id, importance DESC);
      CREATE INDEX memories_agent_created ON memories (agent_id, created_at);
      CREATE INDEX memories_agent_type ON memories (agent_id, type, occurred_at DESC);
      CREATE INDEX memories_agent_domain ON memories (agent_id, domain, occurred_at DESC);
      CREATE INDEX memories_short_term ON memories (agent_id, created_at) WHERE consolidated_at IS NULL;
      CREATE UNIQUE INDEX memories_verbatim ON memories (agent_id, content_hash) WHERE kind = 'memory';
      CREATE INDEX memories_fact_hash ON memories (agent_id, content_hash) WHERE kind = 'fact';
      CREATE INDEX memories_tags ON memories USING gin (tags);
      CREATE INDEX memories_reply_to ON memories (agent_id, (context ->> 'replyTo'));
      CREATE INDEX memories_source_hash ON memories (agent_id, (context ->> 'sourceHash'));
      CREATE INDEX memories_document ON memories USING gin (document);

      CREATE TABLE memory_history (
        id bigserial PRIMARY KEY,
        memory_seq bigint NOT NULL REFERENCES memories (seq) ON DELETE CASCADE,
        at bigint NOT NULL,
        event text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX memory_history_memory ON memory_history (memory_seq, at);

      CREATE TABLE consolidation_runs (
        id bigserial PRIMARY KEY,
        agent_id text NOT NULL,
        started_at bigint NOT NULL,
        duration_ms double precision NOT NULL,
        candidates_in integer NOT NULL,
        kept integer NOT NULL,
        pruned integer NOT NULL,
        trigger text NOT NULL
      );
      CREATE INDEX consolidation_runs_time ON consolidation_runs (agent_id, started_at DESC);

      CREATE TABLE forgotten_memories (agent_id text NOT NULL, id text NOT NULL, PRIMARY KEY (agent_id, id));

      -- BM25 needs each word's document count and the documents' total length per agent. Writers to
      -- one agent are serialized by its advisory lock, so these rows are not contended across agents.
      CREATE TABLE keyword_terms (agent_id text NOT NULL, lexeme text NOT NULL, documents integer NOT NULL, PRIMARY KEY (agent_id, lexeme));
      CREATE TABLE keyword_totals (agent_id text PRIMARY KEY, documents bigint NOT NULL, tokens bigint NOT NULL);

      CREATE FUNCTION hippocampus_keyword_statistics() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE keyword_terms t SET documents = t.documents - 1
            FROM unnest(tsvector_to_array(OLD.document)) AS l(lexeme)
            WHERE t.agent_id = OLD.agent_id AND t.lexeme = l.lexeme;
          -- A word no memory holds any more leaves no row: forgotten text keeps no trace here.
          DELETE FROM keyword_terms WHERE agent_id = OLD.agent_id AND documents <= 0;
          UPDATE keyword_totals SET documents = documents - 1, tokens = tokens - OLD.document_tokens WHERE agent_id = OLD.agent_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO keyword_terms (agent_id, lexeme, documents)
            SELECT NEW.agent_id, l.lexeme, 1 FROM unnest(tsvector_to_array(NEW.document)) AS l(lexeme) ORDER BY 2
            ON CONFLICT (agent_id, lexeme) DO UPDATE SET documents = keyword_terms.documents + 1;
          INSERT INTO keyword_totals (agent_id, documents, tokens) VALUES (NEW.agent_id, 1, NEW.document_tokens)
            ON CONFLICT (agent_id) DO UPDATE SET documents = keyword_totals.documents + 1, tokens = keyword_totals.tokens + excluded.tokens;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER memories_keyword_insert AFTER INSERT ON memories FOR EACH ROW EXECUTE FUNCTION hippocampus_keyword_statistics();
      CREATE TRIGGER memories_keyword_delete AFTER DELETE ON memories FOR EACH ROW EXECUTE FUNCTION hippocampus_keyword_statistics();
      CREATE TRIGGER memories_keyword_update AFTER UPDATE OF content ON memories FOR EACH ROW EXECUTE FUNCTION hippocampus_keyword_statistics();

      CREATE TABLE vector_models (agent_id text PRIMARY KEY, provider text NOT NULL, model_id text NOT NULL, dimensions integer NOT NULL);
      -- The core path (no pgvector): sign bits for a Hamming prefilter, the floats for exact re-ranking.
      CREATE TABLE memory_vector_bits (
        memory_seq bigint PRIMARY KEY REFERENCES memories (seq) ON DELETE CASCADE,
        agent_id text NOT NULL,
        bits bit varying NOT NULL,
        embedding bytea NOT NULL
      );
      CREATE INDEX memory_vector_bits_agent ON memory_vector_bits (agent_id);
      CREATE FUNCTION hippocampus_stale_vectors() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM memory_vector_bits WHERE memory_seq = OLD.seq;
        IF to_regclass('memory_vectors') IS NOT NULL THEN
          EXECUTE 'DELETE FROM memory_vectors WHERE memory_seq = $1' USING OLD.seq;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER memories_vectors_stale AFTER UPDATE OF content ON memories FOR EACH ROW EXECUTE FUNCTION hippocampus_stale_vectors();

      CREATE TABLE memory_blocks (agent_id text NOT NULL, key text NOT NULL, value text NOT NULL, updated_at bigint NOT NULL, PRIMARY KEY (agent_id, key));

      CREATE TABLE live_watermarks (
        agent_id text NOT NULL,
        source_id text NOT NULL,
        byte_offset bigint NOT NULL DEFAULT 0,
        line_number bigint NOT NULL DEFAULT 0,
        inode text,
        size bigint,
        first_line_hash text,
        last_line_hash text,
        last_message_id text,
        updated_at bigint NOT NULL,
        PRIMARY KEY (agent_id, source_id)
      );
    `,
  },
  {
    version: 2,
    description: 'skill library with versions and outcomes, working-memory consolidation marks',
    sql: `
      CREATE TABLE skills (
        agent_id text NOT NULL,
        id text NOT NULL,
        name text NOT NULL,
        description text NOT NULL,
        code text NOT NULL,
        language text NOT NULL,
        inputs jsonb NOT NULL DEFAULT '[]',
        created_from jsonb NOT NULL DEFAULT '[]',
        version integer NOT NULL DEFAULT 1,
        success_count integer NOT NULL DEFAULT 0,
        failure_count integer NOT NULL DEFAULT 0,
        last_used_at bigint,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        embedding bytea,
        embedding_model text,
        PRIMARY KEY (agent_id, id),
        UNIQUE (agent_id, name)
      );
      CREATE TABLE skill_versions (
        agent_id text NOT NULL,
        skill_id text NOT NULL,
        version integer NOT NULL,
        description text NOT NULL,
        code text NOT NULL,
        language text NOT NULL,
        inputs jsonb NOT NULL,
        reason text,
        created_at bigint NOT NULL,
        PRIMARY KEY (agent_id, skill_id, version),
        FOREIGN KEY (agent_id, skill_id) REFERENCES skills (agent_id, id) ON DELETE CASCADE
      );
      CREATE TABLE skill_outcomes (
        id bigserial PRIMARY KEY,
        agent_id text NOT NULL,
        skill_id text NOT NULL,
        version integer NOT NULL,
        success boolean NOT NULL,
        notes text,
        at bigint NOT NULL,
        FOREIGN KEY (agent_id, skill_id) REFERENCES skills (agent_id, id) ON DELETE CASCADE
      );
      CREATE INDEX skill_outcomes_skill ON skill_outcomes (agent_id, skill_id, at);

      CREATE TABLE working_consolidations (
        agent_id text NOT NULL,
        conversation_id text NOT NULL,
        consolidated_at bigint NOT NULL,
        memory_ids jsonb NOT NULL DEFAULT '[]',
        PRIMARY KEY (agent_id, conversation_id)
      );
    `,
  },
  {
    version: 3,
    description: 'knowledge graph: entities, aliases, relations with validity, provenance cascading from memories (an unsupported relation and an unmentioned entity go with them)',
    sql: `
      CREATE TABLE graph_entities (id bigserial PRIMARY KEY, agent_id text NOT NULL, name text NOT NULL, type text NOT NULL, created_at bigint NOT NULL);
      CREATE INDEX graph_entities_agent ON graph_entities (agent_id);
      CREATE TABLE graph_aliases (
        agent_id text NOT NULL, key text NOT NULL, entity_id bigint NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE, alias text NOT NULL,
        PRIMARY KEY (agent_id, key)
      );
      CREATE INDEX graph_aliases_entity ON graph_aliases (entity_id);
      CREATE TABLE graph_relations (
        id bigserial PRIMARY KEY,
        agent_id text NOT NULL,
        subject_id bigint NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE,
        predicate text NOT NULL,
        object_id bigint NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE,
        confidence double precision NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
        valid_from bigint,
        valid_to bigint,
        created_at bigint NOT NULL,
        CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from)
      );
      CREATE INDEX graph_relations_subject ON graph_relations (agent_id, subject_id, predicate);
      CREATE INDEX graph_relations_object ON graph_relations (object_id);
      CREATE TABLE graph_entity_provenance (
        agent_id text NOT NULL, entity_id bigint NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE, memory_id text NOT NULL,
        PRIMARY KEY (entity_id, memory_id),
        FOREIGN KEY (agent_id, memory_id) REFERENCES memories (agent_id, id) ON DELETE CASCADE
      );
      CREATE INDEX graph_entity_provenance_memory ON graph_entity_provenance (agent_id, memory_id);
      CREATE TABLE graph_relation_provenance (
        agent_id text NOT NULL, relation_id bigint NOT NULL REFERENCES graph_relations (id) ON DELETE CASCADE, memory_id text NOT NULL,
        PRIMARY KEY (relation_id, memory_id),
        FOREIGN KEY (agent_id, memory_id) REFERENCES memories (agent_id, id) ON DELETE CASCADE
      );
      CREATE INDEX graph_relation_provenance_memory ON graph_relation_provenance (agent_id, memory_id);
      CREATE TABLE graph_linked_memories (
        agent_id text NOT NULL, memory_id text NOT NULL, linked_at bigint NOT NULL,
        PRIMARY KEY (agent_id, memory_id),
        FOREIGN KEY (agent_id, memory_id) REFERENCES memories (agent_id, id) ON DELETE CASCADE
      );

      CREATE FUNCTION hippocampus_graph_unsupported() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM graph_relations r WHERE r.id = OLD.relation_id AND NOT EXISTS (SELECT 1 FROM graph_relation_provenance p WHERE p.relation_id = OLD.relation_id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER graph_relation_unsupported AFTER DELETE ON graph_relation_provenance FOR EACH ROW EXECUTE FUNCTION hippocampus_graph_unsupported();
      CREATE FUNCTION hippocampus_graph_unmentioned() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM graph_entities e WHERE e.id = OLD.entity_id
          AND NOT EXISTS (SELECT 1 FROM graph_entity_provenance p WHERE p.entity_id = e.id)
          AND NOT EXISTS (SELECT 1 FROM graph_relations r WHERE r.subject_id = e.id OR r.object_id = e.id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER graph_entity_unmentioned AFTER DELETE ON graph_entity_provenance FOR EACH ROW EXECUTE FUNCTION hippocampus_graph_unmentioned();
      CREATE FUNCTION hippocampus_graph_unrelated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM graph_entities e WHERE e.id IN (OLD.subject_id, OLD.object_id)
          AND NOT EXISTS (SELECT 1 FROM graph_entity_provenance p WHERE p.entity_id = e.id)
          AND NOT EXISTS (SELECT 1 FROM graph_relations r WHERE r.subject_id = e.id OR r.object_id = e.id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER graph_entity_unrelated AFTER DELETE ON graph_relations FOR EACH ROW EXECUTE FUNCTION hippocampus_graph_unrelated();
    `,
  },
  {
    version: 4,
    description: "neighbour field: each memory indexed with its neighbouring turns' text (the turn replied to and the replies) in a second tsvector, kept by statement triggers, its words in the BM25 statistics",
    sql: NEIGHBOUR_FIELD_SQL,
  },
  {
    version: 5,
    description: 'coarse lists (IVF) for the core vector path: per-agent centroids by generation, each vector its generation and list, indexed with its sign bits',
    sql: `
      -- Generation 0: not assigned yet (before the agent's first training, or until reassigned after one).
      ALTER TABLE memory_vector_bits ADD COLUMN generation integer NOT NULL DEFAULT 0, ADD COLUMN list integer NOT NULL DEFAULT 0;
      -- The sign bits ride in the index: a probe ranks its lists' rows by Hamming distance without the table.
      CREATE INDEX memory_vector_bits_lists ON memory_vector_bits (agent_id, generation, list) INCLUDE (memory_seq, bits);
      DROP INDEX memory_vector_bits_agent;
      -- Floats kept in the row, not out of line in TOAST (2,048 bytes at 512-d went there): a re-rank reads
      -- one page a candidate instead of the TOAST index and two chunks. New rows; older ones on reassignment.
      ALTER TABLE memory_vector_bits ALTER COLUMN embedding SET STORAGE PLAIN;
      CREATE TABLE vector_lists (agent_id text PRIMARY KEY, generation integer NOT NULL, lists integer NOT NULL, trained_on bigint NOT NULL, trained_at bigint NOT NULL);
      CREATE TABLE vector_centroids (agent_id text NOT NULL, generation integer NOT NULL, list integer NOT NULL, centroid bytea NOT NULL, PRIMARY KEY (agent_id, generation, list));
    `,
  },
  {
    version: 6,
    description: 'GIN indexes without a pending list (fastupdate off): every keyword search scanned the unmerged entries linearly',
    sql: `
      -- With fastupdate (the default) new rows' words wait in a pending list that every search reads
      -- whole until a vacuum merges it: after loading the bench's 100k agent it held 571 pages (24k
      -- entries), the neighbour field's index nothing else, and one BM25 search spent 67 of 94 ms there.
      -- Writes now pay the GIN insert at once.
      ALTER INDEX memories_document SET (fastupdate = off);
      ALTER INDEX memories_neighbour_document SET (fastupdate = off);
      ALTER INDEX memories_tags SET (fastupdate = off);
      SELECT gin_clean_pending_list('memories_document'::regclass), gin_clean_pending_list('memories_neighbour_document'::regclass), gin_clean_pending_list('memories_tags'::regclass);
    `,
  },
  {
    version: 7,
    description: "the core vector path's rows carry their memory's id: a search returns its hits from the rows it re-ranks, without a second read of the memories",
    sql: `
      -- A memory's id never changes, and its vector row goes with it (ON DELETE CASCADE): a copy is
      -- always right. The probe read the survivors' ids from memories in a statement of its own (a round
      -- trip and a page of memories each, every search).
      ALTER TABLE memory_vector_bits ADD COLUMN memory_id text;
      -- Filled by rewriting the table (ALTER TYPE with USING; a subquery is not allowed there, a function is),
      -- which rebuilds its indexes compact: an UPDATE of every row left each index twice its size.
      -- Every column kept in the row (storage plain, as the floats; set in the same statement, after ALTER TYPE
      -- reset it, before the rewrite): the floats, bits and id make a row over TOAST's 2 kB threshold, and the
      -- toaster moved each id out of line, four more pages a candidate read (1,200 a search).
      CREATE FUNCTION hippocampus_memory_id(seq bigint) RETURNS text LANGUAGE sql STABLE RETURN (SELECT id FROM memories WHERE memories.seq = hippocampus_memory_id.seq);
      ALTER TABLE memory_vector_bits ALTER COLUMN memory_id TYPE text USING hippocampus_memory_id(memory_seq), ALTER COLUMN memory_id SET NOT NULL,
        ALTER COLUMN memory_id SET STORAGE PLAIN, ALTER COLUMN bits SET STORAGE PLAIN, ALTER COLUMN agent_id SET STORAGE PLAIN;
      DROP FUNCTION hippocampus_memory_id(bigint);
    `,
    // A rewritten table has no visibility map: the probe's index-only scans would visit the heap until a vacuum.
    afterCommit: 'VACUUM (ANALYZE) memory_vector_bits',
  },
  {
    version: 8,
    description: "a vector row written without its memory's id (by a process of schema 6 still running) is given it",
    sql: `
      -- A process opened before another one migrated to schema 7 writes vector rows without memory_id: its
      -- insert failed the NOT NULL, and the memory was kept without a vector (recall by meaning never found it)
      -- until that process restarted. The id is read from the memory; a row that carries it skips the trigger.
      CREATE FUNCTION hippocampus_vector_row_id() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT id INTO NEW.memory_id FROM memories WHERE seq = NEW.memory_seq;
        RETURN NEW;
      END $$;
      CREATE TRIGGER memory_vector_bits_id BEFORE INSERT ON memory_vector_bits FOR EACH ROW WHEN (NEW.memory_id IS NULL) EXECUTE FUNCTION hippocampus_vector_row_id();
    `,
  },
  {
    version: 9,
    description: "one GIN index over both keyword fields and the agent as a word: a keyword search finds its agent's matches in the index, without a bitmap of all the agent's rows",
    sql: `
      -- A search ANDed its words' GIN matches with the agent's rows from a btree (the planner took
      -- memories_source_hash: all 100,000 entries of the bench's agent, 98 pages and 2.4-3.8 ms of every
      -- search). The agent is now a word of the indexed document, a lexeme the parser never makes (it starts
      -- with a space; to_tsvector splits on spaces), so the index alone gives the agent's matches. The first
      -- 500 characters only (at most 2,000 bytes: a lexeme holds 2,046, and array_to_tsvector wraps a longer
      -- one silently): the search still filters on agent_id, the word only narrows the index scan.
      -- The index holds both fields: the two indexes were ORed, and nothing else searches them.
      -- No extension needed (btree_gin would do it too, but is not in every server, PGlite among them).
      CREATE FUNCTION hippocampus_agent_lexeme(agent_id text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN array_to_tsvector(ARRAY[' ' || left(agent_id, 500)]);
      CREATE FUNCTION hippocampus_agent_query(agent_id text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN (${tsqueryOperand("' ' || left(agent_id, 500)")})::tsquery;
      CREATE INDEX memories_keyword ON memories USING gin ((document || neighbour_document || hippocampus_agent_lexeme(agent_id))) WITH (fastupdate = off);
      DROP INDEX memories_document;
      DROP INDEX memories_neighbour_document;
    `,
  },
  {
    version: 10,
    description: "the BM25 statistics of inserted memories counted once a statement, over its transition table, not once a row",
    sql: `
      -- The row trigger ran two upserts a memory: a batch of 250 spent 106-144 ms in it (EXPLAIN ANALYZE, on the
      -- bench's 100k agent, load 7), the statement's aggregate 15-45 ms. Statement triggers of one event fire by
      -- name: memories_keyword_insert counts the new rows before memories_neighbours_insert rewrites their
      -- neighbour text (whose row-level update trigger takes the old counts away), as the row trigger did.
      -- Deletes and edits keep the row trigger.
      CREATE FUNCTION hippocampus_keyword_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO keyword_terms (agent_id, lexeme, documents)
          SELECT i.agent_id, l.lexeme, count(*) FROM inserted i CROSS JOIN LATERAL unnest(tsvector_to_array(i.document || i.neighbour_document)) AS l(lexeme)
          GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (agent_id, lexeme) DO UPDATE SET documents = keyword_terms.documents + excluded.documents;
        INSERT INTO keyword_totals (agent_id, documents, tokens)
          SELECT agent_id, count(*), sum(document_tokens + neighbour_tokens) FROM inserted GROUP BY 1 ORDER BY 1
          ON CONFLICT (agent_id) DO UPDATE SET documents = keyword_totals.documents + excluded.documents, tokens = keyword_totals.tokens + excluded.tokens;
        RETURN NULL;
      END $$;
      DROP TRIGGER memories_keyword_insert ON memories;
      CREATE TRIGGER memories_keyword_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION hippocampus_keyword_inserted();
    `,
  },
  {
    version: 11,
    description: "forgetting reaches the graph's history: deleting or editing a memory drops the relations it is a source of and those it closed, and marks their other memories unlinked, so the next link reads them again without it",
    sql: `
      -- As SQLite's schema version 12 (stores/sqlite/layer-schema.ts says why): the relations a memory is a source of,
      -- and those it closed (not recorded as its own), are read again from what is left.
      CREATE FUNCTION hippocampus_graph_history(p_agent text, p_memory text, p_time bigint) RETURNS SETOF bigint LANGUAGE sql STABLE AS $$
        SELECT r.id FROM graph_relation_provenance mine JOIN graph_relations r ON r.id = mine.relation_id
        WHERE mine.agent_id = p_agent AND mine.memory_id = p_memory
        UNION
        SELECT g.id FROM graph_relation_provenance mine JOIN graph_relations r ON r.id = mine.relation_id
        JOIN graph_relations g ON g.agent_id = r.agent_id AND g.subject_id = r.subject_id AND g.predicate = r.predicate AND g.valid_to IN (r.valid_from, p_time)
        WHERE mine.agent_id = p_agent AND mine.memory_id = p_memory
      $$;
      -- The relations found once, then their memories unlinked and the relations dropped.
      CREATE FUNCTION hippocampus_graph_drop_history(p_agent text, p_memory text, p_time bigint) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        history bigint[] := ARRAY(SELECT hippocampus_graph_history(p_agent, p_memory, p_time));
      BEGIN
        DELETE FROM graph_linked_memories l WHERE l.agent_id = p_agent
          AND l.memory_id IN (SELECT p.memory_id FROM graph_relation_provenance p WHERE p.relation_id = ANY(history));
        DELETE FROM graph_relations WHERE id = ANY(history);
      END $$;
      CREATE FUNCTION hippocampus_graph_relink_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM graph_relation_provenance p WHERE p.agent_id = OLD.agent_id AND p.memory_id = OLD.id) THEN
          PERFORM hippocampus_graph_drop_history(OLD.agent_id, OLD.id, OLD.occurred_at);
        END IF;
        RETURN OLD;
      END $$;
      CREATE TRIGGER memories_graph_relink_delete BEFORE DELETE ON memories FOR EACH ROW EXECUTE FUNCTION hippocampus_graph_relink_deleted();
      CREATE FUNCTION hippocampus_graph_relink_edited() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM graph_linked_memories l WHERE l.agent_id = NEW.agent_id AND l.memory_id = NEW.id) THEN
          PERFORM hippocampus_graph_drop_history(NEW.agent_id, NEW.id, OLD.occurred_at);
          DELETE FROM graph_entity_provenance WHERE agent_id = NEW.agent_id AND memory_id = NEW.id;
          DELETE FROM graph_linked_memories WHERE agent_id = NEW.agent_id AND memory_id = NEW.id;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER memories_graph_relink_edit AFTER UPDATE OF content ON memories FOR EACH ROW
        WHEN (NEW.content IS DISTINCT FROM OLD.content) EXECUTE FUNCTION hippocampus_graph_relink_edited();
    `,
  },
  {
    version: 12,
    description: 'alias provenance: the memories that said each alias (and name) of a graph entity, so an alias only a forgotten memory said goes with it and an entity whose name went is named by an alias left',
    sql: `
      -- As SQLite's schema version 13 (stores/sqlite/layer-schema.ts says why).
      CREATE TABLE graph_alias_sources (
        agent_id text NOT NULL, key text NOT NULL, memory_id text NOT NULL,
        PRIMARY KEY (agent_id, key, memory_id),
        FOREIGN KEY (agent_id, memory_id) REFERENCES memories (agent_id, id) ON DELETE CASCADE,
        FOREIGN KEY (agent_id, key) REFERENCES graph_aliases (agent_id, key) ON DELETE CASCADE
      );
      CREATE INDEX graph_alias_sources_memory ON graph_alias_sources (agent_id, memory_id);
      INSERT INTO graph_alias_sources (agent_id, key, memory_id)
        SELECT a.agent_id, a.key, p.memory_id FROM graph_aliases a JOIN graph_entity_provenance p ON p.entity_id = a.entity_id
        ON CONFLICT DO NOTHING;
      CREATE FUNCTION hippocampus_graph_alias_unsourced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM graph_aliases a WHERE a.agent_id = OLD.agent_id AND a.key = OLD.key
          AND NOT EXISTS (SELECT 1 FROM graph_alias_sources s WHERE s.agent_id = OLD.agent_id AND s.key = OLD.key);
        RETURN NULL;
      END $$;
      CREATE TRIGGER graph_alias_unsourced AFTER DELETE ON graph_alias_sources FOR EACH ROW EXECUTE FUNCTION hippocampus_graph_alias_unsourced();
      CREATE FUNCTION hippocampus_graph_entity_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE graph_entities e SET name = (SELECT a.alias FROM graph_aliases a WHERE a.entity_id = OLD.entity_id ORDER BY a.key LIMIT 1)
        WHERE e.id = OLD.entity_id AND e.name = OLD.alias AND EXISTS (SELECT 1 FROM graph_aliases a WHERE a.entity_id = OLD.entity_id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER graph_entity_renamed AFTER DELETE ON graph_aliases FOR EACH ROW EXECUTE FUNCTION hippocampus_graph_entity_renamed();
      CREATE FUNCTION hippocampus_graph_alias_sources_edited() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM graph_alias_sources WHERE agent_id = NEW.agent_id AND memory_id = NEW.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER memories_graph_alias_sources_edit AFTER UPDATE OF content ON memories FOR EACH ROW
        WHEN (NEW.content IS DISTINCT FROM OLD.content) EXECUTE FUNCTION hippocampus_graph_alias_sources_edited();
    `,
  },
];

export const POSTGRES_SCHEMA_VERSION = POSTGRES_MIGRATIONS.at(-1)?.version ?? 0;

/** Arbitrary, fixed: the session-level advisory lock every process takes to migrate. */
const MIGRATION_LOCK = 7_261_010_042;

/**
 * The pgvector table (one for every dimension, each with its own partial HNSW index made when an agent
 * binds a model of that dimension). Created only where `CREATE EXTENSION vector` succeeded.
 */
const PGVECTOR_SQL = `
  CREATE TABLE IF NOT EXISTS memory_vectors (
    memory_seq bigint PRIMARY KEY REFERENCES memories (seq) ON DELETE CASCADE,
    agent_id text NOT NULL,
    dimensions integer NOT NULL,
    embedding vector NOT NULL
  );
  CREATE INDEX IF NOT EXISTS memory_vectors_agent ON memory_vectors (agent_id);
`;

/**
 * Brings the database to the latest schema. Several processes may open it at once: each takes the
 * same advisory lock, and the ones after the first find nothing left to do. A database written by a
 * newer Hippocampus is refused, never downgraded.
 */
export async function migratePostgres(database: PostgresDatabase, migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS): Promise<void> {
  const latest = migrations.at(-1)?.version ?? 0;
  await database.withClient(async (client) => {
    await client.rows('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.rows('CREATE TABLE IF NOT EXISTS hippocampus_schema (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
      const [row] = await client.rows<{ version: number | null }>('SELECT max(version) AS version FROM hippocampus_schema');
      const current = row?.version ?? 0;
      if (current > latest) {
        throw new HippocampusError({
          code: 'SCHEMA_TOO_NEW',
          message: `The PostgreSQL database has Hippocampus schema version ${current}, but this Hippocampus knows only up to ${latest}. Upgrade Hippocampus to open it.`,
          details: { found: current, supported: latest },
        });
      }
      for (const migration of migrations) {
        if (migration.version <= current) continue;
        await inTransaction(client, async () => {
          await client.rows(migration.sql);
          await client.rows('INSERT INTO hippocampus_schema (version, description) VALUES ($1, $2)', [migration.version, migration.description]);
        });
        if (migration.afterCommit !== undefined) await client.rows(migration.afterCommit);
      }
    } finally {
      await client.rows('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}

/**
 * Which vector path this database uses, decided once and recorded: 'pgvector' when the extension
 * exists or can be created (and `wanted` allows it), else 'core'. Every later process follows the
 * record, so two processes never split an agent's vectors across two tables.
 */
export async function settleVectorPath(database: PostgresDatabase, wanted: 'auto' | 'pgvector' | 'core'): Promise<'pgvector' | 'core'> {
  return database.withClient(async (client) => {
    await client.rows('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const [recorded] = await client.rows<{ value: string }>("SELECT value FROM hippocampus_meta WHERE key = 'vectors'");
      let path = recorded?.value as 'pgvector' | 'core' | undefined;
      if (path === undefined) {
        path = wanted === 'core' ? 'core' : (await createPgvector(client)) ? 'pgvector' : 'core';
        if (wanted === 'pgvector' && path !== 'pgvector') {
          throw new HippocampusError({ code: 'CONFIG_ERROR', message: 'The pgvector extension is not available in this PostgreSQL database (CREATE EXTENSION vector failed): install pgvector, or use vectors: "auto" for the core path' });
        }
        await client.rows("INSERT INTO hippocampus_meta (key, value) VALUES ('vectors', $1)", [path]);
      }
      // Only when missing: CREATE … IF NOT EXISTS still asks for the table's owner, and the role an application
      // connects as after the first run (reads and writes granted, owning nothing) must be able to open it.
      if (path === 'pgvector' && (await missingRelations(client, ['memory_vectors', 'memory_vectors_agent']))) await client.rows(PGVECTOR_SQL);
      return path;
    } finally {
      await client.rows('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}

/** Whether any of these tables or indexes is missing from the connection's search path. */
export async function missingRelations(client: Queryable, names: readonly string[]): Promise<boolean> {
  const rows = await client.rows<{ found: string | null }>('SELECT to_regclass(name)::text AS found FROM unnest($1::text[]) AS name', [names]);
  return rows.some((row) => row.found === null);
}

async function createPgvector(client: Queryable): Promise<boolean> {
  try {
    await inTransaction(client, () => client.rows('CREATE EXTENSION IF NOT EXISTS vector'));
    return true;
  } catch {
    return false;
  }
}

async function inTransaction<T>(client: Queryable, work: () => Promise<T>): Promise<T> {
  await client.rows('BEGIN');
  try {
    const result = await work();
    await client.rows('COMMIT');
    return result;
  } catch (error) {
    await client.rows('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

import type Database from 'better-sqlite3';

// Semantic and procedural memory tables (schema version 5). Kept apart from
// migrations.ts so that file stays a list; IF NOT EXISTS so a database that
// met an earlier draft of these tables is not refused.
//
// Provenance rows cascade from `memories`: forgetting a memory removes what
// it told the graph, and the triggers then remove a relation no memory
// supports any more and an entity nothing mentions or relates to.
const GRAPH_TABLES = `
  CREATE TABLE IF NOT EXISTS graph_entities (
    id INTEGER PRIMARY KEY,
    agent_id TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS graph_aliases (
    agent_id TEXT NOT NULL,
    key TEXT NOT NULL,
    entity_id INTEGER NOT NULL REFERENCES graph_entities(id) ON DELETE CASCADE,
    alias TEXT NOT NULL,
    PRIMARY KEY (agent_id, key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS graph_aliases_entity ON graph_aliases(entity_id);

  CREATE TABLE IF NOT EXISTS graph_relations (
    id INTEGER PRIMARY KEY,
    agent_id TEXT NOT NULL,
    subject_id INTEGER NOT NULL REFERENCES graph_entities(id) ON DELETE CASCADE,
    predicate TEXT NOT NULL,
    object_id INTEGER NOT NULL REFERENCES graph_entities(id) ON DELETE CASCADE,
    confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
    valid_from INTEGER,
    valid_to INTEGER,
    created_at INTEGER NOT NULL,
    CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from)
  );
  CREATE INDEX IF NOT EXISTS graph_relations_subject ON graph_relations(subject_id, predicate);
  CREATE INDEX IF NOT EXISTS graph_relations_object ON graph_relations(object_id);

  CREATE TABLE IF NOT EXISTS graph_entity_provenance (
    entity_id INTEGER NOT NULL REFERENCES graph_entities(id) ON DELETE CASCADE,
    memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    PRIMARY KEY (entity_id, memory_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS graph_entity_provenance_memory ON graph_entity_provenance(memory_id);

  CREATE TABLE IF NOT EXISTS graph_relation_provenance (
    relation_id INTEGER NOT NULL REFERENCES graph_relations(id) ON DELETE CASCADE,
    memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    PRIMARY KEY (relation_id, memory_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS graph_relation_provenance_memory ON graph_relation_provenance(memory_id);

  CREATE TABLE IF NOT EXISTS graph_linked_memories (
    memory_id TEXT PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
    linked_at INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TRIGGER IF NOT EXISTS graph_relation_unsupported AFTER DELETE ON graph_relation_provenance
  WHEN NOT EXISTS (SELECT 1 FROM graph_relation_provenance WHERE relation_id = old.relation_id)
  BEGIN
    DELETE FROM graph_relations WHERE id = old.relation_id;
  END;
  CREATE TRIGGER IF NOT EXISTS graph_entity_unmentioned AFTER DELETE ON graph_entity_provenance
  WHEN NOT EXISTS (SELECT 1 FROM graph_entity_provenance WHERE entity_id = old.entity_id)
    AND NOT EXISTS (SELECT 1 FROM graph_relations WHERE subject_id = old.entity_id OR object_id = old.entity_id)
  BEGIN
    DELETE FROM graph_entities WHERE id = old.entity_id;
  END;
  CREATE TRIGGER IF NOT EXISTS graph_entity_unrelated AFTER DELETE ON graph_relations
  BEGIN
    DELETE FROM graph_entities WHERE id IN (old.subject_id, old.object_id)
      AND NOT EXISTS (SELECT 1 FROM graph_entity_provenance p WHERE p.entity_id = graph_entities.id)
      AND NOT EXISTS (SELECT 1 FROM graph_relations r WHERE r.subject_id = graph_entities.id OR r.object_id = graph_entities.id);
  END;
`;

// Counts on `skills` are those of the current version; every version's text
// stays in skill_versions and every outcome names the version it judged.
const SKILL_TABLES = `
  CREATE TABLE IF NOT EXISTS skills (
    id TEXT PRIMARY KEY,
    agent_id TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    code TEXT NOT NULL,
    language TEXT NOT NULL,
    inputs TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(inputs)),
    created_from TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(created_from)),
    version INTEGER NOT NULL DEFAULT 1,
    success_count INTEGER NOT NULL DEFAULT 0,
    failure_count INTEGER NOT NULL DEFAULT 0,
    last_used_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    embedding BLOB,
    embedding_model TEXT
  );
  CREATE UNIQUE INDEX IF NOT EXISTS skills_name ON skills(agent_id, name);

  CREATE TABLE IF NOT EXISTS skill_versions (
    skill_id TEXT NOT NULL REFERENCES skills(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    description TEXT NOT NULL,
    code TEXT NOT NULL,
    language TEXT NOT NULL,
    inputs TEXT NOT NULL CHECK (json_valid(inputs)),
    reason TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (skill_id, version)
  ) WITHOUT ROWID;

  CREATE TABLE IF NOT EXISTS skill_outcomes (
    id INTEGER PRIMARY KEY,
    skill_id TEXT NOT NULL REFERENCES skills(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    success INTEGER NOT NULL CHECK (success IN (0, 1)),
    notes TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS skill_outcomes_skill ON skill_outcomes(skill_id, at);
`;

// A working-memory store may be in process and lose its marks on restart; the
// database remembers which conversations were mined so none is mined twice.
const CONSOLIDATION_TABLES = `
  CREATE TABLE IF NOT EXISTS working_consolidations (
    agent_id TEXT NOT NULL,
    conversation_id TEXT NOT NULL,
    consolidated_at INTEGER NOT NULL,
    memory_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(memory_ids)),
    PRIMARY KEY (agent_id, conversation_id)
  ) WITHOUT ROWID;
`;

/** Schema version 5: knowledge graph, skill library, working-memory consolidation marks. */
export function createLayerTables(db: Database.Database): void {
  db.exec(GRAPH_TABLES + SKILL_TABLES + CONSOLIDATION_TABLES);
}

// A relation's history is written by more memories than its sources: a statement opens one, a later one closes it
// ("I moved to Porto" closes Berlin as Porto's relation begins; "I no longer live in Berlin" closes it and becomes one
// more source), a repeat moves its start to the earliest saying. Which memory closed what is not recorded. So
// forgetting (or editing) a memory drops the relations it is a source of and those of the same subject and predicate
// closed when one of them began or at the memory's time, and marks the other memories they came from unlinked; the
// next link reads them again, in order, without it. Before, forgetting "I no longer live in Berlin" left Berlin closed
// at that memory's date — what it said, still answered by the graph. Until the next link (every `hippocampus graph`
// command and `linkMemories()` runs it first) those relations are absent, never wrong. Not the whole history of the
// subject and predicate: of a predicate that holds many objects at once ("likes") that would drop and re-read
// every one of them for each memory forgotten.
/** The ids of the relations forgetting or editing `memory` (of time `time`) drops: what the schema-12 triggers delete. */
export const GROUP_OF = (memory: string, time: string) => `
    SELECT r.id FROM graph_relations r JOIN graph_relation_provenance mine ON mine.relation_id = r.id AND mine.memory_id = ${memory}
    UNION
    SELECT g.id FROM graph_relations r JOIN graph_relation_provenance mine ON mine.relation_id = r.id AND mine.memory_id = ${memory}
    JOIN graph_relations g ON g.subject_id = r.subject_id AND g.predicate = r.predicate AND g.valid_to IN (r.valid_from, ${time})`;
// The relations found once, into graph_dropped_relations, then their memories unlinked and the relations dropped (as
// PostgreSQL's schema 11 collects them into an array): the history query ran for the unlinking and again for the
// delete. A trigger cannot hold them otherwise: a WITH clause covers one statement (a trigger's body refuses one at the
// top), and a trigger of the main schema cannot write a temp table (an unqualified name is the main schema's, a
// qualified one is refused). Deleting 400 of 2,000 "I moved to …" memories of one chain (4,000 memories, linked) in
// one transaction: 336 → 253 ms, and 407 → 325 ms in a second run (median of 5, busy 2-vCPU machine).
const DROP_HISTORY = (memory: string, time: string) => `
    INSERT OR IGNORE INTO graph_dropped_relations (relation_id) ${GROUP_OF(memory, time)};
    DELETE FROM graph_linked_memories WHERE memory_id IN
      (SELECT p.memory_id FROM graph_relation_provenance p WHERE p.relation_id IN (SELECT relation_id FROM graph_dropped_relations));
    DELETE FROM graph_relations WHERE id IN (SELECT relation_id FROM graph_dropped_relations);
    DELETE FROM graph_dropped_relations;`;

/** Schema version 12: forgetting or editing a memory re-reads the relations it wrote or closed. */
export function createGraphRelinkTriggers(db: Database.Database): void {
  db.exec(`
    CREATE TABLE graph_dropped_relations (relation_id INTEGER PRIMARY KEY);
    CREATE TRIGGER graph_relink_on_delete BEFORE DELETE ON memories
    WHEN EXISTS (SELECT 1 FROM graph_relation_provenance WHERE memory_id = old.id)
    BEGIN ${DROP_HISTORY('old.id', 'old.timestamp')}
    END;
    CREATE TRIGGER graph_relink_on_edit AFTER UPDATE OF content ON memories
    WHEN new.content IS NOT old.content AND EXISTS (SELECT 1 FROM graph_linked_memories WHERE memory_id = new.id)
    BEGIN ${DROP_HISTORY('new.id', 'old.timestamp')}
      DELETE FROM graph_entity_provenance WHERE memory_id = new.id;
      DELETE FROM graph_linked_memories WHERE memory_id = new.id;
    END;
  `);
}

// An alias (and an entity's name, its first alias) is text a memory said: "Miso, whom we call Fluffball". Aliases had
// no provenance, so forgetting that memory left "Fluffball" in the graph while any other memory mentioned Miso. Each
// alias now records the memories that said it (a mention under that name, or the alias given with it); one no memory
// says any more goes, and an entity whose name went is named by an alias left. Aliases written before have as their
// sources every memory that mentions their entity (what said which is not known): they go when those are all gone.
const GRAPH_ALIAS_SOURCES = `
  CREATE TABLE graph_alias_sources (
    agent_id TEXT NOT NULL,
    key TEXT NOT NULL,
    memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    PRIMARY KEY (agent_id, key, memory_id),
    FOREIGN KEY (agent_id, key) REFERENCES graph_aliases(agent_id, key) ON DELETE CASCADE
  ) WITHOUT ROWID;
  CREATE INDEX graph_alias_sources_memory ON graph_alias_sources(memory_id);
  INSERT OR IGNORE INTO graph_alias_sources (agent_id, key, memory_id)
    SELECT a.agent_id, a.key, p.memory_id FROM graph_aliases a JOIN graph_entity_provenance p ON p.entity_id = a.entity_id;

  CREATE TRIGGER graph_alias_unsourced AFTER DELETE ON graph_alias_sources
  WHEN NOT EXISTS (SELECT 1 FROM graph_alias_sources WHERE agent_id = old.agent_id AND key = old.key)
  BEGIN
    DELETE FROM graph_aliases WHERE agent_id = old.agent_id AND key = old.key;
  END;
  CREATE TRIGGER graph_entity_renamed AFTER DELETE ON graph_aliases
  WHEN EXISTS (SELECT 1 FROM graph_aliases WHERE entity_id = old.entity_id)
  BEGIN
    UPDATE graph_entities SET name = (SELECT alias FROM graph_aliases WHERE entity_id = old.entity_id ORDER BY key LIMIT 1)
    WHERE id = old.entity_id AND name = old.alias;
  END;
  CREATE TRIGGER graph_alias_sources_on_edit AFTER UPDATE OF content ON memories
  WHEN new.content IS NOT old.content AND EXISTS (SELECT 1 FROM graph_alias_sources WHERE memory_id = new.id)
  BEGIN
    DELETE FROM graph_alias_sources WHERE memory_id = new.id;
  END;
`;

/** Schema version 13: the memories that said each alias of the knowledge graph. */
export function createGraphAliasSources(db: Database.Database): void {
  db.exec(GRAPH_ALIAS_SOURCES);
}

import type Database from 'better-sqlite3';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { createKeywordChangeLog } from './keyword-change-log.ts';
import { createRankingChangeLog } from './ranking-change-log.ts';
import { createForgettingSchema } from './forgetting-schema.ts';
import { keepFtsStatisticsUsable } from './fts-statistics.ts';
import { createGraphAliasSources, createGraphRelinkTriggers, createLayerTables } from './layer-schema.ts';
import { createNeighbourTextSchema, splitNeighbourRewrites } from './neighbour-text-schema.ts';

export interface Migration {
  version: number;
  description: string;
  up(db: Database.Database): void;
}

const MEMORY_TYPE_CHECK = "type IN ('chat','observation','task','decision','tool-use','error','insight')";

/** Append only: a released migration is never edited, a new one is added. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'memories, tags, consolidation runs, meta',
    up(db) {
      db.exec(`
        CREATE TABLE memories (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          agent_id TEXT NOT NULL,
          session_id TEXT,
          type TEXT NOT NULL CHECK (${MEMORY_TYPE_CHECK}),
          kind TEXT NOT NULL DEFAULT 'memory' CHECK (kind IN ('memory','fact')),
          content TEXT NOT NULL,
          context TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(context)),
          domain TEXT,
          category TEXT,
          timestamp INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          consolidated_at INTEGER,
          last_accessed_at INTEGER,
          importance REAL NOT NULL CHECK (importance >= 0 AND importance <= 1),
          access_count INTEGER NOT NULL DEFAULT 0,
          running_intensity REAL NOT NULL DEFAULT 0.5,
          encounter_count INTEGER NOT NULL DEFAULT 1,
          superseded_by TEXT REFERENCES memories(id) ON DELETE SET NULL,
          content_hash TEXT NOT NULL,
          related_to TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(related_to)),
          source TEXT
        );
        CREATE INDEX memories_agent_time ON memories(agent_id, timestamp DESC);
        CREATE INDEX memories_agent_importance ON memories(agent_id, importance DESC);
        CREATE INDEX memories_agent_type ON memories(agent_id, type, timestamp DESC);
        CREATE INDEX memories_agent_domain ON memories(agent_id, domain, timestamp DESC);
        CREATE INDEX memories_short_term ON memories(agent_id, created_at) WHERE consolidated_at IS NULL;
        CREATE UNIQUE INDEX memories_verbatim ON memories(agent_id, content_hash) WHERE kind = 'memory';
        CREATE INDEX memories_fact_hash ON memories(agent_id, content_hash) WHERE kind = 'fact';
        CREATE INDEX memories_superseded ON memories(superseded_by) WHERE superseded_by IS NOT NULL;
        CREATE INDEX memories_user ON memories(agent_id, json_extract(context, '$.userId'));
        CREATE INDEX memories_room ON memories(agent_id, json_extract(context, '$.roomId'));
        CREATE INDEX memories_task ON memories(agent_id, json_extract(context, '$.taskId'));

        CREATE TABLE memory_tags (
          memory_seq INTEGER NOT NULL REFERENCES memories(seq) ON DELETE CASCADE,
          tag TEXT NOT NULL,
          PRIMARY KEY (tag, memory_seq)
        ) WITHOUT ROWID;
        CREATE INDEX memory_tags_memory ON memory_tags(memory_seq);

        CREATE TABLE consolidation_runs (
          id INTEGER PRIMARY KEY,
          agent_id TEXT NOT NULL,
          started_at INTEGER NOT NULL,
          duration_ms REAL NOT NULL,
          candidates_in INTEGER NOT NULL,
          kept INTEGER NOT NULL,
          pruned INTEGER NOT NULL,
          trigger TEXT NOT NULL
        );
        CREATE INDEX consolidation_runs_time ON consolidation_runs(agent_id, started_at DESC);

        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      `);
    },
  },
  {
    version: 2,
    description: 'full-text keyword index (FTS5, porter stemming) kept in step by triggers',
    up(db) {
      db.exec(`
        CREATE VIRTUAL TABLE memories_fts USING fts5(content, content='memories', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2');
        CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
          INSERT INTO memories_fts(rowid, content) VALUES (new.seq, new.content);
        END;
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
          INSERT INTO memories_fts(memories_fts, rowid, content) VALUES ('delete', old.seq, old.content);
        END;
        CREATE TRIGGER memories_fts_update AFTER UPDATE OF content ON memories BEGIN
          INSERT INTO memories_fts(memories_fts, rowid, content) VALUES ('delete', old.seq, old.content);
          INSERT INTO memories_fts(rowid, content) VALUES (new.seq, new.content);
        END;
        INSERT INTO memories_fts(memories_fts) VALUES ('rebuild');
      `);
    },
  },
  {
    version: 3,
    description: 'memory history (created, reinforced, superseded) and memory blocks',
    up(db) {
      db.exec(`
        CREATE TABLE memory_history (
          id INTEGER PRIMARY KEY,
          memory_seq INTEGER NOT NULL REFERENCES memories(seq) ON DELETE CASCADE,
          at INTEGER NOT NULL,
          event TEXT NOT NULL,
          details TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details))
        );
        CREATE INDEX memory_history_memory ON memory_history(memory_seq, at);
        CREATE INDEX memories_reply_to ON memories(agent_id, json_extract(context, '$.replyTo'));

        CREATE TABLE memory_blocks (
          agent_id TEXT NOT NULL,
          key TEXT NOT NULL,
          value TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (agent_id, key)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 4,
    description: 'live watcher watermarks: where each conversation source was read up to, written with the memories a batch produced',
    up(db) {
      db.exec(`
        CREATE TABLE live_watermarks (
          agent_id TEXT NOT NULL,
          source_id TEXT NOT NULL,
          byte_offset INTEGER NOT NULL DEFAULT 0,
          line_number INTEGER NOT NULL DEFAULT 0,
          inode TEXT,
          size INTEGER,
          first_line_hash TEXT,
          last_line_hash TEXT,
          last_message_id TEXT,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (agent_id, source_id)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 5,
    description: 'knowledge graph (entities, aliases, relations with validity, provenance cascading from memories), skill library with versions and outcomes, working-memory consolidation marks',
    up: createLayerTables,
  },
  {
    version: 6,
    description: 'keyword change log: which memories were inserted, deleted or edited, for in-memory keyword postings to replay',
    up: createKeywordChangeLog,
  },
  {
    version: 7,
    description: 'complete forgetting: FTS5 secure-delete, tombstones of forgotten ids (never re-imported), an index on the source a derived memory came from',
    up: createForgettingSchema,
  },
  {
    version: 8,
    description: 'flat write cost: the planner row count of the FTS5 shadow tables, taken when the keyword index was empty, is raised so a segment merge deletes by rowid range instead of scanning the whole index (fts-statistics.ts)',
    up: keepFtsStatisticsUsable,
  },
  {
    version: 9,
    description: 'context field: each memory indexed with the text of its neighbouring turns (reply links) in a second, lower-weighted FTS5 column kept by triggers',
    up: createNeighbourTextSchema,
  },
  {
    version: 10,
    description: 'flat forget cost: the delete and edit triggers rewrite neighbour text with one UPDATE per side of the reply link, which SQLite looks up by index (one OR-ed UPDATE scanned the rows: 70-350 ms a delete at 100k)',
    up: splitNeighbourRewrites,
  },
  {
    version: 11,
    description: 'ranking change log: which memories were inserted, deleted or changed in a ranking or filter field, for in-memory ranking columns to replay',
    up: createRankingChangeLog,
  },
  {
    version: 12,
    description: "forgetting reaches the graph's history: deleting or editing a memory drops the relations it is a source of and those it closed, and marks their other memories unlinked, so the next link reads them again without it",
    up: createGraphRelinkTriggers,
  },
  {
    version: 13,
    description: 'alias provenance: the memories that said each alias (and name) of a graph entity, so an alias only a forgotten memory said goes with it and an entity whose name went is named by an alias left',
    up: createGraphAliasSources,
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/**
 * Brings a database up to the latest schema inside one IMMEDIATE transaction,
 * so two processes opening a new file at once do not both migrate it.
 * A database written by a newer Hippocampus is refused, never downgraded.
 */
export function migrate(db: Database.Database, file: string, migrations: readonly Migration[] = MIGRATIONS): void {
  const latest = migrations.at(-1)?.version ?? 0;
  const run = db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > latest) {
      throw new HippocampusError({
        code: 'SCHEMA_TOO_NEW',
        message: `Database ${file} has schema version ${current}, but this Hippocampus knows only up to ${latest}. Upgrade Hippocampus to open it.`,
        details: { file, found: current, supported: latest },
      });
    }
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }
  });
  run.immediate();
}

import Database from 'better-sqlite3';
import { agentPaths } from '../../config/agent-paths.ts';

export interface DatabaseCheck {
  /** `PRAGMA integrity_check` said ok, and so did FTS5's own integrity check of the keyword index. */
  healthy: boolean;
  problems: string[];
  /** Ids of every memory row. */
  ids: Set<string>;
}

/**
 * Opens an agent's database directly (read-only, no engine) the way a person with the sqlite3
 * shell would, and checks it: the pages, the indexes, the keyword index against its rows.
 */
export function checkAgentDatabase(home: string, agentId: string): DatabaseCheck {
  const database = new Database(agentPaths(home, agentId).longTermDatabase, { fileMustExist: true });
  try {
    const problems: string[] = [];
    const integrity = database.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') problems.push(...integrity.map((row) => row.integrity_check));
    try {
      database.prepare("INSERT INTO memories_fts(memories_fts, rank) VALUES('integrity-check', 1)").run();
    } catch (error) {
      problems.push(`fts5: ${(error as Error).message}`);
    }
    const ids = new Set((database.prepare('SELECT id FROM memories').all() as { id: string }[]).map((row) => row.id));
    return { healthy: problems.length === 0, problems, ids };
  } finally {
    database.close();
  }
}

/**
 * A fingerprint of everything a request could change in an agent's database: rows, history,
 * blocks, the strength fields. Equal before and after a refused request means it wrote nothing.
 */
export function databaseFingerprint(home: string, agentId: string): string {
  const database = new Database(agentPaths(home, agentId).longTermDatabase, { readonly: true, fileMustExist: true });
  try {
    const row = database
      .prepare(
        `SELECT (SELECT count(*) FROM memories) AS memories,
                (SELECT total(importance) + total(running_intensity) + total(access_count) FROM memories) AS strength,
                (SELECT group_concat(id || ':' || length(content) || ':' || coalesce(superseded_by, ''), ',') FROM memories) AS rows,
                (SELECT count(*) FROM memory_history) AS history,
                (SELECT group_concat(key || length(value)) FROM memory_blocks) AS blocks`,
      )
      .get();
    return JSON.stringify(row);
  } finally {
    database.close();
  }
}

import Database from 'better-sqlite3';
import { agentPaths } from '../config/agent-paths.ts';

/**
 * A fingerprint of everything a request could change in an agent's database: rows, history, blocks,
 * the strength fields. Equal before and after a refused request means it wrote nothing. Read straight
 * from the file (read-only), as a person with the sqlite3 shell would, not through the engine under test.
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

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


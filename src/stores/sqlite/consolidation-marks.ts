import type { ConsolidationMarks } from '../../spec/consolidation-marks.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { runOnAgent } from './run-on-agent.ts';

export type { ConsolidationMarks };

/**
 * Consolidation marks in the agent's SQLite file (schema version 5): they
 * outlive an in-process working memory, so a conversation stored again after
 * a restart is still never mined twice.
 *
 * @example
 * const marks = createSqliteConsolidationMarks({ pool: backend.pool });
 * await marks.mark({ agentId: 'ada' }, 'conversation-7', Date.now(), ['01J…']);
 */
export function createSqliteConsolidationMarks(options: { pool: SqliteConnectionPool }): ConsolidationMarks {
  return {
    async consolidated(scope, conversationIds) {
      if (conversationIds.length === 0) return new Set();
      return runOnAgent(options.pool, scope.agentId, 'read consolidation marks', (db) => {
        const rows = db
          .prepare('SELECT conversation_id FROM working_consolidations WHERE agent_id = ? AND conversation_id IN (SELECT value FROM json_each(?))')
          .all(scope.agentId, JSON.stringify(conversationIds)) as { conversation_id: string }[];
        return new Set(rows.map((row) => row.conversation_id));
      });
    },
    async mark(scope, conversationId, at, memoryIds) {
      runOnAgent(options.pool, scope.agentId, 'write consolidation mark', (db) =>
        db
          .prepare('INSERT OR IGNORE INTO working_consolidations (agent_id, conversation_id, consolidated_at, memory_ids) VALUES (?, ?, ?, ?)')
          .run(scope.agentId, conversationId, at, JSON.stringify(memoryIds)),
      );
    },
  };
}

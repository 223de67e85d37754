import type { KeywordIndex } from '../../spec/search-index.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { buildWhere, placeholders } from './query-builder.ts';

/**
 * FTS5 keyword search. Terms are quoted (no FTS syntax reaches the engine from
 * users) and OR'd, so a memory matching some of the words still ranks.
 */
export function createSqliteKeywordIndex(options: { pool: SqliteConnectionPool }): KeywordIndex {
  return {
    async search(scope, terms, searchOptions) {
      const quoted = [...new Set(terms.map((term) => term.replace(/"/g, '').trim()).filter((term) => term.length > 0))].map((term) => `"${term}"`);
      if (quoted.length === 0) return [];
      const db = options.pool.connection(scope.agentId);
      const within = searchOptions.withinIds;
      const where = buildWhere(scope, { includeSuperseded: true, ...searchOptions.where, ...(within === undefined ? {} : { ids: within }) });
      const sql = `SELECT m.id AS id, -bm25(memories_fts) AS score FROM memories_fts JOIN memories m ON m.seq = memories_fts.rowid
        WHERE memories_fts MATCH ? AND ${where.sql} ORDER BY bm25(memories_fts) LIMIT ?`;
      const params = [quoted.join(' OR '), ...where.params, searchOptions.limit];
      try {
        return db.prepare(sql).all(...params) as { id: string; score: number }[];
      } catch (error) {
        throw new StoreError({ message: 'Keyword search failed', query: sql, params, cause: error });
      }
    },
  };
}

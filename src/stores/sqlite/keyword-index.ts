import type { Database } from 'better-sqlite3';
import type { KeywordHit, KeywordIndex } from '../../spec/search-index.ts';
import type { AgentScope, MemoryQuery } from '../../spec/memory-store.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { buildWhere } from './query-builder.ts';
import { anyOf, boostCommonTerms, commonTermBoost, planKeywordQuery } from './common-terms.ts';
import { TermStatistics } from './term-statistics.ts';

export interface SqliteKeywordIndexOptions {
  pool: SqliteConnectionPool;
  /**
   * A term found in more than this many memories is "common": it adds to the
   * score of memories that a rarer query term matched, but pulls in no matches
   * of its own (as Elasticsearch's common-terms query). FTS5 scores every match
   * of every term at about a microsecond each, and a name in every other
   * memory matches tens of thousands at 100k. With no common term, BM25 is
   * exact. Default 1,000.
   */
  commonTermDocs?: number;
  /** When every query term is common, memories must hold all of them, among the newest this many. Default 10,000. */
  commonOnlyWindow?: number;
}

type Hit = KeywordHit & { seq: number };

/**
 * FTS5 keyword search with BM25 ranking. Terms are quoted (no FTS syntax reaches
 * the engine from users) and OR'd, so a memory matching some of the words still
 * ranks; very common terms are handled as `SqliteKeywordIndexOptions.commonTermDocs` says.
 */
export function createSqliteKeywordIndex(options: SqliteKeywordIndexOptions): KeywordIndex {
  const commonTermDocs = options.commonTermDocs ?? 1_000;
  const commonOnlyWindow = options.commonOnlyWindow ?? 10_000;
  const statistics = new WeakMap<Database, TermStatistics>();
  return {
    async search(scope, terms, searchOptions) {
      const quoted = [...new Set(terms.map((term) => term.replace(/"/g, '').trim()).filter((term) => term.length > 0))].map((term) => `"${term}"`);
      if (quoted.length === 0) return [];
      const db = options.pool.connection(scope.agentId);
      const within = searchOptions.withinIds;
      const where = buildWhere(scope, { includeSuperseded: true, ...searchOptions.where, ...(within === undefined ? {} : { ids: within }) });
      const run = (spec: Omit<FtsQuery, 'where'>): Hit[] => query(db, { ...spec, where });
      // An id list bounds the work already: exact BM25 over it.
      if (within !== undefined) return strip(run({ match: anyOf(quoted), order: 'bm25', limit: searchOptions.limit }));

      let stats = statistics.get(db);
      if (stats === undefined) statistics.set(db, (stats = new TermStatistics(db)));
      const plan = planKeywordQuery(quoted, (term) => stats.matchesMoreThan(term, commonTermDocs));
      switch (plan.kind) {
        case 'exact':
          return strip(run({ match: anyOf(plan.terms), order: 'bm25', limit: searchOptions.limit }));
        case 'rare-with-common': {
          // Every match of the rare terms (at most commonTermDocs each), then which of them hold each common
          // term: an AND with rare terms only seeks into the common term's list, and asks for no score.
          const rare = anyOf(plan.rare);
          const hits = run({ match: rare, order: 'bm25' });
          const holders = plan.common.map((term) => ({
            boost: commonTermBoost(stats.memories(), stats.documents(term)),
            seqs: new Set(run({ match: `(${rare}) AND ${term}`, order: 'none' }).map((hit) => hit.seq)),
          }));
          return boostCommonTerms(hits, holders, searchOptions.limit);
        }
        case 'common-only': {
          const boost = plan.common.reduce((sum, term) => sum + commonTermBoost(stats.memories(), stats.documents(term)), 0);
          const newest = run({ match: plan.common.join(' AND '), order: 'newest', newestRows: commonOnlyWindow, limit: searchOptions.limit });
          return newest.map((hit) => ({ id: hit.id, score: boost }));
        }
      }
    },
  };
}

interface FtsQuery {
  match: string;
  where: { sql: string; params: unknown[] };
  /** bm25: best BM25 first (and scored); newest: newest row first, unscored; none: any order, unscored. */
  order: 'bm25' | 'newest' | 'none';
  /** Only rows among the newest this many of the index. */
  newestRows?: number;
  limit?: number;
}

function strip(hits: Hit[]): KeywordHit[] {
  return hits.map((hit) => ({ id: hit.id, score: hit.score }));
}

/** Rows matching an FTS5 expression and the row filter. bm25() is computed only when ranking by it: it costs a pass over every term's matches. */
function query(db: Database, spec: FtsQuery): Hit[] {
  const score = spec.order === 'bm25' ? '-bm25(memories_fts)' : '0';
  const window = spec.newestRows === undefined ? '' : 'AND memories_fts.rowid > (SELECT max(rowid) FROM memories_fts) - ?';
  const order = spec.order === 'bm25' ? 'ORDER BY bm25(memories_fts)' : spec.order === 'newest' ? 'ORDER BY memories_fts.rowid DESC' : '';
  const sql = `SELECT m.id AS id, m.seq AS seq, ${score} AS score FROM memories_fts JOIN memories m ON m.seq = memories_fts.rowid
        WHERE memories_fts MATCH ? ${window} AND ${spec.where.sql} ${order} ${spec.limit === undefined ? '' : 'LIMIT ?'}`;
  const params = [spec.match, ...(spec.newestRows === undefined ? [] : [spec.newestRows]), ...spec.where.params, ...(spec.limit === undefined ? [] : [spec.limit])];
  try {
    return db.prepare(sql).all(...params) as Hit[];
  } catch (error) {
    throw new StoreError({ message: 'Keyword search failed', query: sql, params, cause: error });
  }
}

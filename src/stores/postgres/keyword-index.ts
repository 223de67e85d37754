import { DEFAULT_NEIGHBOUR_WEIGHT } from '../../core/recall-scoring.ts';
import type { KeywordIndex } from '../../spec/search-index.ts';
import { buildWhere, Parameters } from './memory-query.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { tsqueryOperand } from './tsquery-operand.ts';

/** BM25 constants of FTS5's bm25(), so the hybrid recall's keyword signal means the same on both backends. */
const K1 = 1.2;
const B = 0.75;

export interface PostgresKeywordIndexOptions {
  database: PostgresDatabase;
  /**
   * As SQLite's `commonTermDocs`: the rarest words match while their documents add up to at most
   * this; the other words still score the memories those matched (their BM25 term is added), but
   * pull in no matches of their own. Default 1,000; Infinity = every word matches.
   */
  commonTermDocs?: number;
}

/** Letters and digits only: a term can carry no websearch syntax (quotes, `-`, `or`) into the query. */
function plainWord(term: string): string {
  return term.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * Keyword recall on PostgreSQL's full-text search: a generated `tsvector` column (english
 * configuration: Snowball stemming and stop words, where FTS5 uses Porter and keeps stop words) under
 * a GIN index, ranked by BM25 computed in SQL with FTS5's formula and constants (IDF floored at 1e-6,
 * k1 1.2, b 0.75, document length in tokens) from per-agent word counts that triggers keep exact.
 * PostgreSQL's own ts_rank is not BM25 (no IDF), which would change what the keyword signal means.
 */
export function createPostgresKeywordIndex(options: PostgresKeywordIndexOptions): KeywordIndex {
  const { database } = options;
  const budget = options.commonTermDocs ?? 1_000;

  return {
    // The neighbouring turns' text in a second tsvector (schema 4, neighbour-field-schema.ts).
    neighbourField: true,

    async search(scope, terms, searchOptions) {
      const text = terms.map(plainWord).filter((word) => word.length > 0).join(' ');
      if (text.length === 0 || searchOptions.limit <= 0) return [];
      const neighbourWeight = searchOptions.neighbourWeight ?? DEFAULT_NEIGHBOUR_WEIGHT;
      // The budget bounds a search of the whole agent; within given ids every word matches.
      const wordBudget = searchOptions.withinIds === undefined ? budget : Infinity;
      const parameters = new Parameters([scope.agentId, text, wordBudget, neighbourWeight]);
      // A search of the whole agent finds the agent's matches in the GIN index (the agent is a word of the
      // indexed document, schema 9): an agent condition the planner may index would AND in all its rows.
      const within = searchOptions.withinIds === undefined ? {} : { ids: searchOptions.withinIds };
      const where = buildWhere(scope, { includeSuperseded: true, ...searchOptions.where, ...within }, parameters, { agentIndexed: searchOptions.withinIds !== undefined });
      const limit = parameters.add(searchOptions.limit);
      // One statement: the query's words with the agent's counts (`weights`), the rarest of them whose
      // documents fit the budget (at least the rarest one; equal counts by lexeme) as the matching tsquery
      // (each word quoted: one operand, never an operator) ANDed with the agent's word, and BM25 over the matches. The words' lookup was
      // a round trip of its own before the search.
      // FTS5's bm25(memories_fts, 1, w): each occurrence weighs its field's weight inside the saturation,
      // the length is both fields' tokens. A match in the neighbours' field alone scores 0 at weight 0: no match then.
      // Only the query's words of each match are unnested (weighted A by setweight, kept by ts_filter): unnesting
      // every word of 1,396 matches was 28 of a 40 ms search at 100k; the same scores in 19-40 ms against 58-87 (load 7).
      // Each match is scored by one subquery of its own row (no GROUP BY over every match's words and a second over
      // the matches), a word's IDF read from the query's arrays, and a memory with no neighbour text (most) unnests its
      // own field alone: 0.74-0.77 of the server time with two GROUP BYs on the pairs agent's 207 searches (docs/postgres.md).
      // MATERIALIZED: the score is computed once, not again for the filter on it.
      const idf = `(SELECT idfs FROM query)[array_position((SELECT words FROM query), u.lexeme)]`;
      const term = `${idf} * (u.tf * ${K1 + 1}) / (u.tf + ${K1} * (${1 - B} + ${B} * (m.document_tokens + m.neighbour_tokens) / (SELECT average FROM query)))`;
      const own = `SELECT d.lexeme, coalesce(array_length(d.positions, 1), 1)::float8 AS tf FROM unnest(ts_filter(setweight(m.document, 'A', (SELECT words FROM query)), '{a}')) AS d`;
      const neighbours = `SELECT n.lexeme, $4::float8 * coalesce(array_length(n.positions, 1), 1) FROM unnest(ts_filter(setweight(m.neighbour_document, 'A', (SELECT words FROM query)), '{a}')) AS n`;
      const rows = await database.rows<{ id: string; score: number }>(
        `WITH weights AS (
           SELECT t.lexeme, greatest(1e-6, ln((tot.documents - t.documents + 0.5) / (t.documents + 0.5))) AS idf,
                  tot.tokens::float8 / greatest(tot.documents, 1) AS average,
                  row_number() OVER rarest AS rarity, sum(t.documents) OVER rarest AS running
           FROM unnest(tsvector_to_array(to_tsvector('english', $2))) AS q(lexeme)
           JOIN keyword_terms t ON t.agent_id = $1 AND t.lexeme = q.lexeme
           JOIN keyword_totals tot ON tot.agent_id = $1
           WINDOW rarest AS (ORDER BY t.documents, t.lexeme ROWS UNBOUNDED PRECEDING)
         ),
         query AS (
           SELECT array_agg(lexeme ORDER BY lexeme) AS words, array_agg(idf ORDER BY lexeme) AS idfs, min(average) AS average,
                  (string_agg(${tsqueryOperand('lexeme')}, ' | ') FILTER (WHERE rarity = 1 OR running <= $3::float8))::tsquery && hippocampus_agent_query($1) AS matching
           FROM weights
         ),
         matched AS MATERIALIZED (
           SELECT m.id, CASE WHEN m.neighbour_document = ''::tsvector
             THEN (SELECT sum(${term}) FROM (${own}) AS u)
             ELSE (SELECT CASE WHEN sum(u.tf) > 0 THEN sum(${term}) END
                   FROM (SELECT f.lexeme, sum(f.tf) AS tf FROM (${own} UNION ALL ${neighbours}) AS f GROUP BY f.lexeme) AS u) END AS score
           FROM memories m
           WHERE (m.document || m.neighbour_document || hippocampus_agent_lexeme(m.agent_id)) @@ (SELECT matching FROM query) AND ${where}
         )
         SELECT id, score FROM matched WHERE score IS NOT NULL ORDER BY score DESC, id LIMIT ${limit}`,
        parameters.values,
      );
      return rows.map((row) => ({ id: row.id, score: row.score }));
    },

    async maintain() {
      // Nothing cached in process: the GIN index and the word counts are kept by PostgreSQL.
    },

    async close() {},
  };
}

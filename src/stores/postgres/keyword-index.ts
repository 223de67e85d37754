import { DEFAULT_NEIGHBOUR_WEIGHT } from '../../core/recall-scoring.ts';
import type { KeywordIndex } from '../../spec/search-index.ts';
import { buildWhere, Parameters } from './memory-query.ts';
import type { PostgresDatabase } from './postgres-database.ts';

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

interface Weight {
  lexeme: string;
  documents: number;
  idf: number;
}

/** Letters and digits only: a term can carry no websearch syntax (quotes, `-`, `or`) into the query. */
function plainWord(term: string): string {
  return term.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** A lexeme as a quoted tsquery operand: whatever characters it holds, it is one word, never an operator. */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
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

  async function weightsOf(agentId: string, text: string): Promise<{ weights: Weight[]; average: number }> {
    const rows = await database.rows<{ lexeme: string; documents: number; idf: number; average: number }>(
      `SELECT t.lexeme, t.documents, greatest(1e-6, ln((tot.documents - t.documents + 0.5) / (t.documents + 0.5))) AS idf,
              tot.tokens::float8 / greatest(tot.documents, 1) AS average
       FROM unnest(tsvector_to_array(to_tsvector('english', $2))) AS q(lexeme)
       JOIN keyword_terms t ON t.agent_id = $1 AND t.lexeme = q.lexeme
       JOIN keyword_totals tot ON tot.agent_id = $1`,
      [agentId, text],
    );
    return { weights: rows.map(({ lexeme, documents, idf }) => ({ lexeme, documents, idf })), average: rows[0]?.average ?? 1 };
  }

  /** The rarest words whose documents fit the budget (at least the rarest one). */
  function drivingWords(weights: Weight[], limited: boolean): Weight[] {
    if (!limited) return weights;
    const byRarity = [...weights].sort((left, right) => left.documents - right.documents);
    const driving: Weight[] = [];
    let documents = 0;
    for (const weight of byRarity) {
      if (driving.length > 0 && documents + weight.documents > budget) break;
      driving.push(weight);
      documents += weight.documents;
    }
    return driving;
  }

  return {
    // The neighbouring turns' text in a second tsvector (schema 4, neighbour-field-schema.ts).
    neighbourField: true,

    async search(scope, terms, searchOptions) {
      const text = terms.map(plainWord).filter((word) => word.length > 0).join(' ');
      if (text.length === 0 || searchOptions.limit <= 0) return [];
      const { weights, average } = await weightsOf(scope.agentId, text);
      if (weights.length === 0) return [];
      const driving = drivingWords(weights, searchOptions.withinIds === undefined);
      const neighbourWeight = searchOptions.neighbourWeight ?? DEFAULT_NEIGHBOUR_WEIGHT;
      const parameters = new Parameters([weights.map((weight) => weight.lexeme), weights.map((weight) => weight.idf), average, driving.map((weight) => quotedLexeme(weight.lexeme)).join(' | '), neighbourWeight]);
      const where = buildWhere(scope, { includeSuperseded: true, ...searchOptions.where, ...(searchOptions.withinIds === undefined ? {} : { ids: searchOptions.withinIds }) }, parameters);
      const limit = parameters.add(searchOptions.limit);
      // FTS5's bm25(memories_fts, 1, w): each occurrence weighs its field's weight inside the saturation,
      // the length is both fields' tokens. A match in the neighbours' field alone scores 0 at weight 0: no match then.
      // Only the query's words of each match are unnested (weighted A by setweight, kept by ts_filter): unnesting
      // every word of 1,396 matches was 28 of a 40 ms search at 100k; the same scores in 19-40 ms against 58-87 (load 7).
      const rows = await database.rows<{ id: string; score: number }>(
        `WITH weights AS (SELECT * FROM unnest($1::text[], $2::float8[]) AS w(lexeme, idf)),
         matched AS (
           SELECT m.id, m.document_tokens + m.neighbour_tokens AS tokens, w.idf, sum(u.tf) AS tf
           FROM memories m
           CROSS JOIN LATERAL (
             SELECT d.lexeme, coalesce(array_length(d.positions, 1), 1)::float8 AS tf FROM unnest(ts_filter(setweight(m.document, 'A', $1::text[]), '{a}')) AS d
             UNION ALL SELECT n.lexeme, $5::float8 * coalesce(array_length(n.positions, 1), 1) FROM unnest(ts_filter(setweight(m.neighbour_document, 'A', $1::text[]), '{a}')) AS n
           ) AS u
           JOIN weights w ON w.lexeme = u.lexeme
           WHERE (m.document @@ $4::tsquery OR m.neighbour_document @@ $4::tsquery) AND ${where}
           GROUP BY m.id, m.document_tokens, m.neighbour_tokens, w.lexeme, w.idf
         )
         SELECT id, sum(idf * (tf * ${K1 + 1}) / (tf + ${K1} * (${1 - B} + ${B} * tokens / $3::float8))) AS score
         FROM matched GROUP BY id HAVING sum(tf) > 0 ORDER BY score DESC, id LIMIT ${limit}`,
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

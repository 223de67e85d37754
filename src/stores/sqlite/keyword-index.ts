import type { Database } from 'better-sqlite3';
import type { KeywordHit, KeywordIndex } from '../../spec/search-index.ts';
import type { AgentScope, MemoryQuery } from '../../spec/memory-store.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { preparedOnce, preparedRawOnce } from './statement-cache.ts';
import { buildWhere } from './query-builder.ts';
import { anyOf, boostCommonTerms, commonTermBoost, planKeywordQuery, type KeywordQueryPlan } from './common-terms.ts';
import { TermStatistics } from './term-statistics.ts';
import { KeywordPostings } from './keyword-postings.ts';
import { buildPostingsSnapshot } from './build-postings-snapshot.ts';
import { pruneKeywordChanges, readKeywordLogState } from './keyword-change-log.ts';
import { DEFAULT_NEIGHBOUR_WEIGHT } from '../../core/recall-scoring.ts';
import { rankingColumnsOf } from './ranking-columns.ts';
import { compileRowFilter } from './row-filter.ts';

export interface SqliteKeywordIndexOptions {
  pool: SqliteConnectionPool;
  /**
   * How many matches a query's BM25 may score. The rarest terms match while
   * their matches add up to at most this; the others are "common": each adds
   * its IDF to the memories the rare terms matched that hold it, but pulls in
   * no matches of its own (as Elasticsearch's common-terms query). FTS5's
   * bm25() costs a few microseconds per match, and a name in every eighth
   * memory matches 12,500 at 100k. Within the budget, BM25 is exact. Default 1,000.
   */
  commonTermDocs?: number;
  /** When every query term is common, memories must hold all of them, among the newest this many. Default 10,000. */
  commonOnlyWindow?: number;
  /**
   * From this many memories on, `maintain` builds in-memory postings of the
   * index and unfiltered searches are answered from them: exact BM25 at a few
   * nanoseconds per match instead of FTS5's microseconds. Below it FTS5 is
   * fast enough. Default 2,000; Infinity: never.
   */
  postingsFromMemories?: number;
  /** On read-only connections (read workers): `maintain` builds the postings but leaves the change log to the writer. */
  readOnly?: boolean;
}

/** Changes of the keyword log kept for other processes to replay; older ones make their postings rebuild. */
const KEPT_CHANGES = 100_000;

/**
 * FTS5 keyword search with BM25 ranking. Terms are quoted (no FTS syntax reaches
 * the engine from users) and OR'd, so a memory matching some of the words still
 * ranks; very common terms are handled as `SqliteKeywordIndexOptions.commonTermDocs` says.
 */
export function createSqliteKeywordIndex(options: SqliteKeywordIndexOptions): KeywordIndex {
  const commonTermDocs = options.commonTermDocs ?? 1_000;
  const commonOnlyWindow = options.commonOnlyWindow ?? 10_000;
  const postingsFromMemories = options.postingsFromMemories ?? 2_000;
  const statistics = new WeakMap<Database, TermStatistics>();
  const postings = new WeakMap<Database, KeywordPostings>();
  const building = new WeakSet<Database>();
  const statisticsOf = (db: Database): TermStatistics => {
    let stats = statistics.get(db);
    if (stats === undefined) statistics.set(db, (stats = new TermStatistics(db)));
    return stats;
  };
  /** The postings of the connection, caught up with every committed change; null when there are none or they went stale. */
  const currentPostings = (db: Database): KeywordPostings | null => {
    const held = postings.get(db);
    if (held === undefined) return null;
    if (held.catchUp()) return held;
    postings.delete(db);
    return null;
  };
  return {
    neighbourField: true,

    async maintain(scope) {
      const db = options.pool.connection(scope.agentId);
      if (currentPostings(db) === null && !building.has(db) && statisticsOf(db).memories() >= postingsFromMemories) {
        // Read in a worker on a connection of its own: seconds at 100k memories that queries do not wait for.
        building.add(db);
        try {
          const built = KeywordPostings.fromSnapshot(db, await buildPostingsSnapshot(db.name));
          if (built.catchUp()) postings.set(db, built);
        } finally {
          building.delete(db);
        }
      }
      if (!options.readOnly) pruneKeywordChanges(db, KEPT_CHANGES);
    },

    async close() {
      // Postings are keyed by connection; a closed pool's connections are never handed out again.
    },

    async search(scope, terms, searchOptions) {
      const words = [...new Set(terms.map((term) => term.replace(/"/g, '').trim()).filter((term) => term.length > 0))];
      if (words.length === 0) return [];
      const quoted = words.map((word) => `"${word}"`);
      const db = options.pool.connection(scope.agentId);
      const neighbourWeight = searchOptions.neighbourWeight ?? DEFAULT_NEIGHBOUR_WEIGHT;
      const within = searchOptions.withinIds;
      const filters = { ...searchOptions.where, ...(within === undefined ? {} : { ids: within }) };
      // Without filters the index alone answers, and ids are looked up for the returned rows only.
      const rows = { includeSuperseded: true, ...filters };
      const where = Object.keys(filters).length === 0 ? null : { ...buildWhere(scope, rows), passing: passingOf(db, scope, rows) };
      const run = (spec: Omit<FtsQuery, 'where' | 'neighbourWeight'>): Hit[] => query(db, { ...spec, where, neighbourWeight });
      // A match in the neighbours' field alone scores 0 at weight 0: not a match then (every scored path floors IDF above 0).
      const finish = (hits: Hit[]): KeywordHit[] => withIds(db, scope, hits.filter((hit) => hit.score > 0));
      if (where === null) {
        const fromMemory = currentPostings(db)?.search(words, searchOptions.limit, neighbourWeight);
        if (fromMemory !== undefined && fromMemory !== null) return finish(fromMemory);
      }
      // An id list bounds the work already: exact BM25 over it.
      if (within !== undefined) return finish(run({ match: anyOf(quoted), order: 'bm25', limit: searchOptions.limit }));

      const stats = statisticsOf(db);
      const plan: KeywordQueryPlan = Number.isFinite(commonTermDocs) ? planKeywordQuery(quoted, (term) => stats.countUpTo(term, commonTermDocs), commonTermDocs) : { kind: 'exact', terms: quoted };
      // The postings score as bm25() does; the filter is then SQL's over the matches, best first (scoredWhere).
      const held = where === null ? null : currentPostings(db);
      switch (plan.kind) {
        case 'exact': {
          const fromPostings = held === null ? null : scoredWhere(db, held, plan.terms, where!, neighbourWeight, searchOptions.limit);
          return finish(fromPostings ?? run({ match: anyOf(plan.terms), order: 'bm25', limit: searchOptions.limit }));
        }
        case 'rare-with-common': {
          // Every match of the rare terms (at most commonTermDocs in all), then which of them hold each common
          // term: an AND with rare terms only seeks into the common term's list, and asks for no score.
          const rare = anyOf(plan.rare);
          const boosts = plan.common.map((term) => commonTermBoost(stats.memories(), stats.documents(term)));
          // From the postings only while a neighbour-only match scores: at weight 0 FTS5 returns it at 0 and a
          // common term's boost can lift it, where the postings do not return it.
          const fromPostings = held === null || neighbourWeight <= 0 ? null : boostedWhere(db, held, plan, boosts, where!, neighbourWeight, searchOptions.limit);
          if (fromPostings !== null) return finish(fromPostings);
          const hits = run({ match: rare, order: 'bm25' });
          const holders = plan.common.map((term, position) => ({ boost: boosts[position]!, seqs: new Set(run({ match: `(${rare}) AND ${term}`, order: 'none' }).map((hit) => hit.seq)) }));
          return finish(boostCommonTerms(hits, holders, searchOptions.limit));
        }
        case 'common-only': {
          const boost = plan.common.reduce((sum, term) => sum + commonTermBoost(stats.memories(), stats.documents(term)), 0);
          const fromPostings = within === undefined ? newestHoldingAll(db, currentPostings(db), plan.common, where, commonOnlyWindow, searchOptions.limit) : null;
          const newest = fromPostings ?? run({ match: plan.common.join(' AND '), order: 'newest', afterSeq: newestWindowFloor(db, commonOnlyWindow), limit: searchOptions.limit });
          return finish(newest.map((hit) => ({ ...hit, score: boost })));
        }
      }
    },
  };
}

/**
 * A matching row of the FTS index (its rowid is the memory's seq) and its BM25 score, 0 when unscored;
 * with the memory's id when the query that found it read the row (the filtered postings paths).
 */
interface Hit {
  seq: number;
  score: number;
  id?: string;
}

/**
 * A row filter as SQL (over `memories m`) and, where the ranking columns answer it, as a function of a
 * seq giving the memory's id when it passes (asked for when first needed, so it is caught up then).
 */
interface RowWhere {
  sql: string;
  params: unknown[];
  passing?: () => ((seq: number) => string | undefined) | null;
}

interface FtsQuery {
  match: string;
  /** Row filter on the memories table; null: none beyond the agent's own index. */
  where: { sql: string; params: unknown[] } | null;
  /** bm25()'s weight of the neighbour_text column (the memory's own content weighs 1). */
  neighbourWeight: number;
  /** bm25: best BM25 first (and scored); newest: newest row first, unscored; none: any order, unscored. */
  order: 'bm25' | 'newest' | 'none';
  /** Only rows above this seq (`newestWindowFloor`: the newest rows of the index). */
  afterSeq?: number;
  limit?: number;
}

/**
 * The filtered all-common-terms query from the postings: the memories holding every term among the
 * newest `window` of the index, filtered by SQL over those few, newest first — the rows FTS5's
 * `"a" AND "b" … AND rowid > floor` (`newestWindowFloor`) joined with the filter gives. FTS5 reads each common
 * term's list for it: 3-23 ms a search at 100k memories (four of the http bench's five queries).
 * Null when there are no postings or a term is not one token.
 */
function newestHoldingAll(db: Database, postings: KeywordPostings | null, quotedTerms: string[], where: RowWhere | null, window: number, limit: number): Hit[] | null {
  if (postings === null || where === null) return null;
  const seqs = postings.holdingAll(quotedTerms.map((term) => term.slice(1, -1)), postings.newestFloor(window));
  if (seqs === null) return null;
  if (seqs.length === 0) return [];
  // Newest first, a slice at a time, until the filter has passed `limit`: most filters pass a good share,
  // and filtering all of them (hundreds at 72k memories) cost ~0.4 ms of a search's 1-2 ms.
  const newestFirst = Int32Array.from(seqs).sort().reverse();
  return filteredInOrder(db, Array.from(newestFirst, (seq) => ({ seq, score: 0 })), where, limit);
}

/**
 * A filtered BM25 query from the postings: every match of the terms scored as bm25() scores it, then
 * the filter by SQL over them, best first, a slice at a time until `limit` have passed — the rows of
 * FTS5's `MATCH "a" OR "b"` joined with the filter, ordered by score then seq. FTS5 computes bm25() for
 * every match (a few microseconds each, more while writes leave small segments): one server profile with
 * fifty 2k agents and a writer had it at 22% of the busy time. Measured since: no faster in process
 * without writes (2.2 ms of CPU a 2k search either way), ~7% less main-thread CPU a search in a same-run
 * HTTP pair with the writer (docs/recall.md). Null when there are no postings or a term is not one token.
 */
function scoredWhere(db: Database, postings: KeywordPostings, quotedTerms: string[], where: RowWhere, neighbourWeight: number, limit: number): Hit[] | null {
  const ranked = postings.search(
    quotedTerms.map((term) => term.slice(1, -1)),
    Number.POSITIVE_INFINITY,
    neighbourWeight,
  );
  if (ranked === null) return null;
  return filteredInOrder(db, ranked, where, limit);
}

/**
 * The rare-with-common plan from the postings: the rare terms' matches scored as bm25() scores them, each
 * common term's boost added to those holding it, then filtered best first until `limit` have passed — what
 * FTS5's filtered rare matches and its `(rare) AND common` queries give. Every match's final score is known
 * before any is filtered (which of them hold each common term is read once for all), so SQL reads only as
 * many as it takes to pass `limit`. Filtered in order of the rare terms' score instead, with a stop where no
 * later match could reach the top, it read all of them: a common term's boost is as wide as the spread of
 * one rare term's scores, so the stop never came — fifty 2k agents, ~700 matches a search in 11 statements,
 * 30% of a search's CPU (2026-11-27). Null when there are no postings or a term is not one token.
 */
function boostedWhere(db: Database, postings: KeywordPostings, plan: { rare: string[]; common: string[] }, boosts: number[], where: RowWhere, neighbourWeight: number, limit: number): Hit[] | null {
  const ranked = postings.search(
    plan.rare.map((term) => term.slice(1, -1)),
    Number.POSITIVE_INFINITY,
    neighbourWeight,
  );
  if (ranked === null) return null;
  const seqs = ranked.map((hit) => hit.seq);
  const holders: { boost: number; seqs: Set<number> }[] = [];
  for (const [position, term] of plan.common.entries()) {
    // Each read walks the term's whole list (a third of the agent for such a word): once for all matches.
    const holding = postings.holdersAmong(term.slice(1, -1), seqs);
    if (holding === null) return null;
    holders.push({ boost: boosts[position]!, seqs: holding });
  }
  return filteredInOrder(db, boostCommonTerms(ranked, holders, Number.POSITIVE_INFINITY), where, limit);
}

/**
 * The hits whose memory passes `where`, in the order given, at most `limit`: SQL filters a slice at a time,
 * reading each memory's id with the row the filter reads anyway (no seq → id lookup after: ~5% of a search's CPU).
 */
function filteredInOrder(db: Database, hits: Hit[], where: RowWhere, limit: number): Hit[] {
  const passing = where.passing?.();
  if (passing !== null && passing !== undefined) {
    const kept: Hit[] = [];
    for (const hit of hits) {
      if (kept.length === limit) break;
      const id = passing(hit.seq);
      if (id !== undefined) kept.push({ seq: hit.seq, score: hit.score, id });
    }
    return kept;
  }
  // CROSS JOIN keeps the candidates the outer loop: the filter alone would walk an index of the agent's rows.
  const sql = `SELECT m.seq AS seq, m.id AS id FROM json_each(?) AS candidate CROSS JOIN memories m ON m.seq = candidate.value WHERE ${where.sql}`;
  const kept: Hit[] = [];
  const slice = Number.isFinite(limit) ? Math.max(64, limit * 4) : 1_024;
  for (let start = 0; start < hits.length && kept.length < limit; start += slice) {
    const candidates = hits.slice(start, start + slice);
    const params = [JSON.stringify(candidates.map((hit) => hit.seq)), ...where.params];
    let passed: Map<number, string>;
    try {
      passed = new Map(preparedRawOnce(db, sql).all(...params) as [number, string][]);
    } catch (error) {
      throw new StoreError({ message: 'Keyword search failed', query: sql, params, cause: error });
    }
    for (const hit of candidates) {
      if (kept.length === limit) break;
      const id = passed.get(hit.seq);
      if (id !== undefined) kept.push({ seq: hit.seq, score: hit.score, id });
    }
  }
  return kept;
}

/** Each connection's last `newestWindowFloor`, and the keyword change it was read at. */
const floors = new WeakMap<Database, { change: number; window: number; seq: number }>();

/**
 * The seq above which the newest `window` memories lie (below every seq when there are fewer): what
 * `KeywordPostings.newestFloor` keeps, for the searches FTS5 answers. Not `max(seq) - window`: seqs run
 * ahead of memories as memories are deleted (see there). Read from the table (~0.14 ms at 100k) again
 * only when the keyword change log has moved.
 */
function newestWindowFloor(db: Database, window: number): number {
  const { head } = readKeywordLogState(db);
  const cached = floors.get(db);
  if (cached !== undefined && cached.change === head && cached.window === window) return cached.seq;
  const sql = 'SELECT seq FROM memories ORDER BY seq DESC LIMIT 1 OFFSET ?';
  let seq: number;
  try {
    seq = (preparedOnce(db, sql).get(window) as { seq: number } | undefined)?.seq ?? Number.MIN_SAFE_INTEGER;
  } catch (error) {
    throw new StoreError({ message: 'Keyword search failed', query: sql, params: [window], cause: error });
  }
  floors.set(db, { change: head, window, seq });
  return seq;
}

/** The memory ids of ranked hits, in their order; a row not of this agent is dropped. Hits read with their row (under the agent's filter) carry their id already. */
function withIds(db: Database, scope: AgentScope, hits: Hit[]): KeywordHit[] {
  if (hits.length === 0) return [];
  if (hits.every((hit) => hit.id !== undefined)) return hits.map((hit) => ({ id: hit.id!, score: hit.score }));
  const ofAgent = passingOf(db, scope, { includeSuperseded: true })();
  if (ofAgent !== null) {
    return hits.flatMap((hit) => {
      const id = ofAgent(hit.seq);
      return id === undefined ? [] : [{ id, score: hit.score }];
    });
  }
  const sql = `SELECT seq, id FROM memories WHERE agent_id = ? AND seq IN (${hits.map(() => '?').join(', ')})`;
  const params = [scope.agentId, ...hits.map((hit) => hit.seq)];
  let ids: Map<number, string>;
  try {
    ids = new Map(preparedRawOnce(db, sql).all(...params) as [number, string][]);
  } catch (error) {
    throw new StoreError({ message: 'Keyword hit lookup failed', query: sql, params, cause: error });
  }
  return hits.flatMap((hit) => (ids.has(hit.seq) ? [{ id: ids.get(hit.seq)!, score: hit.score }] : []));
}

/**
 * The memories passing `filters` (buildWhere's test, ids included) by the ranking columns: a seq's id
 * when its memory passes; null when the columns cannot answer (inside a transaction, or a filter they
 * do not hold), and SQL filters. Read when first called: the postings are caught up before, the columns then.
 */
function passingOf(db: Database, scope: AgentScope, filters: MemoryQuery): () => ((seq: number) => string | undefined) | null {
  return () => {
    const columns = rankingColumnsOf(db);
    if (columns === null) return null;
    const test = compileRowFilter(scope, filters, columns);
    if (test === null) return null;
    const ids = filters.ids === undefined ? null : new Set(filters.ids);
    return (seq) => {
      const id = columns.idOf(seq);
      return id !== undefined && test(seq) && (ids === null || ids.has(id)) ? id : undefined;
    };
  };
}

/** Rows matching an FTS5 expression and the row filter. bm25() is computed only when ranking by it: it costs a pass over every term's matches. */
function query(db: Database, spec: FtsQuery): Hit[] {
  const score = spec.order === 'bm25' ? '-bm25(memories_fts, 1.0, ?)' : '0';
  const window = spec.afterSeq === undefined ? '' : 'AND memories_fts.rowid > ?';
  // Ordered by the selected score, so bm25() runs once per row.
  const order = spec.order === 'bm25' ? 'ORDER BY score DESC, memories_fts.rowid' : spec.order === 'newest' ? 'ORDER BY memories_fts.rowid DESC' : '';
  const from = spec.where === null ? 'memories_fts' : 'memories_fts JOIN memories m ON m.seq = memories_fts.rowid';
  const sql = `SELECT memories_fts.rowid AS seq, ${score} AS score FROM ${from}
        WHERE memories_fts MATCH ? ${window} ${spec.where === null ? '' : `AND ${spec.where.sql}`} ${order} ${spec.limit === undefined ? '' : 'LIMIT ?'}`;
  const params = [...(spec.order === 'bm25' ? [spec.neighbourWeight] : []), spec.match, ...(spec.afterSeq === undefined ? [] : [spec.afterSeq]), ...(spec.where?.params ?? []), ...(spec.limit === undefined ? [] : [spec.limit])];
  try {
    return preparedOnce(db, sql).all(...params) as Hit[];
  } catch (error) {
    throw new StoreError({ message: 'Keyword search failed', query: sql, params, cause: error });
  }
}

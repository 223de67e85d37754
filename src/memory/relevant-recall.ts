import { parseFilter } from '../core/filter-language.ts';
import { queryTerms } from '../core/query-terms.ts';
import { explainScore, memorySignals, relevanceOf, resolveWeights, scoreOf, type RecallExplanation, type RecallSignals, type RecallWeights } from '../core/recall-scoring.ts';
import { IMPORTANT_ENOUGH_TO_KEEP } from '../core/importance.ts';
import { FORGOTTEN_BELOW } from '../core/strength.ts';
import type { RecallRelevantOptions } from '../config/recall-relevant-schema.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope, MemoryQuery, MemoryStore } from '../spec/memory-store.ts';
import type { KeywordIndex, VectorIndex } from '../spec/search-index.ts';
import { embedWithCache, type EmbeddingCache } from './embedding-cache.ts';
import { asksAboutTime, questionTime, timeMatch, type QuestionTime } from '../nlp/question-time.ts';
import { timesOfMemory } from './memory-times.ts';
import { sessionRelevance } from './session-relevance.ts';
import { namesInQuestion, speakerRelevance } from './speaker-relevance.ts';
import { namedSpeakers, withoutNames } from './speaker-free-query.ts';
import { questionShape } from '../nlp/question-shape.ts';
import { fillHopSimilarity, secondHop, type HopHits } from './recall-hop.ts';
import { keywordSearchOptions, vectorSearchOptions, type IndexProbe } from './index-search-options.ts';

/** A recalled memory with the reasons it came back. */
export interface RecallResult {
  memory: MemoryRecord;
  score: number;
  explain: RecallExplanation;
}

export interface RelevantRecallDependencies {
  scope: AgentScope;
  store: MemoryStore;
  vectorIndex: VectorIndex;
  keywordIndex: KeywordIndex;
  embedder: Embedder | null;
  queryCache: EmbeddingCache;
  /**
   * The query's vector when it was embedded already (a read worker gets it from the engine, which
   * holds the embedder): used instead of embedding, and a semantic search runs even without an embedder.
   */
  queryVector?: Float32Array | null;
  /** With `queryVector`: the vector of the question without its names (see queryVectorsOf), null when not embedded. */
  unnamedQueryVector?: Float32Array | null;
  now: number;
  weights: RecallWeights;
  /**
   * The weights the engine's configuration sets itself (`recall.weights`): a question's shape does not
   * override them — an operator who turned the speaker signal off keeps it off for "Would…" questions too.
   */
  configuredWeights?: Partial<RecallWeights>;
  decayRate: number;
}

/**
 * Which questions naming one speaker are scored again without the name (`speakerFreeQuery`): those that ask
 * for an inference (see questionShape). For every question it cost ~2.5 ms of CPU a recall at 100k memories
 * and R@5 on 3 folds of 5; for inferences alone (31 of LoCoMo's 760 questions), with DEFAULT_SHAPE_WEIGHTS,
 * held out R@5 0.723 → 0.732, multi-hop 0.385 → 0.406, open-domain 0.321 → 0.409, no fold worse at R@5
 * (docs/recall.md, "Questions by shape"). `true` for every question naming one speaker, `false` for none.
 */
export const DEFAULT_SPEAKER_FREE_QUERY: NonNullable<RecallRelevantOptions['speakerFreeQuery']> = ['inference'];

/**
 * Weights laid over the engine's for a question of one shape (`shapeWeights`; a call's own replaces these
 * whole, `{}` for none; a call's `weights` still win): an inference or a list is read more by meaning and
 * more from the person it names. Chosen by cross-validation with DEFAULT_SPEAKER_FREE_QUERY (docs/recall.md).
 */
export const DEFAULT_SHAPE_WEIGHTS: NonNullable<RecallRelevantOptions['shapeWeights']> = {
  inference: { speaker: 0.6, semantic: 0.7, keyword: 0.3 },
  list: { speaker: 0.45, semantic: 0.7, keyword: 0.3 },
};

/** How many of the best hits have their replies pulled in as candidates. */
const THREAD_SEEDS = 20;

/** Semantic and keyword relevance blended by their weights, 0..1. */
function blend(relevance: { semantic: number; keyword: number }, weights: RecallWeights): number {
  const total = weights.semantic + weights.keyword;
  return total === 0 ? 0 : (relevance.semantic * weights.semantic + relevance.keyword * weights.keyword) / total;
}

function topIds(semantic: Map<string, number>, keyword: Map<string, number>, weights: RecallWeights, bestKeyword: number, count: number): string[] {
  const ids = new Set([...semantic.keys(), ...keyword.keys()]);
  return [...ids]
    .map((id) => ({ id, relevance: blend({ semantic: Math.max(0, semantic.get(id) ?? 0), keyword: bestKeyword > 0 ? (keyword.get(id) ?? 0) / bestKeyword : 0 }, weights) }))
    .sort((left, right) => right.relevance - left.relevance)
    .slice(0, count)
    .map((entry) => entry.id);
}

/** Below this many filter matches, the search runs exactly over them instead of filtering index hits afterwards. */
const EXACT_FILTER_LIMIT = 5_000;

export function filtersOf(options: RecallRelevantOptions): MemoryQuery {
  return {
    ...(options.domain === undefined ? {} : { domain: options.domain }),
    ...(options.minImportance === undefined ? {} : { minImportance: options.minImportance }),
    ...(options.timeRange?.since === undefined ? {} : { since: options.timeRange.since }),
    ...(options.timeRange?.until === undefined ? {} : { until: options.timeRange.until }),
    ...(options.types === undefined ? {} : { types: options.types }),
    ...(options.kinds === undefined ? {} : { kinds: options.kinds }),
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.filter === undefined ? {} : { filter: parseFilter(options.filter) }),
  };
}

/** What a query asks of the indexes: its weights, filters, terms and vector. */
interface RecallPlan extends IndexProbe {
  weights: RecallWeights;
  terms: string[];
  queryVector: Float32Array | null;
  /** What the question asks about time; null when the time signal is off or it asks nothing. */
  time: QuestionTime | null;
  /** The names the question holds, for the speaker signal; empty when it is off or the question names no one. */
  names: Set<string>;
  /** The question without any of its names and its vector, embedded with the question's (see askWithoutSpeakers); null when not asked for. */
  unnamed: { text: string; vector: Float32Array | null } | null;
}

/** The relevance each index gave its candidates; similarity is filled in later for the rest. */
interface IndexHits {
  semantic: Map<string, number>;
  keyword: Map<string, number>;
  bestKeyword: number;
  /** The second hop's own relevance; null when `weights.hop` is 0. */
  hop: HopHits | null;
}

type RankingRow = Awaited<ReturnType<MemoryStore['rankingRows']>>[number];

/** The candidates and the turns around them. */
interface ThreadCandidates {
  candidateIds: string[];
  rows: RankingRow[];
  parents: string[];
  childrenOf: Map<string, string[]>;
  childIds: string[];
}

/** A scored candidate: its explanation is built for the returned few only (readRecords), from the same signals. */
interface RankedCandidate {
  id: string;
  score: number;
  signals: RecallSignals;
}

/**
 * The weights of this recall: the engine's defaults, over them those of the question's shape (`shapeWeights`,
 * see DEFAULT_SHAPE_WEIGHTS), over those the ones the engine's configuration sets, and over all the call's
 * own `weights` — a call that sets a weight gets it.
 */
function weightsOf(deps: Pick<RelevantRecallDependencies, 'weights' | 'configuredWeights'>, options: RecallRelevantOptions, context: string): RecallWeights {
  const shape = questionShape(context);
  const byShape = options.shapeWeights ?? DEFAULT_SHAPE_WEIGHTS;
  return resolveWeights({ ...deps.weights, ...(shape === null ? {} : byShape[shape]), ...deps.configuredWeights, ...options.weights }, options.mode, options.hybridRatio);
}

/** Whether this recall scores the question again without the speaker it names (`speakerFreeQuery`, see askWithoutSpeakers). */
export function speakerFree(context: string, options: RecallRelevantOptions): boolean {
  const asked = options.speakerFreeQuery ?? DEFAULT_SPEAKER_FREE_QUERY;
  if (typeof asked === 'boolean') return asked;
  const shape = questionShape(context);
  return shape !== null && asked.includes(shape);
}

/** What the question asks about time (null when the time signal is off or it asks nothing) and the names it holds (none when the speaker signal is off). */
function readQuestion(deps: Pick<RelevantRecallDependencies, 'now'>, context: string, options: RecallRelevantOptions, weights: RecallWeights): { time: QuestionTime | null; names: Set<string>; unnamed: string | null } {
  const names = weights.speaker > 0 ? namesInQuestion(context) : new Set<string>();
  const asked = weights.time > 0 ? questionTime(context, deps.now) : null;
  const time = asked && asksAboutTime(asked) ? asked : null;
  // The question without its names, for askWithoutSpeakers (which leaves questions about time alone).
  const unnamed = speakerFree(context, options) && names.size > 0 && time === null ? withoutNames(context, names) : null;
  return { time, names, unnamed };
}

/**
 * The query's vector and that of the question without its names (see askWithoutSpeakers), embedded in one
 * call through the cache; nulls when this recall does not search by meaning. What a read worker is handed.
 */
export async function queryVectorsOf(deps: Pick<RelevantRecallDependencies, 'weights' | 'configuredWeights' | 'embedder' | 'queryCache' | 'now'>, context: string, options: RecallRelevantOptions): Promise<{ query: Float32Array | null; unnamed: Float32Array | null }> {
  const weights = weightsOf(deps, options, context);
  if (weights.semantic <= 0 || deps.embedder === null) return { query: null, unnamed: null };
  return embedQuestion(deps.embedder, deps.queryCache, context, readQuestion(deps, context, options, weights).unnamed);
}

/** The question's vector and, when asked, that of the question without its names: one embedding call through the cache. */
async function embedQuestion(embedder: Embedder, queryCache: EmbeddingCache, context: string, unnamed: string | null): Promise<{ query: Float32Array; unnamed: Float32Array | null }> {
  const { embeddings } = await embedWithCache(embedder, queryCache, unnamed === null || unnamed === context ? [context] : [context, unnamed]);
  return { query: embeddings[0]!, unnamed: unnamed === null ? null : (embeddings[1] ?? embeddings[0]!) };
}

/** A recall's plan before its query is embedded: the embedding under way beside the keyword search. */
type PlannedQuery = Omit<RecallPlan, 'queryVector' | 'unnamed'> & {
  vectors: Promise<{ query: Float32Array | null; unnamed: Float32Array | null }>;
  unnamedText: string | null;
};

/**
 * Stage 1: weights, filters, and the query as the indexes read it (terms; the vector started, not awaited).
 * The embedding starts first: the filter count and the keyword search do not wait for it.
 */
async function planQuery(deps: RelevantRecallDependencies, context: string, options: RecallRelevantOptions): Promise<PlannedQuery> {
  const weights = weightsOf(deps, options, context);
  const filters = filtersOf(options);
  const hasFilters = Object.keys(filters).length > 0;
  const useSemantic = weights.semantic > 0 && (deps.embedder !== null || (deps.queryVector ?? null) !== null);
  const { time, names, unnamed: unnamedText } = readQuestion(deps, context, options, weights);
  // The question without its names is embedded in the same call as the question (a batch of two
  // costs ~1 ms of CPU more with USE-lite, against ~3 ms for a call of its own after the head is read).
  // (useSemantic without a handed vector means an embedder.)
  const vectors: PlannedQuery['vectors'] = !useSemantic
    ? Promise.resolve({ query: null, unnamed: null })
    : deps.queryVector == null
      ? embedQuestion(deps.embedder!, deps.queryCache, context, unnamedText)
      : Promise.resolve({ query: deps.queryVector, unnamed: deps.unnamedQueryVector ?? null });
  // Handled now, awaited in stage 2: a failure while the count runs is not an unhandled rejection.
  vectors.catch(() => undefined);
  // A selective filter is searched exactly over its matches; a broad one takes
  // more approximate neighbours and filters them (the records query applies it).
  // Counted only for a vector search, and only up to the limit: counting every match
  // of a broad filter cost 62–92 ms a recall at 100k memories.
  const exactVectors = useSemantic && hasFilters && (await deps.store.count(deps.scope, { ...filters, limit: EXACT_FILTER_LIMIT + 1 })) <= EXACT_FILTER_LIMIT;
  const terms = weights.keyword > 0 ? queryTerms(context) : [];
  return { weights, filters, hasFilters, perIndex: options.candidates ?? Math.max(50, options.limit * 5), exactVectors, terms, time, names, vectors, unnamedText };
}

/**
 * Stage 2: candidates from each index — BM25 and nearest vectors — and the plan with the query's
 * vector. The keyword search starts before the query's embedding is awaited and the vector search
 * after: on PostgreSQL the BM25 statement (12 ms p50 at 100k) runs on the server while the model
 * embeds the question (1.5–3 ms), and each search takes a pool connection of its own, so a recall
 * waits for the slower of the two instead of their sum.
 */
async function gatherIndexHits(deps: RelevantRecallDependencies, planned: PlannedQuery, options: RecallRelevantOptions): Promise<{ plan: RecallPlan; hits: IndexHits }> {
  const { scope } = deps;
  const { vectors: embedding, unnamedText, ...rest } = planned;
  const keywordSearch = async () => {
    if (planned.terms.length === 0) return [];
    return deps.keywordIndex.search(scope, planned.terms, keywordSearchOptions(planned, options.neighbourWeight));
  };
  const keywordHits = keywordSearch();
  keywordHits.catch(() => undefined);
  const vectors = await embedding;
  const plan: RecallPlan = { ...rest, queryVector: vectors.query, unnamed: unnamedText === null ? null : { text: unnamedText, vector: vectors.unnamed } };
  const vectorSearch = async () => {
    if (!plan.queryVector) return [];
    return deps.vectorIndex.search(scope, plan.queryVector, vectorSearchOptions(plan));
  };
  const [vectorHits, keywordFound] = await Promise.all([vectorSearch(), keywordHits]);
  const semantic = new Map<string, number>();
  const keyword = new Map<string, number>();
  for (const hit of vectorHits) semantic.set(hit.id, hit.similarity);
  let bestKeyword = 0;
  for (const hit of keywordFound) {
    keyword.set(hit.id, hit.score);
    bestKeyword = Math.max(bestKeyword, hit.score);
  }
  return { plan, hits: { semantic, keyword, bestKeyword, hop: null } };
}

/**
 * Stage 2b (only with `weights.hop` > 0): the question asked again with what its best hits say;
 * what that finds joins the candidates.
 */
async function gatherHopHits(deps: RelevantRecallDependencies, plan: RecallPlan, hits: IndexHits, options: RecallRelevantOptions): Promise<void> {
  if (plan.weights.hop <= 0) return;
  const seeds = topIds(hits.semantic, hits.keyword, plan.weights, hits.bestKeyword, options.hop?.seeds ?? 20);
  hits.hop = await secondHop({ ...deps, ...plan, neighbourWeight: options.neighbourWeight, seeds }, options.hop);
}

/** Rows matching the filters among `ids`, and the replies to them (by the reply link alone). */
async function rowsAndReplies(deps: RelevantRecallDependencies, plan: RecallPlan, ids: string[]): Promise<[RankingRow[], RankingRow[]]> {
  if (ids.length === 0) return [[], []];
  const { scope, store } = deps;
  // Independent lookups: run at once (one round trip less to wait for).
  return Promise.all([
    store.rankingRows(scope, { ...plan.filters, ids }),
    plan.weights.thread > 0 ? store.rankingRows(scope, { filter: [{ field: 'context.replyTo', operator: '$in', value: ids }] }) : Promise.resolve([]),
  ]);
}

/** Stage 3: replies to the strongest hits join the candidates; each candidate's parent and replies are found. */
async function expandThread(deps: RelevantRecallDependencies, plan: RecallPlan, hits: IndexHits): Promise<ThreadCandidates | null> {
  const { weights } = plan;
  const found = [...new Set([...hits.semantic.keys(), ...hits.keyword.keys(), ...hopIdsOf(hits)])];
  // Candidates are ranked on their ranking fields alone; whole records are read for the returned few.
  // The hits' rows and replies first: the replies to the strongest hits are among those replies, so they
  // need no lookup of their own before (a round trip a recall); only those not already hits are read after.
  const [foundRows, foundChildren] = await rowsAndReplies(deps, plan, found);
  // In a conversation the answer often lives in the turn after the one that matches the question's words.
  // Looked up by the reply link alone; the candidates' query applies the filters. With the
  // filters there SQLite walked the importance index instead (130 ms a recall at 100k for `importance ≥ 0.5`).
  const seeds = new Set(weights.thread > 0 ? topIds(hits.semantic, hits.keyword, weights, hits.bestKeyword, THREAD_SEEDS) : []);
  const replies = foundChildren.filter((child) => seeds.has(child.replyTo!));
  const candidateIds = [...new Set([...found, ...replies.map((row) => row.id)])];
  if (candidateIds.length === 0) return null;
  const [addedRows, addedChildren] = await rowsAndReplies(deps, plan, candidateIds.slice(found.length));
  const rows = [...foundRows, ...addedRows];
  const children = [...foundChildren, ...addedChildren];
  const parents = weights.thread > 0 ? [...new Set(rows.map((row) => row.replyTo).filter((id): id is string => id !== null))] : [];
  const childrenOf = new Map<string, string[]>();
  for (const child of children) {
    const parent = child.replyTo!;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child.id]);
  }
  return { candidateIds, rows, parents, childrenOf, childIds: children.map((child) => child.id) };
}

/** The exact similarity of `ids` to the query, for those with a vector. */
async function similarityOf(deps: RelevantRecallDependencies, plan: RecallPlan, ids: string[]): Promise<Map<string, number>> {
  if (!plan.queryVector || ids.length === 0) return new Map();
  return new Map((await deps.vectorIndex.search(deps.scope, plan.queryVector, { limit: ids.length, withinIds: ids })).map((hit) => [hit.id, hit.similarity]));
}

/** Stage 4a: the similarity of the keyword (and hop) hits the vector index did not return; read while the thread is expanded. */
function hitsSimilarity(deps: RelevantRecallDependencies, plan: RecallPlan, hits: IndexHits): Promise<Map<string, number>> {
  return similarityOf(deps, plan, [...new Set([...hits.keyword.keys(), ...hopIdsOf(hits)])].filter((id) => !hits.semantic.has(id)));
}

/** What the second hop found (none without one). */
function hopIdsOf(hits: IndexHits): string[] {
  return hits.hop === null ? [] : [...hits.hop.semantic.keys(), ...hits.hop.keyword.keys()];
}

/** The candidates and the turns around them (parents and replies): every memory whose similarity a score reads. */
function threadIds(thread: ThreadCandidates): string[] {
  return [...new Set([...thread.candidateIds, ...thread.parents, ...thread.childIds])];
}

/**
 * Stage 4: the similarity, exactly, of candidates (and of the turns around them) that the
 * vector index did not return (`early`: those stage 4a read already). Keyword relevance comes from the BM25 list alone: scoring the
 * rest costs a second full-text pass (12 ms a query at 100k memories) and changed nothing
 * on LoCoMo (R@5 0.614 → 0.615).
 */
async function fillSimilarity(deps: RelevantRecallDependencies, plan: RecallPlan, hits: IndexHits, thread: ThreadCandidates, early: Map<string, number>): Promise<void> {
  for (const [id, similarity] of early) hits.semantic.set(id, similarity);
  const needed = threadIds(thread);
  if (hits.hop !== null) await fillHopSimilarity(deps.vectorIndex, deps.scope, hits.hop, thread.rows.map((row) => row.id));
  const noSimilarity = needed.filter((id) => !hits.semantic.has(id));
  for (const [id, similarity] of await similarityOf(deps, plan, noSimilarity)) hits.semantic.set(id, similarity);
}

function hopRelevanceOf(hop: HopHits, id: string): { semantic: number; keyword: number } {
  return { semantic: Math.max(0, hop.semantic.get(id) ?? 0), keyword: hop.bestKeyword > 0 ? (hop.keyword.get(id) ?? 0) / hop.bestKeyword : 0 };
}

/** Stage 5: every candidate scored on all signals, best first. */
function scoreCandidates(deps: RelevantRecallDependencies, plan: RecallPlan, hits: IndexHits, thread: ThreadCandidates, options: RecallRelevantOptions): RankedCandidate[] {
  const { weights } = plan;
  const relevanceOfId = (id: string) => ({ semantic: Math.max(0, hits.semantic.get(id) ?? 0), keyword: hits.bestKeyword > 0 ? (hits.keyword.get(id) ?? 0) / hits.bestKeyword : 0 });
  const ranked: RankedCandidate[] = [];
  const sessions = weights.session > 0 ? sessionRelevance(thread.rows, new Map(thread.rows.map((row) => [row.id, blend(relevanceOfId(row.id), weights)]))) : null;
  const scoring = { temporalDecay: options.temporalDecay, decayRate: deps.decayRate };
  for (const row of thread.rows) {
    const own = relevanceOfId(row.id);
    // The thread signal: how relevant the neighbouring turns are (the message replied to, and the replies).
    // Read in place: no array of them, nor a spread of the relevance, a candidate (fifty to a few hundred a recall).
    let threadRelevance = row.replyTo === null ? 0 : Math.max(0, blend(relevanceOfId(row.replyTo), weights));
    const replies = thread.childrenOf.get(row.id);
    if (replies !== undefined) for (const id of replies) threadRelevance = Math.max(threadRelevance, blend(relevanceOfId(id), weights));
    const hop = hits.hop === null ? 0 : blend(hopRelevanceOf(hits.hop, row.id), weights);
    const signals = memorySignals(row, { semantic: own.semantic, keyword: own.keyword, thread: threadRelevance, hop, session: sessions?.get(row.id) ?? 0 }, deps.now, scoring);
    // Faded by disuse leaves results — except what was important: it moves down tiers and into archival
    // review, but stays within reach of relevant recall (a decision of 0.96 vanished after ~120 days before).
    if (signals.strength < FORGOTTEN_BELOW && row.importance < IMPORTANT_ENOUGH_TO_KEEP) continue;
    if (signals.semantic <= 0 && signals.keyword <= 0 && signals.thread <= 0) continue; // nothing ties it to the query
    if (options.similarityThreshold !== undefined && relevanceOf(signals, weights) < options.similarityThreshold) continue;
    ranked.push({ id: row.id, score: scoreOf(signals, weights), signals });
  }
  return ranked.sort((left, right) => right.score - left.score || (right.id > left.id ? 1 : -1));
}

/** How many of the best-scored candidates the time and speaker signals read whole (they need their text, time and speaker). */
const HEAD_CANDIDATES = 50;

/**
 * Stage 6 (only for a question about time, or one that names someone while the speaker signal is on):
 * the best candidates read whole, each given the time signal — the time its text is about (resolved
 * at ingest against when it was said) against the time the question asks about — and the speaker
 * signal — whether it was said by a person the question names — and ranked again.
 */
async function scoreHead(deps: RelevantRecallDependencies, plan: RecallPlan, ranked: RankedCandidate[], options: RecallRelevantOptions, known = new Map<string, MemoryRecord>()): Promise<{ ranked: RankedCandidate[]; records: Map<string, MemoryRecord> }> {
  const records = new Map<string, MemoryRecord>();
  if (plan.time === null && plan.names.size === 0) return { ranked, records };
  const head = ranked.slice(0, Math.max(HEAD_CANDIDATES, options.limit * 2));
  for (const entry of head) if (known.has(entry.id)) records.set(entry.id, known.get(entry.id)!);
  const unread = head.filter((entry) => !records.has(entry.id)).map((entry) => entry.id);
  if (unread.length > 0) for (const memory of await deps.store.getMany(deps.scope, unread)) records.set(memory.id, memory);
  const speakers = speakerRelevance(plan.names, [...records.values()]);
  const rescored = head.map((entry) => {
    const memory = records.get(entry.id);
    const time = memory === undefined || plan.time === null ? 0 : timeMatch(plan.time, { said: memory.timestamp, about: timesOfMemory(memory) });
    const signals = { ...entry.signals, time, speaker: speakers.get(entry.id) ?? 0 };
    return { id: entry.id, score: scoreOf(signals, plan.weights), signals };
  });
  rescored.sort((left, right) => right.score - left.score || (right.id > left.id ? 1 : -1));
  return { ranked: [...rescored, ...ranked.slice(head.length)], records };
}

/**
 * Stage 6b (only with `speakerFreeQuery`, for a question that names one speaker of the head and does not
 * ask about time): the candidates scored again against the question without the speaker's name — its
 * similarity to every candidate and the turns around them, and its BM25 — then the head read again. The
 * candidates stay those the whole question found; only their relevance changes.
 */
async function askWithoutSpeakers(
  deps: RelevantRecallDependencies,
  plan: RecallPlan,
  hits: IndexHits,
  thread: ThreadCandidates,
  first: { ranked: RankedCandidate[]; records: Map<string, MemoryRecord> },
  context: string,
  options: RecallRelevantOptions,
): Promise<{ ranked: RankedCandidate[]; records: Map<string, MemoryRecord> }> {
  // A question about time is answered by the turn that says when, which the time signal finds; one
  // naming both people ("What did Gina say to Jon?") asks about the exchange, where the names carry the
  // roles. Both were measured with and without this rule (docs/recall.md, "Asked without the name").
  if (plan.unnamed === null || plan.time !== null) return first;
  const speakers = namedSpeakers(plan.names, first.records.values());
  if (speakers.size !== 1) return first;
  const text = withoutNames(context, [...speakers.values()][0]!);
  const terms = queryTerms(text);
  if (text === context || terms.length === 0) return first;
  const vector = text === plan.unnamed.text ? plan.unnamed.vector : plan.queryVector && deps.embedder ? (await embedWithCache(deps.embedder, deps.queryCache, [text])).embeddings[0]! : null;
  const needed = threadIds(thread);
  const again: IndexHits = { semantic: hits.semantic, keyword: hits.keyword, bestKeyword: hits.bestKeyword, hop: hits.hop };
  const searchVector = async () => (vector === null ? null : deps.vectorIndex.search(deps.scope, vector, { limit: needed.length, withinIds: needed }));
  // The words are searched as the first pass searched them (from the postings when unfiltered, ~1 ms at
  // 100k), not among the candidates: a search within ids goes to FTS5, which reads each word's whole
  // list (p50 +13 ms at 100k). A candidate outside the best `perIndex` gets no keyword relevance.
  const searchKeyword = async () => (plan.weights.keyword <= 0 ? null : deps.keywordIndex.search(deps.scope, terms, keywordSearchOptions(plan, options.neighbourWeight)));
  const [vectorHits, keywordHits] = await Promise.all([searchVector(), searchKeyword()]);
  if (vectorHits !== null) again.semantic = new Map(vectorHits.map((hit) => [hit.id, hit.similarity]));
  if (keywordHits !== null) {
    again.keyword = new Map(keywordHits.map((hit) => [hit.id, hit.score]));
    again.bestKeyword = Math.max(0, ...keywordHits.map((hit) => hit.score));
  }
  return scoreHead(deps, plan, scoreCandidates(deps, plan, again, thread, options), options, first.records);
}

/** Stage 7: whole records for the best few (those read already are kept); a memory deleted between the two reads is left out. */
async function readRecords(deps: RelevantRecallDependencies, best: RankedCandidate[], read: Map<string, MemoryRecord>, weights: RecallWeights): Promise<RecallResult[]> {
  const missing = best.filter((entry) => !read.has(entry.id)).map((entry) => entry.id);
  const records = new Map(read);
  if (missing.length > 0) for (const memory of await deps.store.getMany(deps.scope, missing)) records.set(memory.id, memory);
  return best.flatMap((entry) => (records.has(entry.id) ? [{ memory: records.get(entry.id)!, score: entry.score, explain: explainScore(entry.signals, weights) }] : []));
}

/**
 * Hybrid recall: candidates from the keyword index (BM25) and the vector index
 * (cosine), each candidate then scored on all signals, so a memory found
 * by one index still gets its exact score from the other. Run as named stages:
 * plan the query → gather index hits → expand the thread → fill similarity →
 * score → the head read whole (time, speaker) → read records.
 */
export async function recallRelevant(deps: RelevantRecallDependencies, context: string, options: RecallRelevantOptions): Promise<RecallResult[]> {
  const { plan, hits } = await gatherIndexHits(deps, await planQuery(deps, context, options), options);
  await gatherHopHits(deps, plan, hits, options);
  // The hits' own similarity does not wait for the thread's rows (a round trip less when no reply is added).
  const [thread, early] = await Promise.all([expandThread(deps, plan, hits), hitsSimilarity(deps, plan, hits)]);
  if (thread === null) return [];
  await fillSimilarity(deps, plan, hits, thread, early);
  const first = await scoreHead(deps, plan, scoreCandidates(deps, plan, hits, thread, options), options);
  const { ranked, records } = await askWithoutSpeakers(deps, plan, hits, thread, first, context, options);
  return readRecords(deps, ranked.slice(0, options.limit), records, plan.weights);
}

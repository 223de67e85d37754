import type { EngineConfig } from '../config/config-schema.ts';
import type { RecallRelevantOptions } from '../config/recall-relevant-schema.ts';
import { ACCESS_IMPORTANCE_BOOST, ACCESS_IMPORTANCE_CEILING } from '../core/importance.ts';
import { DEFAULT_RECALL_WEIGHTS } from '../core/recall-scoring.ts';
import { namesInQuestion } from './speaker-relevance.ts';
import { RETRIEVAL_INTENSITY_BOOST } from '../core/strength.ts';
import { ValidationError } from '../errors/validation-error.ts';
import type { Clock } from '../spec/clock.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { MemoryQuery } from '../spec/memory-store.ts';
import { clusterAround, similarTo, type ClusterMember, type SimilarMemory } from './memory-exploration.ts';
import { matchesQuery } from './query-matching.ts';
import type { ReadWorkers } from './read-workers.ts';
import { queryVectorsOf, recallRelevant, speakerFree, type RecallResult, type RelevantRecallDependencies } from './relevant-recall.ts';
import type { ShortTermBuffer } from './short-term-buffer.ts';

/** What hybrid recall needs, except what is read per call (time, weights, decay rate), plus the ring, the clock and the recall config. */
export interface RecallOperationDependencies extends Pick<RelevantRecallDependencies, 'scope' | 'store' | 'vectorIndex' | 'keywordIndex' | 'embedder' | 'queryCache'> {
  clock: Clock;
  /** The short-term ring: its live copies stand in for the stored rows. */
  buffer: ShortTermBuffer<MemoryRecord>;
  config: Pick<EngineConfig, 'recall'>;
  /** When set, recalls run on these threads (the query embedded here first); absent: on this event loop. */
  readWorkers?: ReadWorkers | undefined;
  /**
   * Runs `work` at once when no write of the engine is under way, else behind it without waiting for it; absent:
   * at once. A recall's access marks go this way: on SQLite a mark written while a live watcher's batch held the
   * agent's connection in a transaction joined it and was rolled back with it.
   */
  behindWrites?: (work: () => Promise<void>) => Promise<void>;
  /** Whether no write of the engine is under way (its serial queue idle); absent: always. */
  writesIdle?: () => boolean;
}

/** Hybrid recall with the engine's weights, short-term copies in place of stored rows, and (if asked) the access recorded. */
export async function recallRelevantMemories(deps: RecallOperationDependencies, context: string, options: RecallRelevantOptions): Promise<RecallResult[]> {
  const recallDeps: RelevantRecallDependencies = {
    scope: deps.scope,
    store: deps.store,
    vectorIndex: deps.vectorIndex,
    keywordIndex: deps.keywordIndex,
    embedder: deps.embedder,
    queryCache: deps.queryCache,
    now: deps.clock.now(),
    weights: { ...DEFAULT_RECALL_WEIGHTS, ...deps.config.recall.weights },
    configuredWeights: deps.config.recall.weights,
    decayRate: deps.config.recall.decayRate,
  };
  // With speakerFreeQuery (by default for a question asking for an inference) a question naming several people may need a vector known only once the head is
  // read (the question without the one of them who spoke); a worker has no embedder, so it would rescore
  // words but not meaning (probe: 0.917 in process against 1.010 on a worker). Such recalls are answered
  // in process, exactly; a question naming one person is sent with its vector without the name.
  const workers = speakerFree(context, options) && namesInQuestion(context).size > 1 ? undefined : deps.readWorkers;
  const vectors = workers ? await queryVectorsOf(recallDeps, context, options) : null;
  const results = workers
    ? await workers.recall({
        agentId: deps.scope.agentId,
        context,
        options,
        now: recallDeps.now,
        weights: recallDeps.weights,
        configuredWeights: recallDeps.configuredWeights,
        decayRate: recallDeps.decayRate,
        queryVector: vectors!.query,
        unnamedQueryVector: vectors!.unnamed,
      })
    : await recallRelevant(recallDeps, context, options);
  for (const result of results) result.memory = ringCopyOf(deps, result.memory);
  if (options.recordAccess) await markAccessed(deps, results.map((result) => result.memory));
  return results;
}

/**
 * Stored and short-term memories matching `query`, merged (the ring's copy wins), ordered, cut to
 * `limit`. A listing only inspects: it counts as an access only when asked (`recordAccess`), so
 * looking at memories (CLI, HTTP, dashboard, exports) never changes them.
 */
export async function recallMatching(deps: RecallOperationDependencies, query: MemoryQuery, limit: number, orderBy: 'timestamp' | 'importance', recordAccess = false): Promise<MemoryRecord[]> {
  const fromStore = await deps.store.query(deps.scope, { ...query, orderBy, limit });
  const merged = new Map<string, MemoryRecord>();
  for (const record of fromStore) merged.set(record.id, ringCopyOf(deps, record));
  const onlyInRing = deps.buffer.search((entry) => matchesQuery(entry, query)).filter((record) => !merged.has(record.id));
  for (const record of await stillStored(deps, onlyInRing)) if (matchesQuery(record, query)) merged.set(record.id, record);
  const ordered = [...merged.values()].sort(orderBy === 'importance' ? byImportance : byTime).slice(0, limit);
  if (recordAccess) await markAccessed(deps, ordered);
  return ordered;
}

/**
 * The stored row, as the ring's copy when the ring holds one (brought up to the row: every change this engine
 * makes is written to the store first, so the row is the newer of the two, and another engine on the same agent
 * may have edited it — its copy here still said the text the edit took out).
 */
function ringCopyOf(deps: Pick<RecallOperationDependencies, 'buffer'>, stored: MemoryRecord): MemoryRecord {
  const copy = deps.buffer.get(stored.id);
  return copy ? Object.assign(copy, stored) : stored;
}

type RingCheckDependencies = Pick<RecallOperationDependencies, 'store' | 'scope' | 'buffer' | 'behindWrites' | 'writesIdle'>;

/**
 * The ring's copies whose rows are still stored, brought up to those rows; the others are not listed and are let go
 * (`letGoOfMissing`): every ring entry was written before it entered the ring, so a missing row was forgotten by
 * another engine on the same agent (`hippocampus forget` beside `serve`, a second server on PostgreSQL).
 */
export async function stillStored(deps: RingCheckDependencies, records: readonly MemoryRecord[]): Promise<MemoryRecord[]> {
  if (records.length === 0) return [];
  // Asked before the read: with no write under way, every copy's row had committed (or was gone) when it was made.
  const settled = deps.writesIdle?.() ?? true;
  const stored = await storedRows(deps, records);
  const missing = records.filter((record) => !stored.has(record.id));
  if (missing.length > 0) await letGoOfMissing(deps, missing, settled);
  return records.flatMap((record) => (stored.has(record.id) ? [ringCopyOf(deps, stored.get(record.id)!)] : []));
}

async function storedRows(deps: RingCheckDependencies, records: readonly MemoryRecord[]): Promise<Map<string, MemoryRecord>> {
  return new Map((await deps.store.getMany(deps.scope, records.map((record) => record.id))).map((record) => [record.id, record]));
}

/**
 * Takes the copies out of the ring — at once when the read that missed their rows was made with no write under
 * way, else once the write under way has ended and a second read still misses them. A row missing from a read made
 * beside a live watcher's open batch may be one the batch is writing (on PostgreSQL the read runs on another
 * connection and does not see it before the commit): its copy was let go for good, and the memory was neither
 * consolidated nor pruned until a restart reloaded the ring (postgres-isolation.test.ts).
 */
async function letGoOfMissing(deps: RingCheckDependencies, missing: readonly MemoryRecord[], settled: boolean): Promise<void> {
  const letGo = (records: readonly MemoryRecord[]) => {
    for (const record of records) deps.buffer.remove(record.id);
  };
  if (settled || deps.behindWrites === undefined) return letGo(missing);
  const checkAgain = async () => {
    const stored = await storedRows(deps, missing);
    letGo(missing.filter((record) => !stored.has(record.id)));
  };
  // Not awaited when queued: the listing does not wait for the batch. A failed check keeps the copies, for the next.
  await deps.behindWrites(checkAgain).catch(() => undefined);
}

/** The context filter of a related-memory query: every id given must match. */
export function relatedContext(query: { userId?: string | undefined; roomId?: string | undefined; taskId?: string | undefined }): Record<string, string> {
  const context: Record<string, string> = {};
  if (query.userId !== undefined) context.userId = query.userId;
  if (query.roomId !== undefined) context.roomId = query.roomId;
  if (query.taskId !== undefined) context.taskId = query.taskId;
  return context;
}

function assertIntegerInRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new ValidationError({ message: `${name} must be an integer from ${min} to ${max}` });
}

/** The memories closest in meaning to one memory (1 to 1000 of them). */
export async function recallSimilar(deps: RecallOperationDependencies, memoryId: string, options: { limit?: number; excludeSelf?: boolean }): Promise<SimilarMemory[]> {
  const limit = options.limit ?? 5;
  assertIntegerInRange('limit', limit, 1, 1000);
  return similarTo({ scope: deps.scope, store: deps.store, vectors: deps.vectorIndex }, memoryId, { limit, excludeSelf: options.excludeSelf ?? true });
}

/** Related memories explored from a seed, up to 5 levels deep. */
export async function recallCluster(deps: RecallOperationDependencies, seedId: string, depth: number, options: { fanOut?: number; minSimilarity?: number }): Promise<ClusterMember[]> {
  assertIntegerInRange('depth', depth, 0, 5);
  return clusterAround({ scope: deps.scope, store: deps.store, vectors: deps.vectorIndex }, seedId, { depth, fanOut: options.fanOut ?? 5, minSimilarity: options.minSimilarity ?? 0.5 });
}

/** Recalling strengthens: access count, importance and running intensity go up, in the store and on the records handed back. */
async function markAccessed(deps: RecallOperationDependencies, records: MemoryRecord[]): Promise<void> {
  if (records.length === 0) return;
  const at = deps.clock.now();
  const ids = records.map((record) => record.id);
  const write = () => deps.store.recordAccess(deps.scope, ids, { at, importanceBoost: ACCESS_IMPORTANCE_BOOST, importanceCeiling: ACCESS_IMPORTANCE_CEILING, intensityBoost: RETRIEVAL_INTENSITY_BOOST });
  await (deps.behindWrites ? deps.behindWrites(write) : write());
  for (const record of records) {
    record.accessCount += 1;
    record.lastAccessedAt = at;
    if (record.importance < ACCESS_IMPORTANCE_CEILING) record.importance = Math.min(ACCESS_IMPORTANCE_CEILING, record.importance + ACCESS_IMPORTANCE_BOOST);
    record.runningIntensity = Math.min(1, record.runningIntensity + RETRIEVAL_INTENSITY_BOOST);
  }
}

const byTime = (left: MemoryRecord, right: MemoryRecord) => right.timestamp - left.timestamp || right.importance - left.importance || (right.id > left.id ? 1 : -1);
const byImportance = (left: MemoryRecord, right: MemoryRecord) => right.importance - left.importance || right.timestamp - left.timestamp;

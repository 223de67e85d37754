import fs from 'node:fs';
import { agentPaths, refuseCaseTwinAgent } from '../config/agent-paths.ts';
import { engineConfigSchema, type EngineConfig, type EngineConfigInput } from '../config/config-schema.ts';
import {
  backfillOptionsSchema,
  clusterDepthSchema,
  clusterOptionsSchema,
  embedderShapeSchema,
  keywordListSchema,
  MAX_BATCH,
  memoryIdsSchema,
  queryTextSchema,
  reinforcementSchema,
  rememberManyOptionsSchema,
  reviewLimitSchema,
  similarOptionsSchema,
  triggerSchema,
} from '../config/engine-call-schemas.ts';
import { memoryIdSchema } from '../config/identifiers.ts';
import { parseWith } from '../config/parse.ts';
import { recallQuerySchema, relatedQuerySchema, type RecallQueryInput, type RelatedQueryInput } from '../config/recall-query-schema.ts';
import { recallRelevantOptionsSchema, type RecallRelevantOptionsInput } from '../config/recall-relevant-schema.ts';
import { resolveHome } from '../config/resolve-home.ts';
import { createUlidGenerator } from '../core/ids.ts';
import { systemClock } from '../core/system-clock.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { ValidationError } from '../errors/validation-error.ts';
import type { Clock, IdGenerator } from '../spec/clock.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';
import type { ExperienceInput, MemoryRecord } from '../spec/memory-record.ts';
import type { ConsolidationRun, MemoryHistoryEvent, MemoryStore, StoreStatistics } from '../spec/memory-store.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { WorkingMemoryStore } from '../spec/working-memory-store.ts';
import type { VectorIndexStatistics } from '../spec/search-index.ts';
import { openBackend } from '../stores/open-backend.ts';
import { createUseLiteEmbedder } from '../providers/use-lite/index.ts';
import { consolidateShortTerm, recoverShortTerm, type ConsolidationReport } from './consolidation.ts';
import { createEmbeddingCache, type EmbeddingCache } from './embedding-cache.ts';
import { createEventEmitter, emitError } from './engine-events.ts';
import { createExperienceValidator, type ExperienceValidator } from './experience-validation.ts';
import { agentFileScrubbing, derivedMemoryIds, forgetInWorkingMemory, forgetMemories, holdingAnyOf, relinkAfterChange, type ForgettingDependencies, type GraphRelinking } from './forgetting.ts';
import { maintainIndexes } from './index-upkeep.ts';
import { pruneLongTerm, type LongTermPruningDependencies } from './long-term-pruning.ts';
import { needingReview, type ClusterMember, type SimilarMemory } from './memory-exploration.ts';
import { admit, editedRecord, reinforceExisting, supersedeMemory, updateMemory, type MemoryEdit, type MemoryWriteDependencies, type Reinforcement, type RememberResult } from './memory-writes.ts';
import { recallCluster, recallMatching, recallRelevantMemories, recallSimilar, relatedContext, stillStored, type RecallOperationDependencies } from './recall-operations.ts';
import type { RecallResult } from './relevant-recall.ts';
import { acquireSerialQueue, type SerialQueue } from './serial-queue.ts';
import { holdBackendWrites } from './held-backend.ts';
import { acquireReadWorkers } from './read-workers.ts';
import { checkMirrorRegistry, refreshMirrors } from '../live/mirror-registry.ts';
import { checkWorkingSnapshot, dropFromWorkingSnapshot, workingSnapshotFile } from '../working/working-snapshot.ts';
import { createSessionLog } from './session-log.ts';
import { ShortTermBuffer } from './short-term-buffer.ts';
import { createThreadLinker } from './thread-linker.ts';
import { backfillVectors, bindEmbedderModel } from './vector-indexing.ts';

export type { ConsolidationReport } from './consolidation.ts';
export type { RememberResult } from './memory-writes.ts';

export interface HippocampusOptions extends EngineConfigInput {
  /** Storage backend (rows, vectors, keywords); when absent, the one `store` names (SQLite files under `home` by default). */
  backend?: MemoryBackend;
  /**
   * Embedding model for semantic recall; the offline USE-lite model when absent,
   * `null` for keyword-only memory (vectors can be backfilled later).
   */
  embedder?: Embedder | null;
  /** Re-bind the agent to this embedder, dropping vectors of the old model (then run backfillVectors). */
  allowModelChange?: boolean;
  clock?: Clock;
  /** Memory ids (default: ULIDs): any string of 1 to 128 characters without U+0000, unique per agent. */
  generateId?: IdGenerator;
  onEvent?: (event: MemoryEvent) => void;
  /**
   * The working memory holding this agent's recent conversations, if any: forgetting a memory also
   * drops the conversations that still hold its text there (the raw copy it was learned from).
   */
  workingMemory?: WorkingMemoryStore;
}

export interface EngineStatistics extends StoreStatistics {
  agentId: string;
  sessionId: string;
  shortTermBuffered: number;
  queued: number;
  lastConsolidation: ConsolidationRun | null;
}

/** What the engine's operations (one file each) are given: every part of this engine, by name. */
type EngineParts = RecallOperationDependencies & MemoryWriteDependencies & LongTermPruningDependencies & ForgettingDependencies;

/**
 * One agent's memory: a short-term ring buffer in process, a long-term store,
 * and the background loop that consolidates the one into the other.
 *
 * The class owns the state (ring, queue, loop timer, open/closed) and the
 * serial queue that orders every change; the work itself lives in
 * memory-writes, recall-operations, consolidation, long-term-pruning,
 * forgetting and vector-indexing, each handed the engine's parts explicitly.
 *
 * @example
 * const memory = await createHippocampus({ agentId: 'ada' });
 * memory.start();
 * memory.enqueue({ type: 'decision', content: 'We ship on Fridays only after the canary is green' });
 * const recent = await memory.recall({ types: ['decision'], limit: 5 });
 * await memory.stop();
 */
export class Hippocampus {
  readonly agentId: string;
  readonly sessionId: string;
  readonly config: EngineConfig;
  readonly home: string;
  /**
   * The storage backend, every write of it (its memory store and vector index; blocks, skills, the messages
   * table, the knowledge graph, watermarks, consolidation marks, `atomically`) held behind this engine's writes
   * (`holdBackendWrites`).
   */
  readonly backend: MemoryBackend;
  /** The backend itself, for the engine's own operations (which run in its serial queue already). */
  private readonly ownBackend: MemoryBackend;
  readonly embedder: Embedder | null;
  readonly clock: Clock;
  /** The working-memory store the engine was given (a forget drops the conversations holding its text there), if any. */
  readonly workingMemory: WorkingMemoryStore | undefined;
  private readonly queryCache: EmbeddingCache;
  private readonly buffer: ShortTermBuffer<MemoryRecord>;
  private readonly queue: MemoryRecord[] = [];
  /** Enqueued records a drain under way is storing (out of the queue, not yet committed). */
  private draining = 0;
  /** This agent's write queue, shared with every other engine of the agent over the same backend object. */
  private readonly serial: SerialQueue;
  private readonly releaseSerial: () => void;
  private readonly toRecord: ExperienceValidator;
  private readonly parts: EngineParts;
  private readonly ownsStore: boolean;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private indexUpkeep: Promise<void> | undefined;
  private urgent = false;
  private closed = false;
  private lastConsolidationAt: number;
  private lastMaintenanceAt: number;
  /** The knowledge graph's relinking a forget or an edit runs (`keepGraphLinked`), and whether its extractor was chosen. */
  private graphRelinking: { relink: GraphRelinking; chosenExtractor: boolean } | undefined;
  /** Memories a write's ring evictions discarded, not purged yet (`purgeLater`): purged by the next `purgeEvicted`. */
  private readonly unpurged: string[] = [];

  private constructor(config: EngineConfig, options: HippocampusOptions, backend: MemoryBackend) {
    this.config = config;
    this.agentId = config.agentId;
    this.clock = options.clock ?? systemClock;
    const generateId = options.generateId ?? createUlidGenerator();
    // The session id names a folder (sessions/<id>/logs), so it is the engine's own ULID, not the host's memory id:
    // `s-` + a generateId of "mem:1" (or of 127 characters) failed createHippocampus with INVALID_SESSION_ID.
    this.sessionId = config.sessionId ?? `s-${createUlidGenerator()(this.clock.now()).toLowerCase()}`;
    this.home = resolveHome(config.home);
    this.ownsStore = options.backend === undefined;
    this.ownBackend = backend;
    ({ queue: this.serial, release: this.releaseSerial } = acquireSerialQueue(backend, config.agentId));
    this.backend = holdBackendWrites(backend, (work) => this.serial(work));
    this.embedder = options.embedder === undefined ? createUseLiteEmbedder() : options.embedder;
    this.workingMemory = options.workingMemory;
    this.queryCache = createEmbeddingCache({ ...config.recall.queryCache, clock: this.clock });
    this.buffer = new ShortTermBuffer(config.shortTerm.capacity);
    this.toRecord = createExperienceValidator({ limits: config.limits, clock: this.clock, generateId, agentId: this.agentId, sessionId: this.sessionId });
    const log = createSessionLog(agentPaths(this.home, this.agentId).sessionLogs(this.sessionId));
    const scope = { agentId: this.agentId };
    this.parts = {
      scope,
      store: backend.store,
      vectorIndex: backend.vectors,
      keywordIndex: backend.keywords,
      embedder: this.embedder,
      queryCache: this.queryCache,
      clock: this.clock,
      buffer: this.buffer,
      queue: this.queue,
      emit: createEventEmitter({ onEvent: options.onEvent, log, clock: this.clock }),
      linkThreads: createThreadLinker(),
      // What a write's full ring evicts and discards, and what the ring settles at open, is erased as a forget's is.
      backend,
      scrubFiles: agentFileScrubbing(agentPaths(this.home, this.agentId).root),
      purgeLater: (ids) => this.unpurged.push(...ids),
      // Where the backend commits many writes as one, a remember's rows, history and eviction commit once.
      ...(backend.atomically === undefined ? {} : { commitTogether: <T>(work: () => Promise<T>) => backend.atomically!(scope, work) }),
      config,
      // Access marks and the ring's check of a missing row wait behind a write under way (a watcher's batch may
      // roll back, or not have committed yet), without holding the recall up.
      behindWrites: (work) => {
        if (this.serial.idle()) return work();
        void this.serial(work).catch((error: unknown) => emitError(this.parts.emit, error));
        return Promise.resolve();
      },
      writesIdle: () => this.serial.idle(),
      // Where the backend says how threads of their own read its agents (SQLite's WAL readers).
      readWorkers: config.readWorkers > 0 && backend.readReplicas !== undefined ? acquireReadWorkers({ replicas: backend.readReplicas, count: config.readWorkers }) : undefined,
    };
    this.lastConsolidationAt = this.clock.now();
    this.lastMaintenanceAt = this.clock.now();
  }

  /** Validates the configuration, opens the store and reloads what was still short-term. */
  static async open(options: HippocampusOptions): Promise<Hippocampus> {
    if (typeof options !== 'object' || options === null) throw new ValidationError({ code: 'CONFIG_ERROR', message: 'createHippocampus needs an options object: { agentId, … }' });
    const { backend, clock, generateId, onEvent, embedder, allowModelChange, workingMemory, ...config } = options;
    const parsed = parseWith(engineConfigSchema, config, 'configuration', 'CONFIG_ERROR');
    if (embedder !== undefined && embedder !== null) parseWith(embedderShapeSchema, embedder, 'embedder (null for keyword-only recall, or an Embedder: provider, modelId, dimensions, maxBatchSize, doEmbed)', 'CONFIG_ERROR');
    // On every backend: the session logs, snapshots and mirrors of an agent live in its folder under the home.
    refuseCaseTwinAgent(resolveHome(parsed.home), parsed.agentId);
    const store = backend ?? (await openBackend({ store: parsed.store, home: resolveHome(parsed.home), durability: parsed.durability, commonTermDocs: parsed.recall.commonTermDocs }));
    let engine: Hippocampus;
    try {
      engine = new Hippocampus(parsed, options, store);
    } catch (error) {
      if (backend === undefined) await store.close();
      throw error;
    }
    try {
      await bindEmbedderModel(engine.parts, allowModelChange);
      await recoverShortTerm(engine.parts);
    } catch (error) {
      await engine.releaseReadWorkers();
      engine.releaseSerial();
      if (engine.ownsStore) await engine.ownBackend.close();
      throw error;
    }
    return engine;
  }

  /** The long-term row store of this engine's backend, its writes held behind the engine's as `backend.store`'s are. */
  get store(): MemoryStore {
    return this.backend.store;
  }

  /** Validates and queues an experience without waiting; the next tick stores it. Returns its id. */
  enqueue(input: ExperienceInput): string {
    const record = this.validate(input);
    this.queue.push(record);
    if (record.importance >= this.config.consolidation.urgentImportance) this.urgent = true;
    return record.id;
  }

  /** Stores an experience durably before resolving: once this resolves, a crash cannot lose it. */
  async remember(input: ExperienceInput): Promise<RememberResult> {
    const record = this.validate(input);
    return this.serial(async () => {
      const [result] = await admit(this.parts, [record]);
      if (record.importance >= this.config.consolidation.urgentImportance) this.urgent = true;
      return result!;
    });
  }

  /**
   * Stores many experiences in one durable batch with batched embedding: the
   * way to import history. With `longTerm: true` they go straight to long-term
   * memory (history already lived needs no short-term stage).
   */
  async rememberMany(inputs: ExperienceInput[], options: { longTerm?: boolean } = {}): Promise<RememberResult[]> {
    if (!Array.isArray(inputs)) throw new ValidationError({ message: 'rememberMany needs a list of experiences' });
    if (inputs.length > MAX_BATCH) throw new ValidationError({ message: `rememberMany takes at most ${MAX_BATCH} experiences at once, got ${inputs.length}` });
    options = parseWith(rememberManyOptionsSchema, options ?? {}, 'rememberMany options');
    const records = inputs.map((input) => this.validate(input));
    return this.serial(async () => {
      if (options.longTerm) {
        const now = this.clock.now();
        for (const record of records) record.consolidatedAt = now;
        return admit(this.parts, records, { bypassShortTerm: true });
      }
      return admit(this.parts, records);
    });
  }

  /**
   * Runs `work` with this engine's writes held (and those of every other engine of this agent opened over the
   * same backend object: they share one queue): no remember, edit, forget or consolidation of another caller
   * runs until it ends, and the engine's own calls inside it run at once, in order. `memory.backend.atomically`
   * holds them so already; this is for a host that writes in a transaction of its own on the agent's storage
   * (on SQLite the agent's one connection) and awaits inside it: a write of another caller that ran in such a
   * gap ran inside that transaction, was acknowledged, and was rolled back with it.
   *
   * @example
   * await memory.exclusively(async () => { await ownTransaction(async () => { await memory.rememberMany(batch); await saveMark(); }); });
   */
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    this.assertOpen();
    return this.serial(work);
  }

  /**
   * Hybrid recall of what is relevant to `context` (BM25 keywords + vectors +
   * strength + recency + importance), each result with its score breakdown.
   *
   * @example
   * const results = await memory.recallRelevant('why did the billing migration fail?', { limit: 5 });
   * results[0].explain.contributions // { semantic: 0.21, keyword: 0.55, strength: 0.02, ... }
   */
  async recallRelevant(context: string, input: RecallRelevantOptionsInput = {}): Promise<RecallResult[]> {
    this.assertOpen();
    context = parseWith(queryTextSchema, context, 'recallRelevant context');
    const options = parseWith(recallRelevantOptionsSchema, input, 'recall options');
    // Only what was enqueued must be stored first. A recall does not wait in the write queue
    // behind a write under way (a remember, a consolidation): it reads the last committed state,
    // which holds every write that had resolved when it was called (on SQLite, with a transaction
    // open on the agent's one connection, after its end: stores/sqlite/committed-reads.ts).
    if (this.queue.length + this.draining > 0) await this.serial(() => this.drainQueue());
    return recallRelevantMemories(this.parts, context, options);
  }

  /** Keyword-only recall: memories matching any of the words, BM25-ranked, with the same explain. */
  async recallByKeywords(keywords: string[], options: Omit<RecallRelevantOptionsInput, 'mode'> = {}): Promise<RecallResult[]> {
    keywords = parseWith(keywordListSchema, keywords, 'recallByKeywords words');
    if (typeof options !== 'object' || options === null) throw new ValidationError({ message: 'recallByKeywords options must be an object' });
    // Only the words count here: neighbouring turns are not pulled in by the thread signal, nor found by their neighbours' words.
    return this.recallRelevant(keywords.join(' '), { neighbourWeight: 0, ...options, mode: 'keyword', weights: { ...options.weights, thread: 0 } });
  }

  /** The memories closest in meaning to one memory. */
  async recallSimilarTo(memoryId: string, options: { limit?: number; excludeSelf?: boolean } = {}): Promise<SimilarMemory[]> {
    this.assertOpen();
    options = parseWith(similarOptionsSchema, options ?? {}, 'recallSimilarTo options');
    await this.get(memoryId);
    return recallSimilar(this.parts, memoryId, options);
  }

  /** Spaced repetition: important (≥ 0.7), rarely accessed (< 5), older than 30 days. */
  async findMemoriesNeedingReview(limit = 50): Promise<MemoryRecord[]> {
    this.assertOpen();
    limit = parseWith(reviewLimitSchema, limit, 'review limit');
    return needingReview(this.parts, this.clock.now(), limit);
  }

  /** Related-memory exploration from a seed, breadth-first, never revisiting a memory. */
  async findMemoryClusters(seedId: string, depth = 2, options: { fanOut?: number; minSimilarity?: number } = {}): Promise<ClusterMember[]> {
    this.assertOpen();
    depth = parseWith(clusterDepthSchema, depth, 'cluster depth');
    options = parseWith(clusterOptionsSchema, options ?? {}, 'cluster options');
    await this.get(seedId);
    return recallCluster(this.parts, seedId, depth, options);
  }

  /** Vectors for memories that have none (after a model change, or writes made while the embedder was down). */
  async backfillVectors(options: { batchSize?: number; onProgress?: (done: number, total: number) => void } = {}): Promise<number> {
    this.assertOpen();
    options = parseWith(backfillOptionsSchema, options ?? {}, 'backfill options');
    return backfillVectors(this.parts, options);
  }

  async vectorStats(): Promise<VectorIndexStatistics> {
    this.assertOpen();
    return this.ownBackend.vectors.statistics({ agentId: this.agentId });
  }

  /** The query-embedding cache's hit and miss counts. */
  queryCacheStats(): ReturnType<EmbeddingCache['stats']> {
    return this.queryCache.stats();
  }

  /** Short- and long-term memories matching the filters, newest (or most important) first. Only inspects, unless `recordAccess: true`. */
  async recall(input: RecallQueryInput = {}): Promise<MemoryRecord[]> {
    this.assertOpen();
    const query = parseWith(recallQuerySchema, input, 'recall query');
    const { recordAccess, ...filters } = query;
    return recallMatching(this.parts, filters, query.limit, query.orderBy, recordAccess);
  }

  /** Memories that share a user, room or task. */
  async recallRelated(input: RelatedQueryInput): Promise<MemoryRecord[]> {
    this.assertOpen();
    const query = parseWith(relatedQuerySchema, input, 'related query');
    return recallMatching(this.parts, { context: relatedContext(query) }, query.limit, 'timestamp');
  }

  async get(id: string): Promise<MemoryRecord> {
    this.assertOpen();
    id = parseWith(memoryIdSchema, id, 'memory id');
    const queued = this.queue.find((record) => record.id === id);
    if (queued) return queued;
    const buffered = this.buffer.get(id);
    // The ring's copy only while its row is stored: another engine on this agent may have forgotten it.
    const [found] = buffered ? await stillStored(this.parts, [buffered]) : await this.store.getMany({ agentId: this.agentId }, [id]);
    if (!found) throw new NotFoundError({ what: 'Memory', id });
    return found;
  }

  /** Hard delete: the rows and everything derived from them. Returns the ids that existed. */
  async forget(ids: string[]): Promise<string[]> {
    return (await this.forgetReporting(ids)).forgotten;
  }

  /**
   * `forget`, also naming the working-memory conversations (the given store, and the snapshot beside the
   * database) it dropped because they still held a forgotten memory's text: forget_memory and HTTP forget
   * report them, as they report the conversations confirmed by id.
   *
   * @example
   * const { forgotten, conversations } = await memory.forgetReporting(['01J…']); // conversations: ['c-1795…']
   */
  async forgetReporting(ids: string[]): Promise<{ forgotten: string[]; conversations: string[] }> {
    this.assertOpen();
    ids = parseWith(memoryIdsSchema, ids, 'memory ids');
    const agentRoot = agentPaths(this.home, this.agentId).root;
    return this.serial(async () => {
      // Read what goes before it goes: its text is what working memory (given, or the CLI's and the
      // server's snapshot beside the database) may still hold.
      const snapshot = fs.existsSync(workingSnapshotFile(agentRoot));
      // What the forget rewrites is read first: a damaged file refuses it with nothing deleted.
      if (snapshot) checkWorkingSnapshot(agentRoot);
      checkMirrorRegistry(agentRoot);
      const doomed = this.workingMemory || snapshot ? await this.store.getMany(this.parts.scope, [...ids, ...(await derivedMemoryIds(this.parts, ids))]) : [];
      const texts = doomed.map((record) => record.content);
      // Working memory before the rows: when it does not answer (Redis down), the forget fails with the memory
      // still stored and can be asked again. The rows went first, the conversation holding the text stayed,
      // and the next forget of that id was NOT_FOUND. Everything it drops is what this forget was asked to take.
      const conversations = new Set(this.workingMemory ? await forgetInWorkingMemory(this.workingMemory, this.parts.scope, texts) : []);
      // The snapshot too (written anew, then renamed over it): after the rows, a process killed between the two left
      // the text in working.json and the id NOT_FOUND to a second forget (forget-working-memory.test.ts kills one).
      const holds = holdingAnyOf(texts);
      if (snapshot && holds) for (const id of dropFromWorkingSnapshot(agentRoot, holds)) conversations.add(id);
      await this.purgeEvicted();
      const forgotten = await forgetMemories({ ...this.parts, ...this.erasure() }, ids);
      return { forgotten, conversations: [...conversations] };
    });
  }

  /**
   * What forgetting `ids` would take with them besides themselves: the facts
   * and watcher memories derived from their text (`context.sourceHash`).
   *
   * @example
   * await memory.derivedFrom([rawId]); // ['01J…fact', '01J…watcher']
   */
  async derivedFrom(ids: string[]): Promise<string[]> {
    this.assertOpen();
    ids = parseWith(memoryIdsSchema, ids, 'memory ids');
    return derivedMemoryIds(this.parts, ids);
  }

  /**
   * Meeting a memory again: encounter and access counts go up and the running
   * intensity becomes the average of every intensity it was met with; `context`
   * keys given are set on the memory's context in the same write.
   */
  async reinforce(id: string, incoming: Reinforcement): Promise<MemoryRecord> {
    this.assertOpen();
    id = parseWith(memoryIdSchema, id, 'memory id');
    incoming = parseWith(reinforcementSchema, incoming, 'reinforcement (give at least { intensity })');
    return this.serial(async () => {
      const probe = { ...(await this.get(id)), runningIntensity: incoming.intensity, importance: incoming.importance ?? 0 };
      return reinforceExisting(this.parts, id, probe, incoming);
    });
  }

  /**
   * Replaces an outdated memory (typically a fact) by a new one: the old one
   * gets `supersededBy` and leaves search; the new one starts fresh, in long-term memory.
   */
  async supersede(oldId: string, input: ExperienceInput): Promise<MemoryRecord> {
    this.assertOpen();
    oldId = parseWith(memoryIdSchema, oldId, 'memory id');
    const record = this.validate(input);
    return this.serial(() => supersedeMemory(this.parts, oldId, record));
  }

  /** Edits a memory's content or metadata; the vector and keyword entries follow the new content. */
  async update(id: string, patch: MemoryEdit): Promise<MemoryRecord> {
    this.assertOpen();
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new ValidationError({ message: 'update needs an object of the fields to change' });
    const current = await this.get(id);
    const merged = this.validate({ type: current.type, content: current.content, ...(current.domain ? { domain: current.domain } : {}), ...patch });
    const agentRoot = agentPaths(this.home, this.agentId).root;
    return this.serial(async () => {
      // The mirrors an edit rewrites are read first, as a forget reads them: a damaged one refuses it with nothing changed.
      checkMirrorRegistry(agentRoot);
      // One memory per verbatim text (facts aside): an edit to another memory's text failed deep in the store as a
      // STORE_ERROR ("UNIQUE constraint failed", "duplicate key value"; a 500 over HTTP PATCH).
      if (patch.content !== undefined && current.kind === 'memory') {
        const same = (await this.store.findByContentHash(this.parts.scope, [merged.contentHash], 'memory')).find((record) => record.id !== id);
        if (same) {
          throw new ValidationError({
            message: `Memory ${same.id} already says this word for word (one memory per text): forget ${id}, or supersede it with that text to keep ${same.id}`,
            issues: [{ path: 'content', message: `the text of memory ${same.id}` }],
          });
        }
      }
      const rewrites = merged.content !== current.content;
      // The mirrors hold the memory as edited before the row is rewritten, as a forget scrubs them before the rows
      // go: refreshed only after, a process killed in between left the edited-out text in the mirror with nothing
      // to take it out (mirror-update-killed.test.ts). Killed before the row write, the mirror is ahead of the
      // database (the edit was not acknowledged: asked again, or an export, puts them in step); nothing is lost.
      refreshMirrors(agentRoot, [editedRecord(current, patch, merged)]);
      const relink = rewrites ? await this.graphRelinking?.relink([id]) : undefined;
      const updated = await updateMemory(this.parts, id, patch, merged);
      // The text an edit took out must leave the files as a forget's does: a PIN removed from a memory by hand
      // stayed in the WAL (and the old page) until the next checkpoint (round 14 probe).
      if (updated.content !== current.content) await this.ownBackend.purgeDeletedText?.(this.parts.scope, [], { rewritten: true });
      // Again from the row as stored, and for what an export in another process wrote meanwhile from the old row.
      refreshMirrors(agentRoot, [updated]);
      await relinkAfterChange(this.parts.emit, relink);
      return updated;
    });
  }

  /**
   * Called by `createKnowledgeGraph`: from then on a forget or an edit links again, before it returns, the memories
   * whose graph relations it dropped (the store's triggers drop the relations a changed memory wrote or closed and
   * mark their other sources unlinked). Without it a `relations()` or `neighbors()` right after a forget missed them
   * until the next `linkMemories()`. A graph of a chosen extractor (an LLM's) is kept over one of the default.
   *
   * @example
   * memory.keepGraphLinked(async (ids) => { const ids2 = await read(ids); return () => link(ids2); }, { chosenExtractor: false });
   */
  keepGraphLinked(relink: GraphRelinking, options: { chosenExtractor: boolean }): void {
    if (this.graphRelinking?.chosenExtractor === true && !options.chosenExtractor) return;
    this.graphRelinking = { relink, chosenExtractor: options.chosenExtractor };
  }

  /** What happened to a memory: created, consolidated, reinforced, superseded. */
  async history(id: string): Promise<MemoryHistoryEvent[]> {
    this.assertOpen();
    await this.get(id);
    return this.store.listHistory({ agentId: this.agentId }, id);
  }

  async stats(): Promise<EngineStatistics> {
    this.assertOpen();
    const scope = { agentId: this.agentId };
    const [statistics, runs] = await Promise.all([this.store.statistics(scope, this.clock.now()), this.store.listConsolidationRuns(scope, 1)]);
    return { ...statistics, agentId: this.agentId, sessionId: this.sessionId, shortTermBuffered: this.buffer.size, queued: this.queue.length, lastConsolidation: runs[0] ?? null };
  }

  /** Moves what qualifies from short- to long-term memory now, and drops what expired. */
  async consolidate(trigger = 'manual'): Promise<ConsolidationReport> {
    this.assertOpen();
    trigger = parseWith(triggerSchema, trigger, 'consolidation trigger');
    return this.serial(() => this.consolidateNow(trigger));
  }

  /**
   * Enforces the long-term bounds (removes the weakest beyond the maximum or
   * below the importance floor), then keeps the indexes up: builds or saves the
   * vector graph and the keyword postings. The index work runs outside the
   * engine's queue and in worker threads, so recalls are answered meanwhile.
   */
  async maintain(): Promise<string[]> {
    this.assertOpen();
    const deleted = await this.pruneNow();
    await this.maintainIndexes();
    return deleted;
  }

  private pruneNow(): Promise<string[]> {
    return this.serial(async () => {
      const now = this.clock.now();
      await this.purgeEvicted();
      const { deleted, overBound } = await pruneLongTerm({ ...this.parts, ...this.erasure() }, now);
      // Still over the bound: the next tick maintains again instead of waiting an interval.
      this.lastMaintenanceAt = overBound ? 0 : now;
      return deleted;
    });
  }

  /** Index upkeep nobody waits for; a failure becomes an error event. */
  private maintainIndexesInBackground(): void {
    this.maintainIndexes().catch((error: unknown) => emitError(this.parts.emit, error));
  }

  /** Index upkeep, one pass at a time; `stop` waits for a pass under way. */
  private maintainIndexes(): Promise<void> {
    this.indexUpkeep ??= maintainIndexes(this.parts).finally(() => {
      this.indexUpkeep = undefined;
    });
    return this.indexUpkeep;
  }

  /** Starts the background loop. It never overlaps itself and never blocks callers. */
  start(): void {
    this.assertOpen();
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.config.consolidation.tickMs);
    this.timer.unref();
    // A host that runs the loop gets the vector graph and keyword postings now, not at the first maintenance.
    this.maintainIndexesInBackground();
  }

  /** Stores what is queued, consolidates what qualifies and closes the store. */
  async stop(): Promise<ConsolidationReport | null> {
    if (this.closed) return null;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const report = await this.serial(async () => {
      await this.drainQueue();
      return this.consolidateNow('stop');
    });
    await this.indexUpkeep?.catch(() => undefined);
    this.closed = true;
    await this.releaseReadWorkers();
    this.releaseSerial();
    if (this.ownsStore) await this.ownBackend.close();
    return report;
  }

  /** The read workers drop this agent's connection and indexes; the last engine's release ends them. */
  private async releaseReadWorkers(): Promise<void> {
    const workers = this.parts.readWorkers;
    if (workers === undefined) return;
    await workers.release(this.agentId).catch(() => undefined);
    await workers.close();
  }

  /** One pass of the loop; exposed so tests and hosts with their own scheduler can drive it. */
  async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      await this.serial(async () => {
        await this.drainQueue();
        const now = this.clock.now();
        const { fullRatio, intervalMs } = this.config.consolidation;
        const full = this.buffer.size > fullRatio * this.buffer.capacity;
        if (this.urgent || full || now - this.lastConsolidationAt >= intervalMs) {
          await this.consolidateNow(this.urgent ? 'important-arrival' : full ? 'buffer-full' : 'interval');
        }
      });
      if (this.clock.now() - this.lastMaintenanceAt >= this.config.longTerm.maintenanceIntervalMs) {
        await this.pruneNow();
        // Not awaited: a graph build takes minutes in its worker, and consolidation ticks go on meanwhile.
        this.maintainIndexesInBackground();
      }
    } catch (error) {
      emitError(this.parts.emit, error);
    } finally {
      this.ticking = false;
    }
  }

  private validate(input: ExperienceInput): MemoryRecord {
    this.assertOpen();
    return this.toRecord(input);
  }

  private async drainQueue(): Promise<void> {
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.queue.length);
    this.draining = batch.length;
    try {
      await admit(this.parts, batch);
    } catch (error) {
      this.queue.unshift(...batch);
      throw error;
    } finally {
      this.draining = 0;
    }
  }

  private async consolidateNow(trigger: string): Promise<ConsolidationReport> {
    const report = await consolidateShortTerm({ ...this.parts, ...this.erasure() }, trigger);
    // After the pass: a stop's drain of the queue may have evicted some just before it.
    await this.purgeEvicted();
    this.urgent = false;
    this.lastConsolidationAt = report.startedAt;
    return report;
  }

  /**
   * What a delete needs beyond the rows to leave no trace (`eraseMemories`): a forget's, and the engine's own
   * (maintain's pruning, a consolidation pass's discard) — pruned text stayed in exported mirrors and the WAL, and
   * `index import` brought it back. Working memory is a forget's alone: its conversations are the raw copy of what
   * a person asked to forget, while what the engine lets go was judged unimportant, not unwanted.
   */
  private erasure(): Pick<ForgettingDependencies, 'backend' | 'scrubFiles' | 'relinkGraph'> {
    return { backend: this.ownBackend, scrubFiles: this.parts.scrubFiles, relinkGraph: this.graphRelinking?.relink };
  }

  /** The backend's purge of what the ring evictions of writes discarded since the last (`purgeLater`), at once. */
  private async purgeEvicted(): Promise<void> {
    if (this.unpurged.length === 0) return;
    const ids = this.unpurged.splice(0);
    try {
      await this.ownBackend.purgeDeletedText?.(this.parts.scope, ids);
    } catch (error) {
      this.unpurged.unshift(...ids);
      throw error;
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new HippocampusError({ code: 'ENGINE_CLOSED', message: `The memory engine of agent "${this.agentId}" is stopped` });
  }
}

/** Opens an agent's memory. See {@link Hippocampus}. */
export function createHippocampus(options: HippocampusOptions): Promise<Hippocampus> {
  return Hippocampus.open(options);
}

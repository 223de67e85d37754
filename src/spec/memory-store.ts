import type { FilterCondition } from './memory-filter.ts';
import type { MemoryKind, MemoryRecord, MemoryType } from './memory-record.ts';

/** Whose memory a call is about. Travels with every call; never stored on a backend. */
export interface AgentScope {
  agentId: string;
}

/** A structured filter every backend understands. Lists are "any of"; everything is ANDed. */
export interface MemoryQuery {
  ids?: string[];
  types?: MemoryType[];
  kinds?: MemoryKind[];
  /** Memories carrying at least one of these tags. */
  tags?: string[];
  minImportance?: number;
  /** timestamp >= since (epoch ms) */
  since?: number;
  /** timestamp <= until (epoch ms) */
  until?: number;
  domain?: string;
  /** Case-insensitive substring of the content. */
  text?: string;
  /** Equality on top-level context fields (userId, roomId, taskId, ...). */
  context?: Record<string, string | number | boolean>;
  /** true: only long-term; false: only short-term (not yet consolidated). */
  consolidated?: boolean;
  includeSuperseded?: boolean;
  /** Conditions of the filter language (parsed with parseFilter), ANDed with the rest. */
  filter?: FilterCondition[];
  /** 'none' leaves the order to the backend (lets it use the most selective index). */
  orderBy?: 'timestamp' | 'importance' | 'createdAt' | 'id' | 'none';
  /** Newest/most important first unless 'asc'. */
  direction?: 'asc' | 'desc';
  limit?: number;
  /** Keyset pagination: ids strictly after this one in `id` order (ULIDs sort by time). */
  afterId?: string;
}

export type MemoryPatch = Partial<
  Pick<
    MemoryRecord,
    | 'content'
    | 'contentHash'
    | 'context'
    | 'domain'
    | 'category'
    | 'importance'
    | 'accessCount'
    | 'lastAccessedAt'
    | 'runningIntensity'
    | 'encounterCount'
    | 'supersededBy'
    | 'consolidatedAt'
    | 'tags'
    | 'relatedTo'
    | 'type'
    | 'kind'
    | 'timestamp'
    | 'source'
  >
>;

export interface InsertOutcome {
  /** Ids that were written. */
  inserted: string[];
  /** Records not written because a verbatim copy (same content hash, kind memory) exists. */
  duplicates: { record: MemoryRecord; existingId: string }[];
}

/** What happened to a memory over its life. Details hold ids and numbers only, never content. */
export interface MemoryHistoryEvent {
  memoryId: string;
  at: number;
  event: 'created' | 'consolidated' | 'reinforced' | 'superseded' | 'supersedes' | 'updated';
  details: Record<string, string | number | boolean | null>;
}

export interface ConsolidationRun {
  agentId: string;
  startedAt: number;
  durationMs: number;
  candidatesIn: number;
  kept: number;
  pruned: number;
  trigger: string;
}

export interface StoreStatistics {
  total: number;
  shortTerm: number;
  byType: Partial<Record<MemoryType, number>>;
  byKind: Partial<Record<MemoryKind, number>>;
  /** Long-term memories counted by live-score tier. */
  byTier: { core: number; active: number; background: number; archival: number };
  superseded: number;
  sizeBytes: number;
}

export interface PruneSelection {
  maxMemories: number;
  minImportance: number;
  /** Memories accessed or reinforced at or after this time are never selected. */
  protectedSince: number;
  limit: number;
}

/** Access bookkeeping applied to every returned memory in one statement. */
export interface AccessUpdate {
  at: number;
  importanceBoost: number;
  /** The boost never lifts importance above this; a memory already above it keeps its importance. */
  importanceCeiling: number;
  intensityBoost: number;
}

/** The fields recall ranks a memory by, cheap to read for many candidates (no content, tags or JSON). */
export interface MemoryRankingRow {
  id: string;
  importance: number;
  timestamp: number;
  createdAt: number;
  lastAccessedAt: number | null;
  accessCount: number;
  runningIntensity: number;
  /** `context.replyTo` when it is a string: the memory this one answers in a conversation. */
  replyTo: string | null;
}

/**
 * The long-term memory storage contract. Batches in, batches out, every
 * method async, scope on every call. SQLite is the default implementation;
 * nothing above this interface may depend on SQLite.
 */
export interface MemoryStore {
  readonly dialect: string;
  insertMany(scope: AgentScope, records: MemoryRecord[]): Promise<InsertOutcome>;
  getMany(scope: AgentScope, ids: string[]): Promise<MemoryRecord[]>;
  findByContentHash(scope: AgentScope, hashes: string[], kind: MemoryKind): Promise<MemoryRecord[]>;
  query(scope: AgentScope, query: MemoryQuery): Promise<MemoryRecord[]>;
  /** The ranking fields of the memories matching the query, in no particular order (`orderBy` is ignored). */
  rankingRows(scope: AgentScope, query: MemoryQuery): Promise<MemoryRankingRow[]>;
  /** How many memories match; with `limit`, at most that many (it stops counting there). */
  count(scope: AgentScope, query?: MemoryQuery): Promise<number>;
  /** Applies every patch in one transaction. */
  updateMany(scope: AgentScope, patches: { id: string; patch: MemoryPatch }[]): Promise<void>;
  /** Sets consolidatedAt on those still short-term, in one transaction; returns the ids it moved. */
  markConsolidated(scope: AgentScope, ids: string[], at: number): Promise<string[]>;
  recordAccess(scope: AgentScope, ids: string[], update: AccessUpdate): Promise<void>;
  /** Hard delete of rows and everything derived from them. `onlyShortTerm` leaves consolidated ones alone. */
  deleteMany(scope: AgentScope, ids: string[], options?: { onlyShortTerm?: boolean }): Promise<string[]>;
  /** The weakest long-term memories beyond the bound or below the importance floor. */
  selectPruneCandidates(scope: AgentScope, selection: PruneSelection): Promise<string[]>;
  appendHistory(scope: AgentScope, events: MemoryHistoryEvent[]): Promise<void>;
  listHistory(scope: AgentScope, memoryId: string): Promise<MemoryHistoryEvent[]>;
  /** The history of many memories in one query (a copy of a 100k agent asked 100k times otherwise): by memory in the order given, each oldest first. */
  listHistoryMany(scope: AgentScope, memoryIds: readonly string[]): Promise<MemoryHistoryEvent[]>;
  recordConsolidationRun(run: ConsolidationRun): Promise<void>;
  listConsolidationRuns(scope: AgentScope, limit: number): Promise<(ConsolidationRun & { id: number })[]>;
  /** Counts; tiers use the live score at `now` (importance × 0.99 per whole day since the last access). */
  statistics(scope: AgentScope, now: number): Promise<StoreStatistics>;
  /** The agents that hold something of their own (memories, blocks, skills, watermarks), sorted. */
  listAgents(): Promise<string[]>;
  /**
   * Whether `listAgents()` would name this agent, asked of that agent alone: an indexed lookup, not the
   * whole list (a server rotating 1,000 agents asks it on most requests).
   */
  hasAgent(agentId: string): Promise<boolean>;
  close(): Promise<void>;
}

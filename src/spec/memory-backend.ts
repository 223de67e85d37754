import type { MemoryBlockStore } from './block-store.ts';
import type { Clock } from './clock.ts';
import type { ConsolidationMarks } from './consolidation-marks.ts';
import type { ConversationMessages } from './conversation-messages.ts';
import type { KnowledgeGraphStore } from './knowledge-graph.ts';
import type { ReadReplicaSource } from './read-replicas.ts';
import type { AgentScope, MemoryStore } from './memory-store.ts';
import type { KeywordIndex, VectorIndex } from './search-index.ts';
import type { SkillStore } from './skill-library.ts';
import type { WatermarkStore } from './watermark-store.ts';

/** What a purge after a forget did to the backend's files. */
export interface PurgeReport {
  /** True when a reader kept the checkpoint from finishing: the WAL may still hold old pages. */
  busy: boolean;
  /** Frames in the WAL before the checkpoint. */
  walFrames: number;
}

/**
 * Everything a storage backend provides to the engine and the layers above it: rows, vectors and
 * keywords kept in step, and the optional capabilities a layer checks for once, where it needs them
 * (never by probing a backend's private shape). SQLite and PostgreSQL provide them all.
 */
export interface MemoryBackend {
  readonly store: MemoryStore;
  readonly vectors: VectorIndex;
  readonly keywords: KeywordIndex;
  /**
   * Optional: after a forget deleted these rows, leave no trace of them — ids
   * tombstoned (never re-imported), provenance lists stripped, text gone from
   * indexes and files. A backend without it keeps nothing beyond its rows.
   * `rewritten`: rows were kept but their text edited (no ids then): the old text leaves the files too.
   */
  purgeDeletedText?(scope: AgentScope, forgottenIds: readonly string[], options?: { rewritten?: boolean }): Promise<PurgeReport>;
  /** Optional: which of these ids were forgotten before (a mirror import skips them). */
  forgottenAmong?(scope: AgentScope, ids: readonly string[]): Promise<Set<string>>;
  /** Optional: every id this agent forgot (tombstones, ids only), sorted: a copy of the agent carries them. */
  forgottenIds?(scope: AgentScope): Promise<string[]>;
  /**
   * Optional: runs `work` so that every write it makes to the agent — through this backend's store,
   * indexes, watermarks — commits together or not at all, and no other writer of the agent interleaves;
   * no reader outside `work` sees any of it before the commit (on a connection of its own it reads the state
   * before; on SQLite, whose readers share the agent's one connection, it waits for the end of the
   * transaction). Reads made inside `work` see its writes. Called inside another `atomically`,
   * `work` is a part of that one: rolled back alone when it fails, committed with the outer one.
   * The live watcher commits a batch's memories with the source's watermark this way (exactly once), and
   * the engine commits a `remember` once: the rows, their history and what the full ring evicts.
   */
  atomically?<T>(scope: AgentScope, work: () => Promise<T>): Promise<T>;
  /** Optional: where each conversation source was read up to (the live watcher). */
  readonly watermarks?: WatermarkStore;
  /** Optional: the agent's memory blocks (always-in-context notes). */
  readonly blocks?: MemoryBlockStore;
  /** Optional: the procedural skill library's storage. */
  readonly skills?: SkillStore;
  /** Optional: which working-memory conversations were consolidated. */
  readonly consolidationMarks?: ConsolidationMarks;
  /** Optional: full-text search over the host's messages table kept beside the memories (recall_conversation). */
  readonly conversations?: ConversationMessages;
  /** Optional: the knowledge graph's storage, on the given clock (relation validity). */
  knowledgeGraph?(clock: Clock): KnowledgeGraphStore;
  /**
   * Optional: asks a backend that lives behind a network (a database server) whether it answers now, with
   * one trivial statement; resolves when it does, rejects with STORE_UNAVAILABLE when it fails or takes
   * longer than `timeoutMs`. A backend of local files has nothing to reach and leaves it out.
   */
  reachable?(timeoutMs: number): Promise<void>;
  /**
   * Optional: how worker threads open read-only views of this backend's agents (the engine's
   * `readWorkers` answer searches on them, beside its event loop). SQLite offers it; a database server
   * already serves reads from many connections and leaves it out.
   */
  readonly readReplicas?: ReadReplicaSource;
  close(): Promise<void>;
}

/** The capabilities a layer may need, by name, for one clear error when a backend lacks one. */
export type BackendCapability = 'atomically' | 'watermarks' | 'blocks' | 'skills' | 'consolidationMarks' | 'conversations' | 'knowledgeGraph';

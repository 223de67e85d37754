import type { AgentScope, MemoryStore } from './memory-store.ts';
import type { KeywordIndex, VectorIndex } from './search-index.ts';

/** What a purge after a forget did to the backend's files. */
export interface PurgeReport {
  /** True when a reader kept the checkpoint from finishing: the WAL may still hold old pages. */
  busy: boolean;
  /** Frames in the WAL before the checkpoint. */
  walFrames: number;
}

/** Everything a storage backend provides to the engine: rows, vectors and keywords, kept in step. */
export interface MemoryBackend {
  readonly store: MemoryStore;
  readonly vectors: VectorIndex;
  readonly keywords: KeywordIndex;
  /**
   * Optional: after a forget deleted these rows, leave no trace of them — ids
   * tombstoned (never re-imported), provenance lists stripped, text gone from
   * indexes and files. A backend without it keeps nothing beyond its rows.
   */
  purgeDeletedText?(scope: AgentScope, forgottenIds: readonly string[]): Promise<PurgeReport>;
  /** Optional: which of these ids were forgotten before (a mirror import skips them). */
  forgottenAmong?(scope: AgentScope, ids: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

import type { MemoryStore } from './memory-store.ts';
import type { KeywordIndex, VectorIndex } from './search-index.ts';

/** One agent read on connections of a worker thread's own: what `recallRelevant` reads. */
export interface ReadOnlyAgent {
  readonly store: MemoryStore;
  readonly vectors: VectorIndex;
  readonly keywords: KeywordIndex;
  /** Releases its connections and in-memory indexes. */
  close(): Promise<void>;
}

/** Options that cross to a worker thread (structured clone): plain values only. */
export type ReadReplicaOptions = Readonly<Record<string, string | number | boolean | null>>;

/**
 * How worker threads open read-only views of a backend's agents, so searches run beside the engine's
 * event loop (the engine's `readWorkers`): `module` is a file URL whose module exports
 * `openReadOnlyAgent` (an {@link OpenReadOnlyAgent}); the worker imports it and calls it with `options`.
 * A backend offers it only where readers see every write committed before they were asked (SQLite's
 * WAL does).
 */
export interface ReadReplicaSource {
  readonly module: string;
  readonly options: ReadReplicaOptions;
}

/** What a {@link ReadReplicaSource} module exports as `openReadOnlyAgent`. */
export type OpenReadOnlyAgent = (options: ReadReplicaOptions, agentId: string) => ReadOnlyAgent;

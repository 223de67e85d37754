import type { MemoryStore } from './memory-store.ts';
import type { KeywordIndex, VectorIndex } from './search-index.ts';

/** Everything a storage backend provides to the engine: rows, vectors and keywords, kept in step. */
export interface MemoryBackend {
  readonly store: MemoryStore;
  readonly vectors: VectorIndex;
  readonly keywords: KeywordIndex;
  close(): Promise<void>;
}

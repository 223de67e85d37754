import { runDatabaseWorker } from './database-worker.ts';
import { siblingModule } from './sibling-module.ts';

export interface HnswBuildRequest {
  /** Where the worker writes the built graph. */
  graphFile: string;
  dimensions: number;
  /** Vectors expected, to size the graph (it grows if there are more). */
  count: number;
  m: number;
  efConstruction: number;
}

/** The change log's identity and head the built graph holds, and how many vectors. */
export interface HnswBuildResult {
  logId: string;
  change: number;
  vectors: number;
}

/** Builds an agent's HNSW graph in a worker thread and writes it to `request.graphFile`. */
export function buildHnswGraphFile(databaseFile: string, request: HnswBuildRequest): Promise<HnswBuildResult> {
  return runDatabaseWorker(siblingModule(import.meta.url, 'hnsw-build-worker'), databaseFile, request, 'Could not build the vector graph');
}

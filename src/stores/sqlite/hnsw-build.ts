import { Worker } from 'node:worker_threads';
import { StoreError } from '../../errors/store-error.ts';

export interface HnswBuildRequest {
  databaseFile: string;
  /** Where the worker writes the built graph. */
  graphFile: string;
  dimensions: number;
  /** Vectors expected, to size the graph (it grows if there are more). */
  count: number;
  m: number;
  efConstruction: number;
}

/** The change log's identity and head the graph was built at, or what went wrong. */
export type HnswBuildReply = { logId: string; change: number; vectors: number } | { error: string };

/**
 * Builds an agent's HNSW graph in a worker thread and writes it to
 * `request.graphFile`; resolves with the change-log position it holds.
 */
export function buildHnswGraphFile(request: HnswBuildRequest): Promise<{ logId: string; change: number; vectors: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./hnsw-build-worker-entry.mjs', import.meta.url), { workerData: request });
    let settled = false;
    const fail = (cause: unknown) => {
      if (settled) return;
      settled = true;
      reject(new StoreError({ message: `Could not build the vector graph of ${request.databaseFile}`, cause }));
    };
    worker.once('message', (reply: HnswBuildReply) => {
      if ('error' in reply) return fail(new Error(reply.error));
      settled = true;
      resolve(reply);
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`graph build worker exited with code ${code}`)));
  });
}

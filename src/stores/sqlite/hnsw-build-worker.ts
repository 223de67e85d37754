// A worker thread that builds an agent's HNSW graph from its vectors on a
// read-only connection of its own and writes it to a file, so the minutes a
// large agent takes (93 s at 100k vectors here) never block the event loop
// that answers queries. Started by hnsw-build.ts.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { readVectorLogState } from './vector-change-log.ts';
import type { HnswBuildReply, HnswBuildRequest } from './hnsw-build.ts';

interface Graph {
  initIndex(maxElements: number, m: number, efConstruction: number, randomSeed: number): void;
  addPoint(point: number[], label: number): void;
  resizeIndex(maxElements: number): void;
  getMaxElements(): number;
  getCurrentCount(): number;
  writeIndex(file: string): Promise<boolean>;
}
type GraphConstructor = new (space: 'cosine', dimensions: number) => Graph;

const request = workerData as HnswBuildRequest;
const reply = (message: HnswBuildReply) => parentPort!.postMessage(message);
const db = new Database(request.databaseFile, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  sqliteVec.load(db);
  const { HierarchicalNSW } = createRequire(import.meta.url)('hnswlib-node') as { HierarchicalNSW: GraphConstructor };
  const graph = new HierarchicalNSW('cosine', request.dimensions);
  graph.initIndex(Math.max(1024, Math.ceil(request.count * 1.25)), request.m, request.efConstruction, 100);
  // One read transaction: the vectors and the log head are the same snapshot.
  const log = db.transaction(() => {
    const state = readVectorLogState(db);
    for (const row of db.prepare('SELECT rowid, embedding FROM memory_vectors').iterate() as IterableIterator<{ rowid: number; embedding: Buffer }>) {
      if (graph.getCurrentCount() >= graph.getMaxElements()) graph.resizeIndex(Math.ceil(graph.getMaxElements() * 1.5));
      graph.addPoint(Array.from(new Float32Array(row.embedding.buffer, row.embedding.byteOffset, row.embedding.byteLength / 4)), Number(row.rowid));
    }
    return state;
  })();
  await graph.writeIndex(request.graphFile);
  reply({ logId: log.logId, change: log.head, vectors: graph.getCurrentCount() });
} catch (error) {
  reply({ error: error instanceof Error ? error.message : String(error) });
} finally {
  db.close();
}

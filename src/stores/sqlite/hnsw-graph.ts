import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { readVectorLogState, type VectorLogState } from './vector-change-log.ts';

/** The part of hnswlib-node used here (an optional dependency, loaded lazily). */
export interface Graph {
  initIndex(maxElements: number, m: number, efConstruction: number, randomSeed: number): void;
  readIndex(file: string): Promise<boolean>;
  writeIndex(file: string): Promise<boolean>;
  resizeIndex(maxElements: number): void;
  addPoint(point: number[], label: number): void;
  markDelete(label: number): void;
  searchKnn(query: number[], neighbors: number): { distances: number[]; neighbors: number[] };
  setEf(ef: number): void;
  getMaxElements(): number;
  getCurrentCount(): number;
}
export type GraphConstructor = new (space: 'cosine', dimensions: number) => Graph;

/** The float vectors the graph caches (sqlite-vec's vec0 table). */
export const FLOAT_TABLE = 'memory_vectors';

let graphConstructor: GraphConstructor | null | undefined;

/** hnswlib-node's graph class, or null when the optional dependency is missing (every search stays exact). */
export function loadHnswlib(): GraphConstructor | null {
  if (graphConstructor === undefined) {
    try {
      graphConstructor = (createRequire(import.meta.url)('hnswlib-node') as { HierarchicalNSW: GraphConstructor }).HierarchicalNSW;
    } catch {
      graphConstructor = null;
    }
  }
  return graphConstructor;
}

/** Adds (or updates in place, and undeletes) one stored vector, growing the graph by half when it is full. */
export function addStoredVector(graph: Graph, seq: number, blob: Buffer): void {
  if (graph.getCurrentCount() >= graph.getMaxElements()) graph.resizeIndex(Math.ceil(graph.getMaxElements() * 1.5));
  graph.addPoint(Array.from(new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)), seq);
}

/**
 * A new graph of every stored vector, sized for `count` (it grows if there are
 * more). One read transaction: the vectors and the returned log position are
 * the same snapshot. About 1 ms a vector: run it off the event loop.
 */
export function buildGraphFromTable(
  db: Database.Database,
  Constructor: GraphConstructor,
  options: { dimensions: number; count: number; m: number; efConstruction: number },
): { graph: Graph; log: VectorLogState } {
  const graph = new Constructor('cosine', options.dimensions);
  graph.initIndex(Math.max(1024, Math.ceil(options.count * 1.25)), options.m, options.efConstruction, 100);
  const log = db.transaction(() => {
    const state = readVectorLogState(db);
    for (const row of db.prepare(`SELECT rowid, embedding FROM ${FLOAT_TABLE}`).iterate() as IterableIterator<{ rowid: number; embedding: Buffer }>) {
      addStoredVector(graph, Number(row.rowid), row.embedding);
    }
    return state;
  })();
  return { graph, log };
}

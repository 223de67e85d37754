import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHnswVectors } from './hnsw-vectors.ts';
import { createVectorChangeLog, logVectorChanges, resetVectorChangeLog } from './vector-change-log.ts';

const DIMENSIONS = 512;
const hnswlibLoads = (() => {
  try {
    createRequire(import.meta.url)('hnswlib-node');
    return true;
  } catch {
    return false;
  }
})();

let directory: string;
let databaseFile: string;
let graphFile: string;
/** The graph file the manifest names, or null when none was saved. */
function savedGraph(): string | null {
  if (!fs.existsSync(`${graphFile}.json`)) return null;
  const { graph } = JSON.parse(fs.readFileSync(`${graphFile}.json`, 'utf8')) as { graph: string };
  return path.join(directory, graph);
}
const connections: Database.Database[] = [];

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hnsw-vectors-'));
  databaseFile = path.join(directory, 'agent.sqlite');
  graphFile = `${databaseFile}.hnsw`;
});
afterEach(() => {
  for (const db of connections.splice(0)) db.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** The tables hnsw-vectors reads, shaped as the SQLite store makes them (migrations + vector-index.ts). */
function openDatabase(options: { vectorTable?: boolean } = {}): Database.Database {
  const db = new Database(databaseFile);
  connections.push(db);
  db.pragma('journal_mode = WAL');
  sqliteVec.load(db);
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS memories (seq INTEGER PRIMARY KEY, content TEXT NOT NULL);
    INSERT OR IGNORE INTO meta (key, value) VALUES ('embedding.model_id', 'test-model');
  `);
  if (options.vectorTable === false) return db;
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS memory_vectors USING vec0(embedding float[${DIMENSIONS}] distance_metric=cosine);
    CREATE TRIGGER IF NOT EXISTS memory_vectors_delete AFTER DELETE ON memories BEGIN DELETE FROM memory_vectors WHERE rowid = old.seq; END;
  `);
  createVectorChangeLog(db);
  return db;
}

function openIndex(db: Database.Database, exactBelow?: number) {
  return openHnswVectors({ db, file: graphFile, dimensions: DIMENSIONS, ...(exactBelow === undefined ? {} : { exactBelow }) });
}

/** An agent with `count` clustered vectors, its index opened and maintained once. */
async function maintainedAgent(count: number, seed: number, exactBelow: number) {
  const db = openDatabase();
  const vectors = clusteredVectors(count, seed);
  insertMemories(db, vectors);
  const index = await openIndex(db, exactBelow);
  await index.maintain();
  return { db, vectors, index };
}

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Vectors in 40 topics, like sentence embeddings: close within a topic, far across. */
function clusteredVectors(count: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  const centreRandom = seededRandom(7);
  const centres = Array.from({ length: 40 }, () => Float32Array.from({ length: DIMENSIONS }, () => centreRandom() - 0.5));
  return Array.from({ length: count }, () => {
    const centre = centres[Math.floor(random() * centres.length)]!;
    const vector = centre.map((value) => value + (random() - 0.5) * 0.6);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  });
}

function insertMemories(db: Database.Database, vectors: Float32Array[], firstSeq = 1): number[] {
  const seqs = vectors.map((_, index) => firstSeq + index);
  const memory = db.prepare('INSERT INTO memories (seq, content) VALUES (?, ?)');
  const vector = db.prepare('INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)');
  db.transaction(() => {
    vectors.forEach((values, index) => {
      memory.run(seqs[index], `memory ${seqs[index]}`);
      vector.run(BigInt(seqs[index]!), Buffer.from(values.buffer, values.byteOffset, values.byteLength));
    });
    logVectorChanges(db, seqs);
  }).immediate();
  return seqs;
}

function exactNeighbours(db: Database.Database, query: Float32Array, limit: number): number[] {
  return (db.prepare('SELECT rowid FROM memory_vectors WHERE embedding MATCH ? AND k = ?').pluck().all(Buffer.from(query.buffer), limit) as number[]).map(Number);
}

describe('hnsw vectors: exact search for small agents', () => {
  it('finds nothing, and fails nothing, before an embedding model is bound', async () => {
    const db = openDatabase({ vectorTable: false });
    const index = await openIndex(db);
    await index.maintain();
    expect(index.search(clusteredVectors(1, 1)[0]!, 10)).toEqual([]);
    expect(savedGraph()).toBeNull();
  });

  it('answers exactly and writes no graph file while the agent is below the threshold', async () => {
    const { db, vectors, index } = await maintainedAgent(300, 1, 1000);
    const query = vectors[17]!;
    expect(index.mode).toBe('exact');
    expect(index.search(query, 10).map((hit) => hit.seq)).toEqual(exactNeighbours(db, query, 10));
    expect(index.search(query, 1)[0]).toMatchObject({ seq: 18 });
    expect(savedGraph()).toBeNull();
  });
});

describe.skipIf(!hnswlibLoads)('hnsw vectors: the graph (skipped where the optional hnswlib-node does not load)', () => {
  it('finds the exact top 10 of 3,000 clustered vectors with recall@10 of at least 0.9', async () => {
    const db = openDatabase();
    insertMemories(db, clusteredVectors(3000, 2));
    const index = await openIndex(db, 1000);
    expect(index.mode).toBe('exact');
    await index.maintain();
    expect(index.mode).toBe('graph');
    // Built off the event loop, in a worker on its own connection.
    expect(index.lastBuild).toBe('worker');
    const queries = clusteredVectors(50, 3);
    let found = 0;
    for (const query of queries) {
      const truth = new Set(exactNeighbours(db, query, 10));
      const hits = index.search(query, 10);
      expect(hits).toHaveLength(10);
      expect(hits.map((hit) => hit.distance)).toEqual([...hits.map((hit) => hit.distance)].sort((left, right) => left - right));
      found += hits.filter((hit) => truth.has(hit.seq)).length;
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.9);
  });

  it('never finds a deleted memory again: not in the table, not in the graph, not after reopening the file', async () => {
    const { db, vectors, index } = await maintainedAgent(200, 4, 0);
    expect(index.search(vectors[41]!, 1)[0]?.seq).toBe(42);

    db.prepare('DELETE FROM memories WHERE seq = 42').run();
    expect(db.prepare('SELECT count(*) FROM memory_vectors WHERE rowid = 42').pluck().get()).toBe(0);
    expect(index.search(vectors[41]!, 10).map((hit) => hit.seq)).not.toContain(42);
    // The saved file predates the delete: reopening replays the logged change.
    const beforeSave = await openIndex(db, 0);
    expect(beforeSave.mode).toBe('graph');
    expect(beforeSave.search(vectors[41]!, 10).map((hit) => hit.seq)).not.toContain(42);
    // After a save the log is pruned and the file itself no longer holds it.
    await index.maintain();
    expect(db.prepare('SELECT count(*) FROM memory_vector_changes').pluck().get()).toBe(0);
    expect(fs.readdirSync(directory).filter((name) => name.endsWith('.graph'))).toEqual([path.basename(savedGraph()!)]);
    const afterSave = await openIndex(db, 0);
    expect(afterSave.mode).toBe('graph');
    expect(afterSave.search(vectors[41]!, 10).map((hit) => hit.seq)).not.toContain(42);
  });

  it('keeps the graph near the live vectors when an agent of steady size is written to and forgotten from, without waiting for maintenance', async () => {
    const { db, index } = await maintainedAgent(1500, 5, 0);
    expect(index.slots).toBe(1500);
    const fresh = clusteredVectors(2000, 6);
    for (let round = 0; round < 20; round += 1) {
      db.prepare('DELETE FROM memories WHERE seq IN (SELECT seq FROM memories ORDER BY seq LIMIT 100)').run();
      insertMemories(db, fresh.slice(round * 100, round * 100 + 100), 10_001 + round * 100);
      index.search(fresh[round * 100]!, 1); // replays the changes, as every search does
    }
    // Every write took a new slot: without compaction the graph would hold 3,500 slots for 1,500 vectors.
    for (let waited = 0; index.slots > 1500 * 1.4 && waited < 20_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      index.search(fresh[0]!, 1);
    }
    expect(index.slots).toBeLessThanOrEqual(1500 * 1.4);
    expect(index.search(fresh[1999]!, 1)[0]?.seq).toBe(10_001 + 1999);
  });

  it('finds vectors another connection committed, without a rebuild', async () => {
    const db = openDatabase();
    insertMemories(db, clusteredVectors(200, 5));
    const index = await openIndex(db, 0);
    await index.maintain();
    const other = openDatabase(); // as a second process on the same agent would
    const [added] = clusteredVectors(1, 6);
    insertMemories(other, [added!], 1000);
    expect(index.search(added!, 1)[0]).toMatchObject({ seq: 1000 });
    expect(index.mode).toBe('graph');
  });

  it('rebuilds from SQLite when the graph file is missing, from another model, or the log was reset', async () => {
    const { db, vectors, index: first } = await maintainedAgent(300, 8, 0);
    const saved = savedGraph();
    expect(saved !== null && fs.existsSync(saved)).toBe(true);

    fs.rmSync(saved!);
    const missing = await openIndex(db, 0);
    expect(missing.mode).toBe('exact');
    await missing.maintain();
    expect(missing.mode).toBe('graph');
    expect(fs.existsSync(savedGraph()!)).toBe(true);
    expect(missing.search(vectors[5]!, 1)[0]?.seq).toBe(6);

    db.prepare(`UPDATE meta SET value = 'another-model' WHERE key = 'embedding.model_id'`).run();
    expect((await openIndex(db, 0)).mode).toBe('exact');

    resetVectorChangeLog(db); // what a rebind does when it drops the vector table
    first.search(vectors[5]!, 1);
    expect(first.mode).toBe('exact');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../../config/agent-paths.ts';
import { buildRecord } from '../../memory/build-record.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { cosineSimilarity } from '../../working/similarity.ts';
import { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';
import { cosineToHalfBlob, squaredNorm } from './vector-codes.ts';

const scope = { agentId: 'ada' };
const MODEL = { provider: 'test', modelId: 'test-model', dimensions: 512 };
let home: ReturnType<typeof createTempHome>;
const backends: SqliteBackend[] = [];

beforeEach(() => {
  home = createTempHome();
});
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
  home.cleanup();
});

function open(): SqliteBackend {
  const backend = createSqliteBackend({ home: home.home });
  backends.push(backend);
  return backend;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Vectors around `clusters` centres, so that many near neighbours compete (the hard case for a prefilter). */
function clusteredVectors(count: number, seed: number, clusters = 40): Float32Array[] {
  const next = seeded(seed);
  const centres = Array.from({ length: clusters }, () => Float32Array.from({ length: MODEL.dimensions }, () => next() - 0.5));
  return Array.from({ length: count }, (_, index) => Float32Array.from(centres[index % clusters]!, (value) => value + (next() - 0.5) * 0.3));
}

async function remember(backend: SqliteBackend, vectors: Float32Array[], first = 0): Promise<string[]> {
  const records = vectors.map((_, index) => buildRecord({ type: 'observation', content: `memory ${first + index}` }, { ...scope, sessionId: 's', id: `m${first + index}`, now: 1_000 + first + index }).record);
  await backend.store.insertMany(scope, records);
  await backend.vectors.upsert(scope, records.map((record, index) => ({ id: record.id, vector: vectors[index]! })));
  return records.map((record) => record.id);
}

function exactNearest(vectors: Map<string, Float32Array>, query: Float32Array, limit: number): string[] {
  return [...vectors].map(([id, vector]) => ({ id, similarity: cosineSimilarity(query, vector) })).sort((a, b) => b.similarity - a.similarity).slice(0, limit).map((hit) => hit.id);
}

describe('the SQLite vector index (sign codes + half-precision vectors)', () => {
  it('answers exactly while every vector fits the candidates, and with recall@10 ≥ 0.95 beyond', async () => {
    const backend = open();
    await backend.vectors.bind(scope, MODEL);
    const drawn = clusteredVectors(3030, 3);
    const vectors = drawn.slice(0, 3000);
    const ids = await remember(backend, vectors);
    const all = new Map(ids.map((id, index) => [id, vectors[index]!]));
    const queries = drawn.slice(3000); // near the stored ones, as a question is near what answers it
    let found = 0;
    for (const query of queries) {
      const hits = await backend.vectors.search(scope, query, { limit: 10 });
      const exact = exactNearest(all, query, 10);
      found += hits.filter((hit) => exact.includes(hit.id)).length;
      for (const hit of hits) expect(Math.abs(hit.similarity - cosineSimilarity(query, all.get(hit.id)!))).toBeLessThan(1e-3);
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
    // Among 500 of them (all scored exactly) the answer is the exact one.
    const few = new Map([...all].slice(0, 500));
    const within = await backend.vectors.search(scope, queries[0]!, { limit: 10, withinIds: [...few.keys()] });
    expect(within.map((hit) => hit.id)).toEqual(exactNearest(few, queries[0]!, 10));
  });

  it('scores every candidate from its stored half-precision bytes, zero bytes and all', async () => {
    // Components of 0 and ±0.5, ±2 (half precision 0x0000, 0x3800, 0x4000: zero low bytes) among others: the
    // candidates' vectors are read concatenated in one row, which must give back every byte as stored.
    const backend = open();
    await backend.vectors.bind(scope, MODEL);
    const next = seeded(9);
    const pick = [0, 0, 0.5, -0.5, 2, -2, 0.25];
    const vectors = Array.from({ length: 300 }, () => Float32Array.from({ length: MODEL.dimensions }, () => (next() < 0.7 ? pick[Math.floor(next() * pick.length)]! : next() - 0.5)));
    const ids = await remember(backend, vectors);
    const db = new Database(agentPaths(home.home, scope.agentId).longTermDatabase, { readonly: true });
    const stored = new Map((db.prepare('SELECT m.id, v.embedding FROM memories m JOIN memory_vector_codes v ON v.seq = m.seq').raw().all() as [string, Buffer][]).map(([id, bytes]) => [id, bytes]));
    db.close();
    const query = vectors[11]!;
    const hits = await backend.vectors.search(scope, query, { limit: 300 });
    expect(hits).toHaveLength(300);
    expect(hits[0]!.id).toBe(ids[11]);
    // The search ranks by distance (1 − cosine) and answers 1 − distance.
    for (const hit of hits) expect(hit.similarity).toBe(1 - (1 - cosineToHalfBlob(query, squaredNorm(query), stored.get(hit.id)!)));
  });

  it('sees what another process wrote or forgot, also after that process trimmed the change log', async () => {
    const writer = open();
    const reader = open();
    await writer.vectors.bind(scope, MODEL);
    const vectors = clusteredVectors(200, 5);
    const ids = await remember(writer, vectors);
    expect((await reader.vectors.search(scope, vectors[7]!, { limit: 1 }))[0]!.id).toBe(ids[7]);
    const later = clusteredVectors(20, 6);
    const laterIds = await remember(writer, later, 200);
    expect((await reader.vectors.search(scope, later[3]!, { limit: 1 }))[0]!.id).toBe(laterIds[3]);
    await writer.store.deleteMany(scope, [laterIds[3]!]);
    await writer.vectors.maintain(scope); // trims the log past what the reader applied
    const afterDelete = await reader.vectors.search(scope, later[3]!, { limit: 300 });
    expect(afterDelete.map((hit) => hit.id)).not.toContain(laterIds[3]);
    expect(afterDelete).toHaveLength(219);
  });

  it('refuses a query vector of another dimension with a typed error', async () => {
    const backend = open();
    await backend.vectors.bind(scope, MODEL);
    await remember(backend, clusteredVectors(5, 1));
    await expect(backend.vectors.search(scope, new Float32Array(10), { limit: 3 })).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
  });

  it('moves an agent stored in the float32 layout to the compact one and removes its saved graphs', async () => {
    const first = open();
    await first.vectors.bind(scope, MODEL);
    const vectors = clusteredVectors(50, 8);
    const ids = await remember(first, vectors);
    await first.close();
    backends.splice(0);
    // The layout before sign codes, as vector-index.ts made it: a vec0 table and a float32 copy keyed by seq.
    const file = agentPaths(home.home, scope.agentId).longTermDatabase;
    const db = new Database(file);
    sqliteVec.load(db);
    db.exec(`
      CREATE VIRTUAL TABLE memory_vectors USING vec0(embedding float[${MODEL.dimensions}] distance_metric=cosine);
      CREATE TABLE memory_vector_blobs (seq INTEGER PRIMARY KEY, embedding BLOB NOT NULL);
      CREATE TRIGGER memory_vectors_delete AFTER DELETE ON memories BEGIN DELETE FROM memory_vectors WHERE rowid = old.seq; DELETE FROM memory_vector_blobs WHERE seq = old.seq; END;
    `);
    const seqs = db.prepare('SELECT seq FROM memories ORDER BY seq').pluck().all() as number[];
    seqs.forEach((seq, index) => {
      const blob = Buffer.from(vectors[index]!.buffer);
      db.prepare('INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)').run(BigInt(seq), blob);
      db.prepare('INSERT INTO memory_vector_blobs (seq, embedding) VALUES (?, ?)').run(seq, blob);
    });
    db.exec('DROP TABLE memory_vector_codes');
    db.close();
    const sizeBefore = fs.statSync(file).size;
    fs.writeFileSync(`${file}.hnsw.json`, '{}');
    fs.writeFileSync(`${file}.hnsw.50-1.graph`, Buffer.from(vectors[0]!.buffer));

    const upgraded = open();
    await upgraded.vectors.bind(scope, MODEL);
    expect(fs.readdirSync(path.dirname(file)).filter((name) => name.includes('.hnsw'))).toEqual([]);
    const tables = upgraded.pool.connection(scope.agentId).prepare("SELECT name FROM sqlite_master WHERE name IN ('memory_vectors', 'memory_vector_blobs', 'memory_vector_codes')").pluck().all();
    expect(tables).toEqual(['memory_vector_codes']);
    // The float32 tables' pages are given back, not left as free pages in the file.
    expect(upgraded.pool.connection(scope.agentId).pragma('freelist_count', { simple: true })).toBe(0);
    upgraded.pool.connection(scope.agentId).pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.statSync(file).size).toBeLessThan(sizeBefore);
    expect((await upgraded.vectors.statistics(scope)).withVectors).toBe(50);
    expect((await upgraded.vectors.search(scope, vectors[12]!, { limit: 1 }))[0]!.id).toBe(ids[12]);
  });
});

import type Database from 'better-sqlite3';
import { embeddingModelMismatch } from '../../errors/embedding-model-mismatch.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { EmbeddingModelInfo, VectorIndex } from '../../spec/search-index.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { preparedOnce, preparedRawOnce } from './statement-cache.ts';
import { buildWhere, chunk, placeholders } from './query-builder.ts';
import fs from 'node:fs';
import path from 'node:path';
import { agentPaths } from '../../config/agent-paths.ts';
import { openSignCodeVectors, VECTOR_TABLE, type SignCodeVectors } from './sign-code-vectors.ts';
import { createVectorChangeLog, logVectorChanges, resetVectorChangeLog } from './vector-change-log.ts';
import { concatenatedVectorsSql, type ConcatenatedVectorsRow, cosinesOfConcatenated, cosineToHalfBlob, fromHalfBlob, signCode, squaredNorm, toHalfBlob } from './vector-codes.ts';

const META_KEYS = { provider: 'embedding.provider', modelId: 'embedding.model_id', dimensions: 'embedding.dimensions' } as const;

function readModel(db: Database.Database): EmbeddingModelInfo | null {
  // Read at every search: compiled once per connection (statement-cache.ts), as are the search's other statements.
  const rows = preparedOnce(db, `SELECT key, value FROM meta WHERE key LIKE 'embedding.%'`).all() as { key: string; value: string }[];
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const modelId = values.get(META_KEYS.modelId);
  const dimensions = values.get(META_KEYS.dimensions);
  if (modelId === undefined || dimensions === undefined) return null;
  return { provider: values.get(META_KEYS.provider) ?? 'unknown', modelId, dimensions: Number(dimensions) };
}

/** The tables of the layout before sign codes: vec0's float32 index and the float32 copy keyed by seq. */
const LEGACY_TABLES = ['memory_vectors', 'memory_vector_blobs'] as const;

function createVectorTable(db: Database.Database, model: EmbeddingModelInfo): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${VECTOR_TABLE} (seq INTEGER PRIMARY KEY, code BLOB NOT NULL, embedding BLOB NOT NULL);
    CREATE TRIGGER IF NOT EXISTS ${VECTOR_TABLE}_delete AFTER DELETE ON memories BEGIN
      DELETE FROM ${VECTOR_TABLE} WHERE seq = old.seq;
    END;
    CREATE TRIGGER IF NOT EXISTS ${VECTOR_TABLE}_stale AFTER UPDATE OF content ON memories BEGIN
      DELETE FROM ${VECTOR_TABLE} WHERE seq = old.seq;
    END;
  `);
  createVectorChangeLog(db);
  const upsert = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  upsert.run(META_KEYS.provider, model.provider);
  upsert.run(META_KEYS.modelId, model.modelId);
  upsert.run(META_KEYS.dimensions, String(model.dimensions));
}

const hasTable = (db: Database.Database, name: string) => preparedOnce(db, 'SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined;

/**
 * Moves an agent stored before sign codes (float32 in a sqlite-vec vec0 table and a float32 copy)
 * to the compact table, in the caller's transaction. The old tables are dropped: with secure_delete
 * their pages are zeroed. Returns whether there was anything to move.
 */
function upgradeLegacyVectors(db: Database.Database, model: EmbeddingModelInfo): boolean {
  if (!hasTable(db, 'memory_vector_blobs')) return false;
  const insert = db.prepare(`INSERT OR REPLACE INTO ${VECTOR_TABLE} (seq, code, embedding) VALUES (?, ?, ?)`);
  const page = db.prepare('SELECT seq, embedding FROM memory_vector_blobs WHERE seq > ? ORDER BY seq LIMIT 1000');
  for (let after = -1, rows = page.all(after) as { seq: number; embedding: Buffer }[]; rows.length > 0; after = rows.at(-1)!.seq, rows = page.all(after) as typeof rows) {
    for (const row of rows) {
      const vector = new Float32Array(row.embedding.buffer.slice(row.embedding.byteOffset, row.embedding.byteOffset + row.embedding.byteLength));
      if (vector.length === model.dimensions) insert.run(row.seq, signCode(vector), toHalfBlob(vector));
    }
  }
  db.exec('DROP TRIGGER IF EXISTS memory_vectors_delete; DROP TRIGGER IF EXISTS memory_vectors_stale;');
  for (const table of LEGACY_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
  resetVectorChangeLog(db);
  return true;
}

/** Saved HNSW graphs of the layout before sign codes (`<database>.hnsw*`): vectors of memories, removed. */
function removeLegacyGraphFiles(databaseFile: string): void {
  const directory = path.dirname(databaseFile);
  if (!fs.existsSync(directory)) return;
  for (const name of fs.readdirSync(directory)) if (name.startsWith(`${path.basename(databaseFile)}.hnsw`)) fs.rmSync(path.join(directory, name), { force: true });
}

/**
 * Vectors inside the agent's own database, one row a memory in `memory_vector_codes`: its sign code
 * (the in-memory scan, sign-code-vectors.ts) and the vector in half precision (exact scoring). 1,365
 * bytes a memory at 512-d where the float32 vec0 table and float32 copy took 6,207 (`dbstat`, 10k
 * memories). Triggers drop a memory's row when the memory is deleted or its content changes, so the
 * index can never hold a vector of a forgotten memory.
 */
export function createSqliteVectorIndex(options: { pool: SqliteConnectionPool }): VectorIndex {
  const { pool } = options;
  const searches = new Map<string, SignCodeVectors>();
  const searchOf = (agentId: string, db: Database.Database, dimensions: number) => {
    let search = searches.get(agentId);
    if (search === undefined) {
      search = openSignCodeVectors({ db, dimensions });
      searches.set(agentId, search);
    }
    return search;
  };
  const dropSearch = (agentId: string) => {
    searches.get(agentId)?.close();
    searches.delete(agentId);
  };
  const modelOrThrow = (db: Database.Database, agentId: string, vector: Float32Array): EmbeddingModelInfo | null => {
    const model = readModel(db);
    if (model !== null && vector.length !== model.dimensions) {
      throw new HippocampusError({ code: 'EMBEDDING_DIMENSION_MISMATCH', message: `A query vector of ${vector.length} dimensions for agent "${agentId}", whose index holds ${model.dimensions}` });
    }
    return model;
  };
  /** The `limit` nearest of scored hits: most similar first, ties by id. */
  const nearestFirst = (hits: { id: string; similarity: number }[], limit: number) => hits.sort((left, right) => right.similarity - left.similarity || (left.id < right.id ? -1 : 1)).slice(0, limit);
  /** Exact cosine over the rows a query selects (id, embedding as half precision), nearest `limit`. */
  const scoreRows = (vector: Float32Array, rows: [id: string, embedding: Uint8Array][], limit: number) => {
    const norm2 = squaredNorm(vector);
    return nearestFirst(
      rows.map(([id, embedding]) => ({ id, similarity: cosineToHalfBlob(vector, norm2, embedding) })),
      limit,
    );
  };

  return {
    async bind(scope, model) {
      const db = pool.connection(scope.agentId);
      const upgraded = db.transaction(() => {
        const bound = readModel(db);
        if (bound === null) {
          createVectorTable(db, model);
          return false;
        }
        const refused = embeddingModelMismatch(scope.agentId, bound, model);
        if (refused !== null) throw refused;
        // Idempotent: also brings a database of the float32 layout up to date.
        createVectorTable(db, model);
        return upgradeLegacyVectors(db, model);
      }).immediate();
      // The float32 tables took ~6.2 KB a memory: give the file back its size once (a 10k agent of the
      // old layout: 71 MB before, 22 MB after; the whole open with the move took 17 s on a loaded machine).
      if (upgraded && db.name !== ':memory:') db.exec('VACUUM');
      if (db.name !== ':memory:') removeLegacyGraphFiles(agentPaths(pool.home, scope.agentId).longTermDatabase);
    },

    async boundModel(scope) {
      return readModel(pool.connection(scope.agentId));
    },

    async rebind(scope, model) {
      const db = pool.connection(scope.agentId);
      dropSearch(scope.agentId);
      db.transaction(() => {
        db.exec(`DROP TRIGGER IF EXISTS ${VECTOR_TABLE}_delete; DROP TRIGGER IF EXISTS ${VECTOR_TABLE}_stale; DROP TABLE IF EXISTS ${VECTOR_TABLE};`);
        db.exec('DROP TRIGGER IF EXISTS memory_vectors_delete; DROP TRIGGER IF EXISTS memory_vectors_stale;');
        for (const table of LEGACY_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
        createVectorTable(db, model);
        resetVectorChangeLog(db);
      }).immediate();
    },

    async upsert(scope, items) {
      if (items.length === 0) return;
      const db = pool.connection(scope.agentId);
      const model = readModel(db);
      if (model === null) throw new StoreError({ message: `Agent "${scope.agentId}" has no embedding model bound yet` });
      const seqOf = db.prepare('SELECT seq FROM memories WHERE agent_id = ? AND id = ?');
      const write = db.prepare(`INSERT OR REPLACE INTO ${VECTOR_TABLE} (seq, code, embedding) VALUES (?, ?, ?)`);
      db.transaction(() => {
        const written: number[] = [];
        for (const item of items) {
          if (item.vector.length !== model.dimensions) {
            throw new HippocampusError({ code: 'EMBEDDING_DIMENSION_MISMATCH', message: `Vector for ${item.id} has ${item.vector.length} dimensions, the index holds ${model.dimensions}` });
          }
          const row = seqOf.get(scope.agentId, item.id) as { seq: number } | undefined;
          if (row === undefined) continue; // forgotten meanwhile: never resurrect it as a vector
          write.run(row.seq, signCode(item.vector), toHalfBlob(item.vector));
          written.push(row.seq);
        }
        logVectorChanges(db, written);
      }).immediate();
    },

    async search(scope, vector, searchOptions) {
      const db = pool.connection(scope.agentId);
      if (!hasTable(db, VECTOR_TABLE) || searchOptions.limit <= 0) return [];
      const model = modelOrThrow(db, scope.agentId, vector);
      if (searchOptions.where !== undefined && searchOptions.withinIds === undefined) {
        const where = buildWhere(scope, { includeSuperseded: true, ...searchOptions.where });
        const rows = db.prepare(`SELECT m.id AS id, v.embedding AS embedding FROM memories m JOIN ${VECTOR_TABLE} v ON v.seq = m.seq WHERE ${where.sql}`).raw().all(...where.params) as [string, Buffer][];
        return scoreRows(vector, rows, searchOptions.limit);
      }
      if (searchOptions.withinIds !== undefined) {
        // One statement for any number of ids (a JSON array, no bound-variable limit), compiled once: a recall
        // asks for the vectors of a few dozen candidates twice or three times, a list of another length each time.
        const sql = concatenatedVectorsSql('m.id', `FROM memories m JOIN ${VECTOR_TABLE} v ON v.seq = m.seq WHERE +m.agent_id = ? AND m.id IN (SELECT value FROM json_each(?))`);
        const read = preparedRawOnce(db, sql).get(scope.agentId, JSON.stringify(searchOptions.withinIds));
        const { keys: ids, similarities } = cosinesOfConcatenated<string>(vector, read as ConcatenatedVectorsRow);
        return nearestFirst(
          ids.map((id, position) => ({ id, similarity: similarities[position]! })),
          searchOptions.limit,
        );
      }
      const hits = searchOf(scope.agentId, db, model?.dimensions ?? vector.length).search(vector, searchOptions.limit);
      if (hits.length === 0) return [];
      const idOf = new Map<number, string>();
      for (const part of chunk(hits.map((hit) => hit.seq))) {
        for (const [seq, id] of preparedRawOnce(db, `SELECT seq, id FROM memories WHERE agent_id = ? AND seq IN (${placeholders(part.length)})`).all(scope.agentId, ...part) as [number, string][]) idOf.set(seq, id);
      }
      return hits.filter((hit) => idOf.has(hit.seq)).map((hit) => ({ id: idOf.get(hit.seq)!, similarity: 1 - hit.distance }));
    },

    async vectorsOf(scope, ids) {
      const db = pool.connection(scope.agentId);
      const vectors = new Map<string, Float32Array>();
      if (!hasTable(db, VECTOR_TABLE)) return vectors;
      for (const part of chunk(ids)) {
        const rows = db
          .prepare(`SELECT m.id AS id, v.embedding AS embedding FROM memories m JOIN ${VECTOR_TABLE} v ON v.seq = m.seq WHERE +m.agent_id = ? AND m.id IN (${placeholders(part.length)})`)
          .all(scope.agentId, ...part) as { id: string; embedding: Buffer }[];
        for (const row of rows) vectors.set(row.id, fromHalfBlob(row.embedding));
      }
      return vectors;
    },

    async missing(scope, limit) {
      const db = pool.connection(scope.agentId);
      const vectorFilter = hasTable(db, VECTOR_TABLE) ? `AND NOT EXISTS (SELECT 1 FROM ${VECTOR_TABLE} v WHERE v.seq = m.seq)` : '';
      const rows = db
        .prepare(
          `SELECT m.id, m.content, m.type, m.domain, (SELECT json_group_array(t.tag) FROM memory_tags t WHERE t.memory_seq = m.seq) AS tags
           FROM memories m WHERE m.agent_id = ? ${vectorFilter} ORDER BY m.seq LIMIT ?`,
        )
        .all(scope.agentId, limit) as { id: string; content: string; type: string; domain: string | null; tags: string }[];
      return rows.map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[] }));
    },

    async maintain(scope) {
      const db = pool.connection(scope.agentId);
      const model = readModel(db);
      if (model === null || !hasTable(db, VECTOR_TABLE)) return;
      await searchOf(scope.agentId, db, model.dimensions).maintain();
    },

    async close() {
      for (const agentId of [...searches.keys()]) dropSearch(agentId);
    },

    async statistics(scope) {
      const db = pool.connection(scope.agentId);
      const model = readModel(db);
      const total = (db.prepare('SELECT count(*) AS n FROM memories WHERE agent_id = ?').get(scope.agentId) as { n: number }).n;
      if (!hasTable(db, VECTOR_TABLE)) return { total, withVectors: 0, dimensions: model?.dimensions ?? null, modelId: model?.modelId ?? null, provider: model?.provider ?? null, indexBytes: 0 };
      const withVectors = (db.prepare(`SELECT count(*) AS n FROM ${VECTOR_TABLE}`).get() as { n: number }).n;
      let indexBytes = withVectors * (model?.dimensions ?? 0) * 2;
      try {
        indexBytes = (db.prepare('SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = ?').get(VECTOR_TABLE) as { bytes: number | null }).bytes ?? indexBytes;
      } catch {
        // dbstat is optional in SQLite builds; the raw vector size is a fair estimate.
      }
      return { total, withVectors, dimensions: model?.dimensions ?? null, modelId: model?.modelId ?? null, provider: model?.provider ?? null, indexBytes };
    },
  };
}

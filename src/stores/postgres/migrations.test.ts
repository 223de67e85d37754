import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentScope } from '../../spec/memory-store.ts';
import { contractRecord } from '../../testing/backend-contract.ts';
import { postgresBinaries, startPostgresServer, type PostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresMemoryStore } from './memory-store.ts';
import { migratePostgres, POSTGRES_MIGRATIONS, POSTGRES_SCHEMA_VERSION, settleVectorPath } from './migrations.ts';
import { createPostgresBackend } from './postgres-backend.ts';
import { createPostgresDatabase } from './postgres-database.ts';
import { createVectorLists } from './vector-lists.ts';

const DIMENSIONS = 16;
const COUNT = 40;

function seeded(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
}

function vectorsFor(seed: number): Float32Array[] {
  const random = seeded(seed);
  return Array.from({ length: COUNT }, () => {
    const vector = Float32Array.from({ length: DIMENSIONS }, () => random() - 0.5);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  });
}

let server: PostgresServerHandle | undefined;
beforeAll(async () => {
  if (postgresBinaries() !== null) server = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('PostgreSQL schema 6 → 7 on a database with rows', () => {
  it.skipIf(postgresBinaries() === null)(
    "gives every vector row its own memory's id (two agents holding the same ids, rows interleaved, lists trained, a memory forgotten before): searches and vectors answer as before",
    async () => {
      // Schema 6 exactly as it was: its migrations only, and vector rows written as its vector index wrote them (no id column).
      const database = createPostgresDatabase(new pg.Pool({ connectionString: server!.url }), { ownsPool: true });
      const six = POSTGRES_MIGRATIONS.filter((migration) => migration.version <= 6);
      expect(six.at(-1)?.version).toBe(6);
      const agents: AgentScope[] = [{ agentId: 'migrated-a' }, { agentId: 'migrated-b' }];
      // The same ids in both agents: a row given its id by id rather than by its memory would cross agents.
      const ids = Array.from({ length: COUNT }, (_, index) => `01KMIGRATE${String(index).padStart(16, '0')}`);
      const vectors = new Map(agents.map((scope, index) => [scope.agentId, vectorsFor(index + 1)]));
      try {
        await migratePostgres(database, six);
        expect(await settleVectorPath(database, 'core')).toBe('core');
        const store = createPostgresMemoryStore({ database });
        // Interleaved: agent b's memories take sequence numbers between agent a's, in the reverse order of their ids.
        for (let index = 0; index < COUNT; index += 1) {
          await store.insertMany(agents[0]!, [contractRecord(agents[0]!, `memory ${index} of a`, { id: ids[index]! })]);
          await store.insertMany(agents[1]!, [contractRecord(agents[1]!, `memory ${index} of b`, { id: ids[COUNT - 1 - index]! })]);
        }
        for (const scope of agents) {
          await database.rows('INSERT INTO vector_models (agent_id, provider, model_id, dimensions) VALUES ($1, $2, $3, $4)', [scope.agentId, 'test', 'seeded-16', DIMENSIONS]);
          const own = vectors.get(scope.agentId)!;
          await database.rows(
            `INSERT INTO memory_vector_bits (memory_seq, agent_id, bits, embedding)
             SELECT m.seq, $1, i.bits::bit varying, i.embedding FROM unnest($2::text[], $3::text[], $4::bytea[]) AS i(id, bits, embedding) JOIN memories m ON m.agent_id = $1 AND m.id = i.id`,
            [scope.agentId, ids, own.map((vector) => Array.from(vector, (value) => (value > 0 ? '1' : '0')).join('')), own.map((vector) => Buffer.from(vector.buffer))],
          );
        }
        // Agent a's lists trained under schema 6; agent b's not (the scan of its sign bits).
        await createVectorLists({ database, minimumVectors: 10 }).maintain(agents[0]!.agentId);
        const [trained] = await database.rows<{ n: string }>('SELECT count(*) AS n FROM vector_lists WHERE agent_id = $1', [agents[0]!.agentId]);
        expect(Number(trained!.n)).toBe(1);
        // Forgotten under schema 6: its vector row went with it.
        await store.deleteMany(agents[1]!, [ids[5]!]);
      } finally {
        await database.close();
      }

      const backend = await createPostgresBackend({ connectionString: server!.url, vectors: 'core', exactVectorsBelow: 10 });
      try {
        const [version] = await backend.database.rows<{ version: number }>('SELECT max(version) AS version FROM hippocampus_schema');
        expect(version!.version).toBe(POSTGRES_SCHEMA_VERSION);
        const rows = await backend.database.rows<{ agent_id: string; memory_id: string; id: string }>(
          'SELECT v.agent_id, v.memory_id, m.id FROM memory_vector_bits v JOIN memories m ON m.seq = v.memory_seq WHERE v.agent_id = ANY($1::text[])',
          [agents.map((scope) => scope.agentId)],
        );
        expect(rows).toHaveLength(2 * COUNT - 1);
        expect(rows.filter((row) => row.memory_id !== row.id)).toEqual([]);
        // A process of schema 6 still running writes a vector row as it did, without the id: the row is given its memory's.
        const late = contractRecord(agents[0]!, 'written by a process opened before the migration');
        await backend.store.insertMany(agents[0]!, [late]);
        const lateVector = vectorsFor(9)[0]!;
        await backend.database.rows(
          `INSERT INTO memory_vector_bits (memory_seq, agent_id, bits, embedding)
           SELECT m.seq, $1, $3::bit varying, $4 FROM memories m WHERE m.agent_id = $1 AND m.id = $2`,
          [agents[0]!.agentId, late.id, Array.from(lateVector, (value) => (value > 0 ? '1' : '0')).join(''), Buffer.from(lateVector.buffer)],
        );
        const [lateRow] = await backend.database.rows<{ memory_id: string }>('SELECT v.memory_id FROM memory_vector_bits v JOIN memories m ON m.seq = v.memory_seq WHERE m.agent_id = $1 AND m.id = $2', [agents[0]!.agentId, late.id]);
        expect(lateRow?.memory_id).toBe(late.id);
        for (const scope of agents) {
          const own = vectors.get(scope.agentId)!;
          const held = ids.filter((id) => !(scope === agents[1] && id === ids[5]));
          const stored = await backend.vectors.vectorsOf(scope, held);
          expect(stored.size).toBe(held.length);
          for (const [index, id] of ids.entries()) {
            if (!held.includes(id)) continue;
            expect(Array.from(stored.get(id)!)).toEqual(Array.from(own[index]!));
            // Not filtered, over exactVectorsBelow: the probe (a's lists) or the sign-bit scan (b) returns the ids it read from the rows.
            const [best] = await backend.vectors.search(scope, own[index]!, { limit: 3 });
            expect(best?.id).toBe(id);
            expect(best!.similarity).toBeCloseTo(1, 5);
          }
        }
      } finally {
        await backend.close();
      }
    },
    120_000,
  );
});

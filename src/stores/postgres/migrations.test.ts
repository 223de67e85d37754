import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentScope } from '../../spec/memory-store.ts';
import { contractRecord } from '../../testing/backend-contract.ts';
import { postgresBinaries, startPostgresServer, type RestartablePostgresServerHandle } from '../../testing/postgres-server.ts';
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

let server: RestartablePostgresServerHandle | undefined;
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

/** The BM25 statistics as the triggers keep them, and as a recount of the rows gives them. */
async function statistics(database: { rows: <T>(sql: string, values?: unknown[]) => Promise<T[]> }) {
  const kept = await database.rows<{ agent_id: string; lexeme: string; documents: number }>('SELECT agent_id, lexeme, documents FROM keyword_terms ORDER BY 1, 2');
  const counted = await database.rows<{ agent_id: string; lexeme: string; documents: number }>(
    `SELECT m.agent_id, l.lexeme, count(*)::int AS documents FROM memories m CROSS JOIN LATERAL unnest(tsvector_to_array(m.document || m.neighbour_document)) AS l(lexeme)
     GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const keptTotals = await database.rows('SELECT agent_id, documents::int AS documents, tokens::int AS tokens FROM keyword_totals WHERE documents > 0 ORDER BY 1');
  const countedTotals = await database.rows('SELECT agent_id, count(*)::int AS documents, sum(document_tokens + neighbour_tokens)::int AS tokens FROM memories GROUP BY 1 ORDER BY 1');
  return { kept, counted, keptTotals, countedTotals };
}

describe('PostgreSQL schema 9 → 10 (BM25 statistics counted once a statement)', () => {
  it.skipIf(postgresBinaries() === null)(
    'keeps the word counts and totals equal to a recount of the rows through batches of two agents, replies before and after their turns, duplicates, edits and forgets',
    async () => {
      const url = await server!.createDatabase('schema_nine');
      const database = createPostgresDatabase(new pg.Pool({ connectionString: url }), { ownsPool: true });
      const agents: AgentScope[] = [{ agentId: 'counted-a' }, { agentId: 'counted-b' }];
      const turn = (scope: AgentScope, content: string, replyTo?: string) => contractRecord(scope, content, replyTo === undefined ? {} : { context: { replyTo } });
      const opening = turn(agents[0]!, 'the harbour lantern was lit at dusk');
      try {
        await migratePostgres(database, POSTGRES_MIGRATIONS.filter((migration) => migration.version <= 9));
        const store = createPostgresMemoryStore({ database });
        await store.insertMany(agents[0]!, [opening, turn(agents[0]!, 'lantern oil comes from the ferry', opening.id)]);
        await store.insertMany(agents[1]!, [turn(agents[1]!, 'the harbour walls are old')]);
        const before = await statistics(database);
        expect(before.kept).toEqual(before.counted);
        expect(before.kept.length).toBeGreaterThan(5);
      } finally {
        await database.close();
      }

      const backend = await createPostgresBackend({ connectionString: url, vectors: 'core' });
      try {
        const [version] = await backend.database.rows<{ version: number }>('SELECT max(version) AS version FROM hippocampus_schema');
        expect(version!.version).toBe(POSTGRES_SCHEMA_VERSION);
        const check = async () => {
          const now = await statistics(backend.database);
          expect(now.kept).toEqual(now.counted);
          expect(now.keptTotals).toEqual(now.countedTotals);
        };
        await check();
        const [a, b] = agents as [AgentScope, AgentScope];
        // A batch whose turns reply to each other and to a turn of an earlier batch, with repeated words.
        const first = turn(a, 'ferry ferry timetable for the harbour');
        const batch = [first, turn(a, 'the timetable changed in winter', first.id), turn(a, 'winter ferry lantern', first.id)];
        await backend.store.insertMany(a, batch);
        await check();
        // A turn whose reply came first: the parent's neighbour text changes in the same statement as its insert.
        const parent = turn(b, 'a question about the old walls');
        await backend.store.insertMany(b, [turn(b, 'the walls were rebuilt twice', parent.id)]);
        await backend.store.insertMany(b, [parent]);
        await check();
        // A verbatim duplicate is not inserted, so not counted.
        const outcome = await backend.store.insertMany(a, [turn(a, 'winter ferry lantern'), turn(a, 'a new word: quay')]);
        expect(outcome.duplicates).toHaveLength(1);
        await check();
        await backend.store.updateMany(a, [{ id: batch[1]!.id, patch: { content: 'the timetable changed in spring' } }]);
        await check();
        await backend.store.deleteMany(a, [first.id, opening.id]);
        await check();
        const hits = await backend.keywords.search(a, ['quay'], { limit: 5 });
        expect(hits).toHaveLength(1);
      } finally {
        await backend.close();
      }
    },
    120_000,
  );
});

import { afterEach, beforeEach, expect, test } from 'vitest';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { MIXED_QUERIES as QUERIES, MIXED_TOPICS as TOPICS, seedMixedMemories } from '../testing/mixed-recall-fixture.ts';
import { createSqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

// Recalls answered by read workers (read-only connections in threads) answer what the engine's own
// connection answers, and find every write acknowledged before they were asked.

const NOW = Date.UTC(2026, 5, 1);
const clock = { now: () => NOW };
let temp: ReturnType<typeof createTempHome>;
const engines: Hippocampus[] = [];

// Every field of every record, each score and explanation, in order: what a reply carries, byte for byte.
const outline = (results: Awaited<ReturnType<Hippocampus['recallRelevant']>>) => JSON.stringify(results);

async function open(options: Partial<Parameters<typeof createHippocampus>[0]> = {}): Promise<Hippocampus> {
  const engine = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder(), clock, ...options });
  engines.push(engine);
  return engine;
}

beforeEach(() => {
  temp = createTempHome('hippocampus-read-workers-');
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  temp.cleanup();
});

test('read workers answer every search (vectors, keywords, filters, at once) as the engine in process does, to the byte', async () => {
  const inProcess = await open();
  await seedMixedMemories(inProcess, 80);
  const expected = [];
  for (const { query, options } of QUERIES) expected.push(outline(await inProcess.recallRelevant(query, { ...options, recordAccess: false })));
  expect(expected.every((results) => results.length > 0)).toBe(true);
  await inProcess.stop();

  const withWorkers = await open({ readWorkers: 2 });
  const together = await Promise.all([...QUERIES, ...QUERIES].map(({ query, options }) => withWorkers.recallRelevant(query, { ...options, recordAccess: false })));
  expect(together.map(outline)).toEqual([...expected, ...expected]);
});

test('a search on a read worker finds each write acknowledged before it, from FTS5 and from the postings the worker builds', async () => {
  // 2,100 memories: past the 2,000 from which keyword postings are built (in the worker too).
  const memory = await open({ readWorkers: 2, embedder: null });
  await memory.rememberMany(
    Array.from({ length: 2_100 }, (_, index) => ({ type: 'observation' as const, content: `entry ${index} on ${TOPICS[index % TOPICS.length]}`, importance: 0.3 })),
    { longTerm: true },
  );
  const found = async (word: string) => (await memory.recallRelevant(word, { mode: 'keyword', recordAccess: false, limit: 3 })).map((result) => result.memory.content);
  for (let index = 0; index < 40; index += 1) {
    const word = `zeppelin${index}`;
    await memory.remember({ type: 'decision', content: `The ${word} launch moves to Tuesday`, importance: 0.8 });
    // Two searches at once: each worker has its own connection and postings to bring up to date.
    const [first, second] = await Promise.all([found(word), found(`${word} launch`)]);
    expect(first[0]).toBe(`The ${word} launch moves to Tuesday`);
    expect(second[0]).toBe(`The ${word} launch moves to Tuesday`);
    // Half way, give the workers' postings time to be built: the rest are answered from them.
    if (index === 20) await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  // Forgotten: gone from the workers' answers at once.
  const [target] = await memory.recallRelevant('zeppelin7', { mode: 'keyword', recordAccess: false });
  await memory.forget([target!.memory.id]);
  expect(await found('zeppelin7')).toEqual([]);
}, 60_000);

test("searches go to the read workers through the module the backend names (readReplicas); a backend without it is searched in process", async () => {
  const backend = createSqliteBackend({ home: temp.home });
  try {
    const refusing = { module: new URL('../testing/fixtures/refusing-read-replica.ts', import.meta.url).href, options: { note: 'fixture' } };
    const routed = await open({ readWorkers: 1, backend: { ...backend, readReplicas: refusing } });
    await routed.remember({ type: 'decision', content: 'The billing launch moves to Tuesday', importance: 0.8 });
    await expect(routed.recallRelevant('billing launch', { recordAccess: false })).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', message: 'read replica of ada refused (fixture)' });
    await routed.stop();
    const { readReplicas: _none, ...withoutReplicas } = backend;
    const inProcess = await open({ readWorkers: 1, backend: withoutReplicas });
    expect((await inProcess.recallRelevant('billing launch', { recordAccess: false }))[0]?.memory.content).toBe('The billing launch moves to Tuesday');
  } finally {
    for (const engine of engines.splice(0)) await engine.stop();
    await backend.close();
  }
});

test("a read worker's in-memory ranking fields follow every write (the ring's evictions, edits, access, supersession, forget): its answers are SQL's", async () => {
  const backend = createSqliteBackend({ home: temp.home });
  try {
    const scope = { agentId: 'ada' };
    // The worker answers from the ranking columns of its read-only connection, caught up from the log after each write.
    const worker = await open({ readWorkers: 1, embedder: null, backend, shortTerm: { capacity: 3 }, consolidation: { fullRatio: 1 } });
    // The reference: the same backend in process, read inside a transaction, where the columns are not used (SQL answers).
    const { readReplicas: _none, ...withoutReplicas } = backend;
    const bySql = await open({ embedder: null, backend: withoutReplicas });
    await seedMixedMemories(worker, 60);
    const answers = (results: Awaited<ReturnType<Hippocampus['recallRelevant']>>) => results.map((result) => [result.memory.id, result.score]);
    const expectAsSql = async (step: string) => {
      // With the ring's own notes: the newest (kept) and the evicted (gone) are what a stale reader would get wrong.
      for (const { query, options } of [...QUERIES, { query: 'passing note', options: { mode: 'keyword' as const, types: ['observation' as const] } }]) {
        const fromWorker = answers(await worker.recallRelevant(query, { ...options, recordAccess: false }));
        const fromSql = answers(await backend.atomically!(scope, () => bySql.recallRelevant(query, { ...options, recordAccess: false })));
        expect({ step, query, results: fromWorker }).toEqual({ step, query, results: fromSql });
      }
    };
    await expectAsSql('seeded');
    // A full ring: each remember evicts (deletes) the unimportant memory it pushes out.
    for (let index = 0; index < 6; index += 1) await worker.remember({ type: 'observation', content: `passing note ${index} on ${TOPICS[index % TOPICS.length]}`, importance: 0.1 });
    await expectAsSql('ring evictions');
    const [first, second, third] = await worker.recallRelevant('postgres invoices billing', { mode: 'keyword', limit: 3, recordAccess: false });
    await worker.update(first!.memory.id, { importance: 0.05 });
    await expectAsSql('edit');
    await worker.recallRelevant('replica latency alert', { mode: 'keyword', limit: 5, recordAccess: true });
    await expectAsSql('access');
    await worker.supersede(second!.memory.id, { type: 'decision', content: 'billing invoices now go through the new postgres replica', importance: 0.7 });
    await expectAsSql('supersession');
    await worker.forget([third!.memory.id]);
    await expectAsSql('forget');
  } finally {
    for (const engine of engines.splice(0)) await engine.stop();
    await backend.close();
  }
}, 60_000);

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

import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Embedder } from '../spec/embedder.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { MIXED_QUERIES as QUERIES, seedMixedMemories } from '../testing/mixed-recall-fixture.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

// Searches do not queue behind each other nor behind a write under way; what a write
// acknowledged is durable and found by the next search.

const NOW = Date.UTC(2026, 5, 1);
const clock = { now: () => NOW };
let temp: ReturnType<typeof createTempHome>;
let memory: Hippocampus;

/** The hash embedder, except that embedding a text holding `hold` waits until `release()`: a write caught mid-way. */
function heldEmbedder(hold: string): { embedder: Embedder; release: () => void; held: Promise<void> } {
  const base = createHashEmbedder();
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (reached = resolve));
  return {
    embedder: {
      ...base,
      async doEmbed(input) {
        if (input.values.some((value) => value.includes(hold))) {
          reached();
          await gate;
        }
        return base.doEmbed(input);
      },
    },
    release: () => release(),
    held,
  };
}

async function seed(engine: Hippocampus): Promise<void> {
  await seedMixedMemories(engine, 60);
}

const outline = (results: Awaited<ReturnType<Hippocampus['recallRelevant']>>) => results.map((result) => [result.memory.id, result.score]);

beforeEach(() => {
  temp = createTempHome('hippocampus-concurrent-');
});
afterEach(async () => {
  await memory?.stop();
  temp.cleanup();
});

test('searches run at once answer exactly what the same searches answer one at a time', async () => {
  memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder(), clock });
  await seed(memory);
  const serial = [];
  for (const { query, options } of QUERIES) serial.push(outline(await memory.recallRelevant(query, { ...options, recordAccess: false })));
  expect(serial.every((results) => results.length > 0)).toBe(true);
  const together = await Promise.all([...QUERIES, ...QUERIES, ...QUERIES].map(({ query, options }) => memory.recallRelevant(query, { ...options, recordAccess: false })));
  expect(together.map(outline)).toEqual([...serial, ...serial, ...serial]);
});

test('a search does not wait for a write under way, and the next search after the write finds it', async () => {
  const { embedder, release, held } = heldEmbedder('zeppelin');
  memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder, clock });
  await seed(memory);
  let written = false;
  const writing = memory.remember({ type: 'decision', content: 'The zeppelin launch moves to Tuesday', importance: 0.8 }).then((result) => {
    written = true;
    return result;
  });
  await held;
  // The write is inside the engine's write queue, waiting on its embedding: searches are answered meanwhile.
  const during = await Promise.all(QUERIES.map(({ query, options }) => memory.recallRelevant(query, { ...options, recordAccess: false })));
  expect(written).toBe(false);
  expect(during.flat().some((result) => result.memory.content.includes('zeppelin'))).toBe(false);
  release();
  const { memory: stored } = await writing;
  const after = await memory.recallRelevant('zeppelin launch', { recordAccess: false });
  expect(after[0]?.memory.id).toBe(stored.id);

  // Durable: a new engine on the same files finds it.
  await memory.stop();
  memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder(), clock });
  expect((await memory.get(stored.id)).content).toBe('The zeppelin launch moves to Tuesday');
  expect((await memory.recallRelevant('zeppelin', { mode: 'keyword', recordAccess: false }))[0]?.memory.id).toBe(stored.id);
});

test('what was enqueued before a search is stored first and found by it, searches running at once or not', async () => {
  memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder(), clock });
  await seed(memory);
  const id = memory.enqueue({ type: 'insight', content: 'Quokkas sleep in the afternoon heat', importance: 0.6 });
  const [first, second] = await Promise.all([memory.recallRelevant('quokkas afternoon', { recordAccess: false }), memory.recallRelevant('quokkas heat', { recordAccess: false })]);
  expect(first[0]?.memory.id).toBe(id);
  expect(second[0]?.memory.id).toBe(id);
});

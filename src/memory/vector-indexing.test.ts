import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAICompatibleEmbedder } from '../providers/openai-compatible/index.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';
import { createPostgresBackend } from '../stores/postgres/postgres-backend.ts';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../testing/openai-compatible-server.ts';
import { postgresBinaries, startPostgresServer, type RestartablePostgresServerHandle } from '../testing/postgres-server.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus } from './hippocampus.ts';

// Where the index writes elsewhere (PostgreSQL), writes embed in steps of 64 (the embedder's batch here
// too: one request a step), each step's vectors stored while the next is embedded, the embedding begun
// beside the rows' write. Where the write holds the thread (SQLite), the rows come first and a batch's
// vectors are one upsert.
let home: ReturnType<typeof createTempHome>;
let server: OpenAICompatibleServer;
let postgres: RestartablePostgresServerHandle | undefined;
let databases = 0;

beforeAll(async () => {
  if (postgresBinaries() !== null) postgres = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});
beforeEach(async () => {
  home = createTempHome();
  server = await startOpenAICompatibleServer({ dimensions: 16 });
});
afterEach(async () => {
  await server.close();
  home.cleanup();
});

const texts = (count: number, tag: string) => Array.from({ length: count }, (_, index) => ({ type: 'chat' as const, content: `${tag} note number ${index}` }));
const embeddedTexts = () => server.bodies().flatMap((body) => body.input as string[]);
const embedder = () => createOpenAICompatibleEmbedder({ baseURL: server.apiBaseURL, model: 'm', dimensions: 16, maxRetries: 0 });

async function openSqlite(events: MemoryEvent[] = []) {
  return createHippocampus({ home: home.home, agentId: 'ada', embedder: embedder(), onEvent: (event) => events.push(event) });
}

async function openPostgres(events: MemoryEvent[] = []) {
  databases += 1;
  const backend = await createPostgresBackend({ connectionString: await postgres!.createDatabase(`steps_${databases}`), vectors: 'core' });
  expect(backend.vectors.writesElsewhere).toBe(true);
  const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: embedder(), backend, onEvent: (event) => events.push(event) });
  return { memory, close: async () => (await memory.stop(), await backend.close()) };
}

describe.skipIf(postgresBinaries() === null)('vectors of new memories on PostgreSQL: in steps beside the write', () => {
  it('stores a vector for every row of a batch larger than a step, and embeds no verbatim duplicate once the rows are known', async () => {
    const { memory, close } = await openPostgres();
    try {
      const duplicate = 'a much longer sentence that was stored once already, so the batch only reinforces it';
      await memory.remember({ type: 'chat', content: duplicate });
      server.requests.length = 0;
      // The first step's answer waits, so the rows are written before any later step is chosen; the
      // duplicate, the longest text, falls in the last step.
      server.script({ type: 'delay', ms: 300 });
      const results = await memory.rememberMany([...texts(149, 'batch'), { type: 'chat', content: duplicate }], { longTerm: true });
      expect(results.filter((result) => result.duplicateOf !== null)).toHaveLength(1);
      expect(await memory.vectorStats()).toMatchObject({ total: 150, withVectors: 150 });
      expect(embeddedTexts()).toHaveLength(149);
      expect(embeddedTexts().some((text) => text.includes('much longer sentence'))).toBe(false);
      // Each step is one request of at most 64 texts.
      expect(server.bodies().map((body) => (body.input as string[]).length)).toEqual([64, 64, 21]);
    } finally {
      await close();
    }
  });

  it('keeps every memory when a later step fails to embed, stores the steps before it, and backfill adds the rest', async () => {
    const events: MemoryEvent[] = [];
    const { memory, close } = await openPostgres(events);
    try {
      server.script({ type: 'delay', ms: 0 }, { type: 'status', status: 400, body: 'bad batch' });
      const results = await memory.rememberMany(texts(150, 'kept'), { longTerm: true });
      expect(results).toHaveLength(150);
      expect(await memory.vectorStats()).toMatchObject({ total: 150, withVectors: 64 });
      const errors = events.filter((event) => event.type === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ error: { code: 'PROVIDER_HTTP_ERROR' } });
      expect(await memory.backfillVectors({})).toBe(86);
      expect(await memory.vectorStats()).toMatchObject({ withVectors: 150 });
    } finally {
      await close();
    }
  });
});

describe('vectors of new memories on SQLite: after the rows, one upsert a batch', () => {
  it('embeds only the rows inserted, the whole batch in the embedder’s batches, and a failure leaves the batch to backfill', async () => {
    const events: MemoryEvent[] = [];
    const memory = await openSqlite(events);
    const duplicate = 'stored once already';
    await memory.remember({ type: 'chat', content: duplicate });
    server.requests.length = 0;
    await memory.rememberMany([...texts(149, 'batch'), { type: 'chat', content: duplicate }], { longTerm: true });
    expect(await memory.vectorStats()).toMatchObject({ total: 150, withVectors: 150 });
    expect(embeddedTexts()).toHaveLength(149);
    expect(server.bodies().map((body) => (body.input as string[]).length)).toEqual([64, 64, 21]);
    // A later request fails: no vector of the batch is written (one upsert), every memory is kept.
    server.script({ type: 'delay', ms: 0 }, { type: 'status', status: 400, body: 'bad batch' });
    await memory.rememberMany(texts(150, 'kept'), { longTerm: true });
    expect(await memory.vectorStats()).toMatchObject({ total: 300, withVectors: 150 });
    expect(events.filter((event) => event.type === 'error')).toHaveLength(1);
    expect(await memory.backfillVectors({})).toBe(150);
    await memory.stop();
  });

  it('a single remember is recalled by meaning at once', async () => {
    const memory = await openSqlite();
    const { memory: stored } = await memory.remember({ type: 'chat', content: 'the vault combination is seventeen purple elephants' });
    expect(await memory.vectorStats()).toMatchObject({ total: 1, withVectors: 1 });
    const [hit] = await memory.recallRelevant('vault combination', { mode: 'semantic' });
    expect(hit?.memory.id).toBe(stored.id);
    await memory.stop();
  });
});

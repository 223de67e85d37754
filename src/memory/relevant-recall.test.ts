import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../config/agent-paths.ts';
import { createUseLiteEmbedder } from '../providers/use-lite/index.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { MIXED_QUERIES, seedMixedMemories } from '../testing/mixed-recall-fixture.ts';
import { createSqliteConnectionPool } from '../stores/sqlite/connection-pool.ts';
import { MIGRATIONS } from '../stores/sqlite/migrations.ts';
import { createSqliteMemoryStore } from '../stores/sqlite/memory-store.ts';
import { buildRecord } from './build-record.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

let home: string;
let cleanup: () => void;
const engines: Hippocampus[] = [];
const useLite = createUseLiteEmbedder();

async function open(options: Partial<Parameters<typeof createHippocampus>[0]> = {}): Promise<Hippocampus> {
  const memory = await createHippocampus({ home, agentId: 'ada', embedder: useLite, ...options });
  engines.push(memory);
  return memory;
}

beforeEach(() => ({ home, cleanup } = createTempHome()));
afterEach(async () => {
  for (const memory of engines.splice(0)) await memory.stop();
  cleanup();
});

const FIXTURE = [
  'System restarts resolve coordination failures between the agents',
  'The invoice export job runs every night at 02:00 UTC',
  'Priya owns the Kubernetes cluster named atlas-prod',
  'Our cafeteria serves pasta on Thursdays',
  'Latency on the search endpoint doubled after the 4.2 release',
  'The marketing team prefers blue for the new logo',
  'Backups of the billing database are kept for 35 days',
  'Ticket OPS-1187 tracks the flaky login test',
];

describe('semantic recall', () => {
  it('finds a paraphrase that shares no keywords', async () => {
    const memory = await open();
    await memory.rememberMany(FIXTURE.map((content) => ({ type: 'insight' as const, content })), { longTerm: true });
    const [best] = await memory.recallRelevant('systems stuck in loops need intervention', { mode: 'semantic', limit: 3 });
    expect(best?.memory.content).toBe(FIXTURE[0]);
    expect(best?.explain.signals.semantic).toBeGreaterThan(0.2);
  });

  it('hybrid beats keyword-only and semantic-only on a mixed fixture', async () => {
    const memory = await open();
    await memory.rememberMany(FIXTURE.map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
    const questions: [string, number][] = [
      ['agents stuck, what fixes coordination problems?', 0],
      ['when does the nightly invoice export happen', 1],
      ['who is responsible for atlas-prod', 2],
      ['what food is served for lunch on thursday', 3],
      ['why is search slow since the last release', 4],
      ['which colour did marketing choose', 5],
      ['how long do we retain billing backups', 6],
      ['OPS-1187', 7],
      ['the test that keeps failing intermittently', 7],
      ['a machine reboot fixes stuck processes', 0],
    ];
    const hitsFor = async (mode: 'semantic' | 'keyword' | 'hybrid') => {
      let hits = 0;
      for (const [question, index] of questions) {
        const [best] = await memory.recallRelevant(question, { mode, limit: 1, recordAccess: false });
        if (best?.memory.content === FIXTURE[index]) hits += 1;
      }
      return hits;
    };
    const [semantic, keyword, hybrid] = [await hitsFor('semantic'), await hitsFor('keyword'), await hitsFor('hybrid')];
    expect(hybrid).toBeGreaterThan(semantic);
    expect(hybrid).toBeGreaterThan(keyword);
  });

  it('explains every result, signal by signal', async () => {
    const memory = await open();
    await memory.rememberMany([{ type: 'decision', content: 'We chose Postgres for billing', importance: 0.8 }], { longTerm: true });
    const [result] = await memory.recallRelevant('postgres billing decision');
    expect(result).toBeDefined();
    const { explain } = result!;
    const sum = Object.values(explain.contributions).reduce((total, value) => total + value, 0);
    expect(explain.score).toBeCloseTo(sum, 10);
    for (const key of ['semantic', 'keyword', 'strength', 'recency', 'importance'] as const) {
      expect(explain.contributions[key]).toBeCloseTo(explain.signals[key] * explain.weights[key], 10);
    }
    expect(explain.signals.keyword).toBe(1);
  });

  it("gives every result its explanation's score exactly, best first, on every path of the mixed fixture (explanations are built for the returned few only)", async () => {
    const memory = await open();
    await seedMixedMemories(memory, 60);
    let results = 0;
    for (const { query, options } of MIXED_QUERIES) {
      const found = await memory.recallRelevant(query, options);
      for (const [position, result] of found.entries()) {
        expect(result.score, query).toBe(result.explain.score);
        if (position > 0) expect(result.score, query).toBeLessThanOrEqual(found[position - 1]!.score);
      }
      results += found.length;
    }
    expect(results).toBeGreaterThan(10);
  });

  it('caches query embeddings', async () => {
    const memory = await open();
    await memory.rememberMany([{ type: 'chat', content: 'the deploy pipeline is green' }], { longTerm: true });
    await memory.recallRelevant('is the pipeline green?');
    await memory.recallRelevant('is the pipeline green?');
    expect(memory.queryCacheStats()).toMatchObject({ hits: 1, misses: 1 });
  });
});

describe('filters', () => {
  it('applies structured filters and the filter language, and rejects bad ones', async () => {
    const memory = await open({ embedder: createHashEmbedder() });
    await memory.rememberMany(
      [
        { type: 'error', content: 'cache miss storm in region eu', importance: 0.9, context: { domain: 'debugging', userId: 'u1' }, tags: ['cache'] },
        { type: 'error', content: 'cache eviction bug in region us', importance: 0.5, context: { domain: 'debugging' }, tags: ['cache'] },
        { type: 'chat', content: 'cache talk at lunch', importance: 0.3, context: { domain: 'social' } },
      ],
      { longTerm: true },
    );
    const contents = async (options: Parameters<Hippocampus['recallRelevant']>[1]) => (await memory.recallRelevant('cache', options)).map((result) => result.memory.content).sort();
    expect(await contents({ filter: { 'context.domain': 'debugging', importance: { $gte: 0.6 } } })).toEqual(['cache miss storm in region eu']);
    expect(await contents({ filter: '{"type":{"$in":["chat"]}}' })).toEqual(['cache talk at lunch']);
    expect(await contents({ filter: { tags: { $nin: ['cache'] } } })).toEqual(['cache talk at lunch']);
    expect(await contents({ filter: { 'context.userId': { $ne: null } } })).toEqual(['cache miss storm in region eu']);
    expect(await contents({ types: ['error'], minImportance: 0.6 })).toEqual(['cache miss storm in region eu']);
    await expect(memory.recallRelevant('cache', { filter: { importance: { $regex: 'x' } } })).rejects.toMatchObject({ code: 'INVALID_FILTER' });
    await expect(memory.recallRelevant('cache', { filter: { password: 'x' } })).rejects.toMatchObject({ code: 'INVALID_FILTER' });
    await expect(memory.recallRelevant('cache', { filter: { "context.x') OR 1=1 --": 1 } })).rejects.toMatchObject({ code: 'INVALID_FILTER' });
    await expect(memory.recallRelevant('cache', { filter: '{not json' })).rejects.toMatchObject({ code: 'INVALID_FILTER' });
    await expect(memory.recallRelevant('cache', { filter: { importance: { $gt: '0.5' } } })).rejects.toMatchObject({ code: 'INVALID_FILTER', message: expect.stringContaining('"importance"') });
    await expect(memory.recallRelevant('cache', { mode: 'fuzzy' as never })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    // Said once: an empty query failed both a length check and the visible-text check, and the message said it twice.
    await expect(memory.recallRelevant('   ')).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid recallRelevant context: (root): must not be empty' });
    await expect(memory.recallByKeywords([''])).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid recallByKeywords words: 0: must not be empty' });
  });
});

describe('the embedding model is part of the data', () => {
  it('refuses a different embedder, and re-embeds on request', async () => {
    const first = await open({ embedder: createHashEmbedder({ dimensions: 64 }) });
    await first.rememberMany([{ type: 'chat', content: 'kept across models' }], { longTerm: true });
    await first.stop();
    await expect(createHippocampus({ home, agentId: 'ada', embedder: createHashEmbedder({ dimensions: 32 }) })).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
    await expect(createHippocampus({ home, agentId: 'ada', embedder: createHashEmbedder({ dimensions: 64, modelId: 'other-model' }) })).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_MISMATCH' });
    const moved = await open({ embedder: createHashEmbedder({ dimensions: 32 }), allowModelChange: true });
    expect((await moved.vectorStats()).withVectors).toBe(0);
    const progress: number[] = [];
    expect(await moved.backfillVectors({ batchSize: 1, onProgress: (done) => progress.push(done) })).toBe(1);
    expect(progress).toEqual([0, 1]);
    expect(await moved.vectorStats()).toMatchObject({ withVectors: 1, dimensions: 32, modelId: 'hash-bag-of-words-32' });
  });
});

describe('forgetting and the indexes', () => {
  it('forget removes the row, its vector and its keyword entry', async () => {
    const memory = await open({ embedder: createHashEmbedder() });
    const [kept, doomed] = await memory.rememberMany(
      [
        { type: 'chat', content: 'the blue door is open' },
        { type: 'chat', content: 'the red door is locked' },
      ],
      { longTerm: true },
    );
    expect((await memory.vectorStats()).withVectors).toBe(2);
    await memory.forget([doomed!.memory.id]);
    expect((await memory.vectorStats()).withVectors).toBe(1);
    const db = new Database(agentPaths(home, 'ada').longTermDatabase, { readonly: true });
    sqliteVec.load(db);
    expect(db.prepare("SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH 'locked'").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH 'open'").get()).toEqual({ n: 1 });
    db.close();
    expect((await memory.recallRelevant('door')).map((result) => result.memory.id)).toEqual([kept!.memory.id]);
  });
});

describe('schema upgrades', () => {
  it('opens a version-1 database and indexes its old rows', async () => {
    const pool = createSqliteConnectionPool({ home, migrations: MIGRATIONS.slice(0, 1) });
    const store = createSqliteMemoryStore({ pool });
    const { record } = buildRecord({ type: 'insight', content: 'legacy memory about gardening' }, { agentId: 'ada', sessionId: 's', id: '01LEGACY0000000000000000000', now: Date.now() });
    await store.insertMany({ agentId: 'ada' }, [{ ...record, consolidatedAt: Date.now() }]);
    expect(pool.connection('ada').pragma('user_version', { simple: true })).toBe(1);
    pool.close();
    const memory = await open({ embedder: null });
    const [found] = await memory.recallRelevant('gardening', { mode: 'keyword' });
    expect(found?.memory.content).toBe('legacy memory about gardening');
  });
});

describe('memory dynamics in the score', () => {
  let clockHome: { home: string; cleanup(): void };
  beforeAll(() => (clockHome = createTempHome()));
  afterAll(() => clockHome.cleanup());

  it('excludes memories whose strength decayed below 0.05 and superseded ones', async () => {
    let now = Date.UTC(2026, 0, 1);
    const memory = await createHippocampus({ home: clockHome.home, agentId: 'clock', embedder: createHashEmbedder(), clock: { now: () => now } });
    engines.push(memory);
    await memory.rememberMany([{ type: 'chat', content: 'faint memory of a purple umbrella', intensity: 0.1 }], { longTerm: true });
    const [old] = await memory.rememberMany([{ type: 'chat', content: 'user lives in berlin', kind: 'fact', intensity: 0.8 }], { longTerm: true });
    await memory.supersede(old!.memory.id, { type: 'chat', content: 'user lives in lisbon', kind: 'fact', intensity: 0.8 });
    const umbrellas = async () => (await memory.recallRelevant('purple umbrella', { recordAccess: false })).filter((result) => result.memory.content.includes('umbrella'));
    expect(await umbrellas()).toHaveLength(1);
    now += 60 * 24 * 3600_000;
    expect(await umbrellas()).toHaveLength(0);
    expect((await memory.recallRelevant('user lives', { recordAccess: false })).map((result) => result.memory.content)).toEqual(['user lives in lisbon']);
  });
});

describe('temporal decay of importance', () => {
  it('scores importance as importance × e^(−days/90) when asked', async () => {
    const now = Date.UTC(2026, 5, 1);
    const memory = await open({ embedder: createHashEmbedder(), clock: { now: () => now } });
    await memory.rememberMany([{ type: 'decision', content: 'rotate the signing keys', importance: 0.9, timestamp: now - 90 * 86_400_000 }], { longTerm: true });
    const [plain] = await memory.recallRelevant('signing keys', { recordAccess: false });
    const [decayed] = await memory.recallRelevant('signing keys', { recordAccess: false, temporalDecay: true });
    expect(plain?.explain.signals.importance).toBeCloseTo(0.9, 10);
    expect(decayed?.explain.signals.importance).toBeCloseTo(0.9 * Math.exp(-1), 10);
  });
});

describe('the time signal', () => {
  it('resolves "last week" at ingest and lifts the memory about the month a question names', async () => {
    const now = Date.UTC(2026, 5, 1);
    const memory = await open({ embedder: createHashEmbedder(), clock: { now: () => now } });
    const [inJune, inFebruary] = await memory.rememberMany(
      [
        { type: 'chat', content: 'We went camping at the lake last week', timestamp: Date.UTC(2023, 6, 3) },
        { type: 'chat', content: 'We went camping at the lake with the kids', timestamp: Date.UTC(2023, 1, 10) },
      ],
      { longTerm: true },
    );
    const stored = (await memory.recallRelevant('camping lake', { recordAccess: false })).find((result) => result.memory.id === inJune?.memory.id);
    expect(stored?.memory.context.when).toEqual([{ phrase: 'last week', from: '2023-06-26T00:00:00.000Z', to: '2023-07-03T00:00:00.000Z' }]);

    const question = 'When did we go camping at the lake in June?';
    const withTime = await memory.recallRelevant(question, { recordAccess: false, weights: { time: 0.3 } });
    expect(withTime.map((result) => result.memory.id)).toEqual([inJune?.memory.id, inFebruary?.memory.id]);
    expect(withTime[0]?.explain.signals.time).toBe(1);
    expect(withTime[1]?.explain.signals.time).toBe(0);
    const without = await memory.recallRelevant(question, { recordAccess: false, weights: { time: 0 } });
    expect(without.every((result) => result.explain.signals.time === 0)).toBe(true);
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { databaseFingerprint } from '../testing/database-fingerprint.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

// Property tests of the library API itself (the tools and HTTP have fuzz tests of their own): whatever a
// JavaScript caller passes, a public method either works or rejects with a HippocampusError, and a
// rejected call leaves the database exactly as it was.

let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
let knownId: string;
beforeAll(async () => {
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'prop', embedder: createHashEmbedder() });
  const [first] = await memory.rememberMany(
    [
      { type: 'decision', content: 'Ship the billing service after the canary is green', importance: 0.9 },
      { type: 'insight', content: 'Retries need exponential backoff', importance: 0.6 },
    ],
    { longTerm: true },
  );
  knownId = first!.memory.id;
});
afterAll(async () => {
  await memory.stop();
  home.cleanup();
});

/** Anything a caller might pass: JSON-ish values, odd numbers, long strings, arrays and objects, and a real id. */
const argument = () =>
  fc.oneof(
    fc.anything({ maxDepth: 2, maxKeys: 4 }),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 1.5, 1e308, '', ' ', 'x'.repeat(5_000), [], {}, null, undefined),
    fc.string({ maxLength: 300 }),
    fc.constant(knownId),
    fc.constant([knownId]),
  );

type Call = (engine: Hippocampus, a: unknown, b: unknown, c: unknown) => Promise<unknown>;
// Every public method that takes arguments; `forget`, `supersede` and `update` change data when given valid
// input, so they are called on ids that do not exist (a valid call then changes nothing either).
const METHODS: Record<string, Call> = {
  recallRelevant: (engine, a, b) => engine.recallRelevant(a as string, b as object),
  recallByKeywords: (engine, a, b) => engine.recallByKeywords(a as string[], b as object),
  recallSimilarTo: (engine, a, b) => engine.recallSimilarTo(a as string, b as object),
  findMemoriesNeedingReview: (engine, a) => engine.findMemoriesNeedingReview(a as number),
  findMemoryClusters: (engine, a, b, c) => engine.findMemoryClusters(a as string, b as number, c as object),
  recall: (engine, a) => engine.recall(a as object),
  recallRelated: (engine, a) => engine.recallRelated(a as { userId: string }),
  get: (engine, a) => engine.get(a as string),
  history: (engine, a) => engine.history(a as string),
  reinforce: (engine, a, b) => engine.reinforce(typeof a === 'string' ? `missing-${a}`.slice(0, 100) : (a as string), b as { intensity: number }),
  forget: (engine, a) => engine.forget(Array.isArray(a) ? a.map((value) => (typeof value === 'string' ? `missing-${value}` : value)) : (a as string[])),
  supersede: (engine, a, b) => engine.supersede(typeof a === 'string' ? `missing-${a}`.slice(0, 100) : (a as string), b as never),
  update: (engine, a, b) => engine.update(typeof a === 'string' ? `missing-${a}`.slice(0, 100) : (a as string), b as object),
  consolidate: (engine, a) => engine.consolidate(a as string),
  backfillVectors: (engine, a) => engine.backfillVectors(a as object),
};

describe('every public method under arbitrary arguments', () => {
  it.each(Object.keys(METHODS))('%s: works or rejects with a HippocampusError, and a rejection writes nothing', async (name) => {
    const call = METHODS[name]!;
    await fc.assert(
      fc.asyncProperty(argument(), argument(), argument(), async (a, b, c) => {
        await memory.tick();
        const before = databaseFingerprint(home.home, 'prop');
        try {
          await call(memory, a, b, c);
        } catch (error) {
          if (!HippocampusError.isInstance(error)) throw new Error(`${name} threw a ${(error as Error)?.constructor?.name}: ${(error as Error)?.message}`);
          await memory.tick();
          expect(databaseFingerprint(home.home, 'prop'), `${name} wrote before rejecting with ${error.code}`).toBe(before);
        }
      }),
      { numRuns: 60, seed: 20_261_124 },
    );
  });
});

describe('the calls the trust review found untyped or unbounded', () => {
  const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => (HippocampusError.isInstance(error) ? error.code : `untyped ${String(error)}`));

  it('a 1 MB query is refused as invalid input before any work', async () => {
    expect(await codeOf(memory.recallRelevant('why '.repeat(262_144)))).toBe('VALIDATION_ERROR');
    expect(await codeOf(memory.recallByKeywords(Array.from({ length: 100_000 }, () => 'word')))).toBe('VALIDATION_ERROR');
  });

  it('reinforce without its second argument, and ids of the wrong shape, are VALIDATION_ERROR', async () => {
    expect(await codeOf(memory.reinforce(knownId, undefined as never))).toBe('VALIDATION_ERROR');
    expect(await codeOf(memory.get([knownId] as never))).toBe('VALIDATION_ERROR');
    expect(await codeOf(memory.history([knownId] as never))).toBe('VALIDATION_ERROR');
    expect(await codeOf(memory.get({} as never))).toBe('VALIDATION_ERROR');
    expect(await codeOf(memory.forget(Array.from({ length: 10_001 }, (_, index) => `id-${index}`)))).toBe('VALIDATION_ERROR');
    expect(await codeOf(memory.findMemoryClusters(knownId, 1_000))).toBe('VALIDATION_ERROR');
  });

  it('the same calls, well formed, work', async () => {
    expect((await memory.get(knownId)).id).toBe(knownId);
    expect((await memory.history(knownId)).every((event) => typeof event.memoryId === 'string')).toBe(true);
    expect((await memory.reinforce(knownId, { intensity: 0.7 })).id).toBe(knownId);
    expect((await memory.recallRelevant('billing canary')).length).toBeGreaterThan(0);
  });
});

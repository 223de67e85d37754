import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import type { KeywordIndex } from '../../spec/search-index.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { commonTermBoost } from './common-terms.ts';
import { createSqliteKeywordIndex } from './keyword-index.ts';
import { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';

const scope = { agentId: 'ada' };
let home: ReturnType<typeof createTempHome>;
let backend: SqliteBackend;

/** Thirty memories: "berlin" is in seven of them, "tram" in three, "bakery" in one. */
const CONTENTS = [
  'Ada took the tram to the bakery in Berlin', // m0: tram, bakery, berlin
  'Ada took the tram across Berlin at night', // m1: tram, berlin
  'Ada took the tram across Lisbon at night', // m2: tram (as long as m1)
  ...Array.from({ length: 5 }, (_, index) => `Berlin weather note ${index}: grey skies`), // m3-m7: berlin
  ...Array.from({ length: 22 }, (_, index) => `Garden note ${index}: the roses need water`), // m8-m29
];

beforeEach(async () => {
  home = createTempHome();
  backend = createSqliteBackend({ home: home.home });
  const records = CONTENTS.map((content, index) => buildRecord({ type: 'observation', content }, { ...scope, sessionId: 's', id: `m${index}`, now: 1_000 + index }).record);
  await backend.store.insertMany(scope, records);
});
afterEach(async () => {
  await backend.close();
  home.cleanup();
});

function index(commonTermDocs: number, commonOnlyWindow?: number): KeywordIndex {
  return createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs, ...(commonOnlyWindow === undefined ? {} : { commonOnlyWindow }) });
}

describe('sqlite keyword index with common terms', () => {
  it('matches on rare terms only and lets a common term add its IDF to the memories holding it', async () => {
    // "berlin" (7 of 30) is common at a threshold of 5: it pulls in no matches of its own ...
    const hits = await index(5).search(scope, ['tram', 'bakery', 'berlin'], { limit: 20 });
    expect(hits.map((hit) => hit.id)).toEqual(['m0', 'm1', 'm2']);
    // ... but m1 outranks m2, as long and as trammy, by the IDF of "berlin".
    const [, m1, m2] = hits;
    expect(m1!.score - m2!.score).toBeCloseTo(commonTermBoost(30, 7), 10);
    expect(commonTermBoost(30, 7)).toBeCloseTo(Math.log(23.5 / 7.5), 10);
  });

  it('ranks the top as exact BM25 does on this fixture', async () => {
    const exact = await index(1_000).search(scope, ['tram', 'bakery', 'berlin'], { limit: 3 });
    const pruned = await index(5).search(scope, ['tram', 'bakery', 'berlin'], { limit: 3 });
    expect(exact.map((hit) => hit.id)).toEqual(['m0', 'm1', 'm2']);
    expect(pruned.map((hit) => hit.id)).toEqual(exact.map((hit) => hit.id));
  });

  it('asks for every term when all of them are common', async () => {
    const hits = await index(2).search(scope, ['tram', 'berlin'], { limit: 20 });
    expect(hits.map((hit) => hit.id).sort()).toEqual(['m0', 'm1']);
  });

  it('looks only at the newest memories when all terms are common', async () => {
    // Rows are numbered 1..30 in insertion order; a window of 25 sees m5..m29, three of which hold "berlin".
    const hits = await index(2, 25).search(scope, ['berlin'], { limit: 20 });
    expect(hits.map((hit) => hit.id)).toEqual(['m7', 'm6', 'm5']);
  });

  it('keeps exact BM25 within an id list, however common a term is', async () => {
    const hits = await index(2).search(scope, ['tram', 'berlin'], { limit: 20, withinIds: ['m2', 'm5'] });
    expect(hits.map((hit) => hit.id).sort()).toEqual(['m2', 'm5']);
  });

  it('applies row filters to every plan', async () => {
    expect((await index(5).search(scope, ['tram', 'berlin'], { limit: 20, where: { ids: ['m1', 'm2', 'm3'] } })).map((hit) => hit.id)).toEqual(['m1', 'm2']);
    expect((await index(2).search(scope, ['tram', 'berlin'], { limit: 20, where: { ids: ['m1', 'm2', 'm3'] } })).map((hit) => hit.id)).toEqual(['m1']);
  });
});

describe('commonTermDocs in the engine config', () => {
  it('reaches the keyword index of the default backend', async () => {
    const other = createTempHome();
    const memory = await createHippocampus({ home: other.home, agentId: 'ada', embedder: createHashEmbedder(), recall: { commonTermDocs: 2 } });
    try {
      await memory.rememberMany(CONTENTS.slice(0, 8).map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
      // "tram" (3) and "berlin" (7) are both common at 2: only memories holding both come back.
      const hits = await memory.recallByKeywords(['tram', 'berlin'], { limit: 10 });
      expect(hits.map((hit) => hit.memory.content).sort()).toEqual([CONTENTS[1], CONTENTS[0]]);
    } finally {
      await memory.stop();
      other.cleanup();
    }
  });
});

describe('filtered searches of common terms only, from the postings', () => {
  it('find exactly the memories FTS5 finds: every term, among the newest of the index, filtered, newest first — after writes and deletes too', async () => {
    const withPostings = createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs: 1, commonOnlyWindow: 20, postingsFromMemories: 1 });
    const fromFts = createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs: 1, commonOnlyWindow: 20, postingsFromMemories: Number.POSITIVE_INFINITY });
    await withPostings.maintain!(scope);
    const cases: { terms: string[]; where: Record<string, unknown> }[] = [
      { terms: ['tram', 'berlin'], where: { types: ['observation'] } },
      { terms: ['garden', 'roses'], where: { minImportance: 0 } },
      { terms: ['note', 'berlin'], where: { types: ['observation', 'decision'] } },
      { terms: ['water', 'roses', 'need'], where: { domain: 'home' } },
      { terms: ['nowhere', 'roses'], where: { types: ['observation'] } },
    ];
    const compare = async () => {
      for (const { terms, where } of cases) {
        for (const limit of [3, 50]) {
          const expected = await fromFts.search(scope, terms, { limit, where });
          expect(await withPostings.search(scope, terms, { limit, where }), JSON.stringify({ terms, where, limit })).toEqual(expected);
        }
      }
    };
    await compare();
    expect((await fromFts.search(scope, ['garden', 'roses'], { limit: 50, where: { minImportance: 0 } })).length).toBeGreaterThan(3);

    // Newer memories move the window; some are of the home domain; an old one goes.
    await backend.store.insertMany(
      scope,
      Array.from({ length: 12 }, (_, offset) =>
        buildRecord({ type: offset % 2 === 0 ? 'decision' : 'observation', content: `Garden note late ${offset}: the roses need water in Berlin`, domain: offset % 3 === 0 ? 'home' : 'work' }, { ...scope, sessionId: 's', id: `late${offset}`, now: 5_000 + offset }).record,
      ),
    );
    await backend.store.deleteMany(scope, ['late4', 'm29']);
    await compare();
  });
});

describe('the newest memories of a common-only search, after deletes', () => {
  it('are the newest `commonOnlyWindow` memories, not the memories among the newest that many seqs — from FTS5 and from the postings', async () => {
    const withPostings = createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs: 1, commonOnlyWindow: 20, postingsFromMemories: 1 });
    const fromFts = createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs: 1, commonOnlyWindow: 20, postingsFromMemories: Number.POSITIVE_INFINITY });
    await withPostings.maintain!(scope);
    const search = async (keywordIndex: KeywordIndex, where?: Record<string, unknown>) => (await keywordIndex.search(scope, ['berlin'], { limit: 20, ...(where === undefined ? {} : { where }) })).map((hit) => hit.id);
    // No deletes yet: the newest 20 memories are the newest 20 seqs (m10..m29), none holding "berlin".
    expect(await search(fromFts)).toEqual([]);
    // A ring that evicts as it takes: 15 new memories, and 20 older ones gone. Seqs 31..45 and 1..10 are left:
    // the newest 20 memories are the 15 new ones and m5..m9, while the newest 20 seqs (26..45) are the 15 alone.
    await backend.store.insertMany(scope, Array.from({ length: 15 }, (_, index) => buildRecord({ type: 'observation', content: `Filler ${index}: sunny` }, { ...scope, sessionId: 's', id: `f${index}`, now: 9_000 + index }).record));
    await backend.store.deleteMany(scope, CONTENTS.slice(10).map((_, index) => `m${index + 10}`));
    expect(await search(fromFts)).toEqual(['m7', 'm6', 'm5']);
    for (const keywordIndex of [fromFts, withPostings]) expect(await search(keywordIndex, { types: ['observation'] })).toEqual(['m7', 'm6', 'm5']);
    // Fewer memories than the window: every one of them.
    await backend.store.deleteMany(scope, ['f0', 'f1', 'f2', 'f3', 'f4', 'f5']);
    for (const keywordIndex of [fromFts, withPostings]) expect(await search(keywordIndex, { types: ['observation'] })).toEqual(['m7', 'm6', 'm5', 'm4', 'm3', 'm1', 'm0']);
  });
});

describe('filtered BM25 searches from the postings', () => {
  it('rank exactly the memories FTS5 ranks, with its scores, for every plan with rare terms — after writes and deletes too', async () => {
    const pairs = [1_000, 5].map((commonTermDocs) => ({
      commonTermDocs,
      withPostings: createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs, postingsFromMemories: 1 }),
      fromFts: createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs, postingsFromMemories: Number.POSITIVE_INFINITY }),
    }));
    for (const { withPostings } of pairs) await withPostings.maintain!(scope);
    const cases: { terms: string[]; where: Record<string, unknown> }[] = [
      { terms: ['tram', 'bakery', 'berlin'], where: { types: ['observation'] } },
      { terms: ['berlin', 'night'], where: { minImportance: 0 } },
      { terms: ['garden', 'roses', 'tram'], where: { types: ['observation', 'decision'] } },
      { terms: ['water', 'roses', 'lisbon'], where: { domain: 'home' } },
      { terms: ['nowhere', 'tram'], where: { ids: ['m0', 'm2', 'm9', 'late1'] } },
      { terms: ['grey skies', 'tram'], where: { types: ['observation'] } },
    ];
    let compared = 0;
    const compare = async () => {
      for (const { commonTermDocs, withPostings, fromFts } of pairs) {
        for (const { terms, where } of cases) {
          for (const limit of [2, 50]) {
            for (const neighbourWeight of [0, 0.2, 1]) {
              const label = JSON.stringify({ commonTermDocs, terms, where, limit, neighbourWeight });
              const expected = await fromFts.search(scope, terms, { limit, where, neighbourWeight });
              const found = await withPostings.search(scope, terms, { limit, where, neighbourWeight });
              expect(found.map((hit) => hit.id), label).toEqual(expected.map((hit) => hit.id));
              found.forEach((hit, position) => expect(hit.score, label).toBeCloseTo(expected[position]!.score, 9));
              compared += expected.length;
            }
          }
        }
      }
    };
    await compare();
    expect(compared).toBeGreaterThan(100);

    // Newer memories of other types and domains, one of them replying to an old one (its neighbour text changes), and deletes.
    await backend.store.insertMany(
      scope,
      Array.from({ length: 12 }, (_, offset) =>
        buildRecord(
          { type: offset % 2 === 0 ? 'decision' : 'observation', content: `Tram note late ${offset}: the roses need water in Berlin`, domain: offset % 3 === 0 ? 'home' : 'work', ...(offset === 5 ? { context: { replyTo: 'm2' } } : {}) },
          { ...scope, sessionId: 's', id: `late${offset}`, now: 5_000 + offset },
        ).record,
      ),
    );
    await backend.store.deleteMany(scope, ['late4', 'm1']);
    await compare();
  });
});

describe('a filtered rare-with-common search from the postings, over more matches than one slice', () => {
  it('filters the matches best first by their boosted score, and ranks as FTS5 does', async () => {
    // 600 more memories: "ferry" twice in 75 (the best BM25 of the rare term, and none holds "harbour"), once in
    // 20 that also hold "harbour" (common at a budget of 100: in 105), which lifts those past the first 75.
    await backend.store.insertMany(
      scope,
      Array.from({ length: 600 }, (_, index) => {
        const ferry = index % 8 === 1 ? 'ferry ferry' : index % 30 === 0 ? 'ferry' : 'dock';
        const words = [index % 5 === 0 && index % 8 !== 1 ? 'harbour' : 'quay', ferry, ...Array.from({ length: index % 9 }, () => 'filler')];
        return buildRecord({ type: index % 2 === 0 ? 'decision' : 'observation', content: `${words.join(' ')} log ${index}` }, { ...scope, sessionId: 's', id: `bulk${index}`, now: 10_000 + index }).record;
      }),
    );
    const withPostings = createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs: 100, postingsFromMemories: 1 });
    const fromFts = createSqliteKeywordIndex({ pool: backend.pool, commonTermDocs: 100, postingsFromMemories: Number.POSITIVE_INFINITY });
    await withPostings.maintain!(scope);
    const rareMatches = await fromFts.search(scope, ['ferry'], { limit: 1_000, where: { types: ['decision', 'observation'] } });
    expect(rareMatches.length).toBeGreaterThan(64);
    for (const types of [['decision'], ['observation'], ['decision', 'observation']] as ('decision' | 'observation')[][]) {
      for (const limit of [1, 2, 10, 50]) {
        const label = JSON.stringify({ types, limit });
        const expected = await fromFts.search(scope, ['ferry', 'harbour'], { limit, where: { types } });
        const found = await withPostings.search(scope, ['ferry', 'harbour'], { limit, where: { types } });
        expect(found.map((hit) => hit.id), label).toEqual(expected.map((hit) => hit.id));
        found.forEach((hit, position) => expect(hit.score, label).toBeCloseTo(expected[position]!.score, 9));
      }
    }
    // The fixture does what it says: unfiltered, the best is a memory holding "ferry" once and "harbour".
    const [best] = await fromFts.search(scope, ['ferry', 'harbour'], { limit: 1, where: { types: ['decision', 'observation'] } });
    expect(best!.id).toBe('bulk0');
  });
});

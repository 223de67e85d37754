import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecord } from '../../memory/build-record.ts';
import type { KeywordHit, KeywordIndex } from '../../spec/search-index.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { agentPaths } from '../../config/agent-paths.ts';
import { buildPostingsSnapshot } from './build-postings-snapshot.ts';
import { pruneKeywordChanges } from './keyword-change-log.ts';
import { KeywordPostings } from './keyword-postings.ts';
import { createSqliteKeywordIndex } from './keyword-index.ts';
import { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';

const scope = { agentId: 'ada' };
const WORDS = ['tram', 'trams', 'running', 'runs', 'bakery', 'Berlin', 'café', 'cafe', 'night', 'river', 'bridge', 'music', 'the', 'a', 'of'];

/** Sentences of 3-30 words with repeats, stemming variants and diacritics, deterministic. */
function sentences(count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => Array.from({ length: 3 + Math.floor(next() * 28) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' '));
}

let home: ReturnType<typeof createTempHome>;
let backend: SqliteBackend;
let fromMemory: KeywordIndex;
let exact: KeywordIndex;
let next = 0;

async function add(contents: string[], into = backend): Promise<void> {
  await into.store.insertMany(scope, contents.map((content) => buildRecord({ type: 'observation', content }, { ...scope, sessionId: 's', id: `m${next++}`, now: 1_000 + next }).record));
}

/** Asks both indexes and expects the same memories with the same scores (ties may come in any order). */
async function expectSameAsFts(terms: string[], limit = 500): Promise<KeywordHit[]> {
  const [memoryHits, ftsHits] = [await fromMemory.search(scope, terms, { limit }), await exact.search(scope, terms, { limit })];
  const byId = (hits: KeywordHit[]) => new Map(hits.map((hit) => [hit.id, hit.score]));
  const expected = byId(ftsHits);
  expect(memoryHits.length).toBe(ftsHits.length);
  for (const [id, score] of byId(memoryHits)) expect(score).toBeCloseTo(expected.get(id)!, 9);
  return memoryHits;
}

beforeEach(async () => {
  home = createTempHome();
  backend = createSqliteBackend({ home: home.home });
  fromMemory = createSqliteKeywordIndex({ pool: backend.pool, postingsFromMemories: 0 });
  exact = createSqliteKeywordIndex({ pool: backend.pool, postingsFromMemories: Infinity, commonTermDocs: Infinity });
  next = 0;
  await add(sentences(200, 7));
  await fromMemory.maintain(scope);
});
afterEach(async () => {
  await backend.close();
  home.cleanup();
});

describe('in-memory keyword postings', () => {
  it('score every memory exactly as FTS5 bm25() does', async () => {
    for (const terms of [['tram'], ['tram', 'bakery'], ['running', 'runs'], ['café'], ['cafe', 'river', 'music', 'the'], ['Berlin', 'bridge', 'night', 'nothing-like-it']]) {
      const hits = await expectSameAsFts(terms);
      expect(hits.length).toBeGreaterThan(0);
    }
  });

  it('keep answering exactly after more than 10,000 distinct query words (the word cache starts over)', async () => {
    await expectSameAsFts(['tram', 'bakery']);
    // Fill the cache of query words to its bound (10,000, with the two above) in searches of made-up words.
    for (let batch = 0; batch < 10; batch += 1) {
      await fromMemory.search(scope, Array.from({ length: batch === 9 ? 998 : 1_000 }, (_, index) => `filler${batch}x${index}`), { limit: 5 });
    }
    // Known words with a new one: the new one overflows the cache, which starts over. This threw a TypeError before.
    const hits = await expectSameAsFts(['tram', 'brand-new-word', 'bakery']);
    expect(hits.length).toBeGreaterThan(0);
  });

  it('let go of words no memory holds any more (an agent whose memories come and go stays the same size)', async () => {
    const db = backend.pool.connection(scope.agentId);
    const postings = KeywordPostings.fromSnapshot(db, await buildPostingsSnapshot(agentPaths(home.home, scope.agentId).longTermDatabase));
    const before = postings.termCount;
    for (let round = 0; round < 5; round += 1) {
      const ids = Array.from({ length: 20 }, (_, index) => `churn-${round}-${index}`);
      await backend.store.insertMany(scope, ids.map((id, index) => buildRecord({ type: 'observation', content: `visited zzword${round}x${index} and qqcode${round}y${index}` }, { ...scope, sessionId: 's', id, now: 9_000 + index }).record));
      postings.catchUp();
      expect(postings.termCount).toBeGreaterThan(before);
      await backend.store.deleteMany(scope, ids);
      postings.catchUp();
    }
    // The shared word "visited" went with its last memory too; every made-up word is gone.
    expect(postings.termCount).toBe(before);
  });

  it('answer from memory, not from FTS5', async () => {
    // A write FTS5 sees but the log does not: the postings keep answering as they were.
    const db = backend.pool.connection(scope.agentId);
    const before = await fromMemory.search(scope, ['tram'], { limit: 500 });
    db.exec("DROP TRIGGER memory_keyword_changes_insert");
    await add(['tram tram tram']);
    expect((await fromMemory.search(scope, ['tram'], { limit: 500 })).length).toBe(before.length);
    expect((await exact.search(scope, ['tram'], { limit: 500 })).length).toBe(before.length + 1);
  });

  it('keep in step with inserts, deletes and edits', async () => {
    await add(sentences(50, 11));
    const db = backend.pool.connection(scope.agentId);
    db.prepare('DELETE FROM memories WHERE seq % 7 = 0').run();
    db.prepare("UPDATE memories SET content = 'river river bakery' WHERE seq % 5 = 0").run();
    for (const terms of [['tram', 'bakery'], ['river'], ['running', 'music', 'night']]) await expectSameAsFts(terms);
  });

  it('see what another process wrote', async () => {
    const other = createSqliteBackend({ home: home.home });
    try {
      await add(['a bridge of music over the river Spree'], other);
      const hits = await expectSameAsFts(['spree']);
      expect(hits).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('leave phrases of several tokens to FTS5', async () => {
    await add(['send an e-mail to the bakery']);
    const hits = await expectSameAsFts(['e-mail']);
    expect(hits).toHaveLength(1);
  });

  it('give way to FTS5 when the change log no longer holds what they missed, until maintenance rebuilds them', async () => {
    const db = backend.pool.connection(scope.agentId);
    await add(['a tram to Potsdam']);
    pruneKeywordChanges(db, 0);
    await expectSameAsFts(['potsdam', 'tram']);
    await fromMemory.maintain(scope);
    await add(['another tram to Potsdam']);
    expect(await expectSameAsFts(['potsdam'])).toHaveLength(2);
  });
});

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
async function expectSameAsFts(terms: string[], limit = 500, neighbourWeight?: number): Promise<KeywordHit[]> {
  const options = { limit, ...(neighbourWeight === undefined ? {} : { neighbourWeight }) };
  const [memoryHits, ftsHits] = [await fromMemory.search(scope, terms, options), await exact.search(scope, terms, options)];
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

  it("score a memory's neighbouring turns (its second field) with their weight exactly as bm25(memories_fts, 1, weight) does, through links, deletes, edits and relinks", async () => {
    const db = backend.pool.connection(scope.agentId);
    const turns = sentences(40, 3);
    await backend.store.insertMany(
      scope,
      turns.map((content, index) => buildRecord({ type: 'chat', content, context: index % 10 === 0 ? {} : { replyTo: `turn${index - 1}` } }, { ...scope, sessionId: 's', id: `turn${index}`, now: 5_000 + index }).record),
    );
    const neighbourText = (id: string) => db.prepare('SELECT neighbour_text FROM memories WHERE id = ?').pluck().get(id) as string;
    expect(neighbourText('turn5')).toBe(`${turns[4]} ${turns[6]}`);
    expect(neighbourText('turn9')).toBe(turns[8]); // the last of its thread: no reply
    db.prepare("DELETE FROM memories WHERE id IN ('turn12', 'turn25')").run();
    expect(neighbourText('turn11')).toBe(turns[10]);
    db.prepare("UPDATE memories SET content = 'bakery bakery river' WHERE id = 'turn31'").run();
    expect(neighbourText('turn32')).toBe(`bakery bakery river ${turns[33]}`);
    db.prepare(`UPDATE memories SET context = json_set(context, '$.replyTo', 'turn2') WHERE id = 'turn35'`).run();
    expect(neighbourText('turn2')).toBe(`${turns[1]} ${turns[3]} ${turns[35]}`);
    expect(neighbourText('turn34')).toBe(turns[33]);
    expect(() => db.prepare("INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
    for (const weight of [0, 0.4, 1]) {
      for (const terms of [['tram', 'bakery'], ['river'], ['café', 'music', 'night']]) expect((await expectSameAsFts(terms, 500, weight)).length).toBeGreaterThan(0);
    }
    // A word only a neighbour holds finds the turn: the reply to an edited turn is found by the edit's words.
    await backend.store.insertMany(scope, [buildRecord({ type: 'chat', content: 'it was lovely', context: { replyTo: 'turn1' } }, { ...scope, sessionId: 's', id: 'reply', now: 9_999 }).record]);
    db.prepare("UPDATE memories SET content = 'a xylophone on stage' WHERE id = 'turn1'").run();
    const hits = await expectSameAsFts(['xylophone'], 500, 0.4);
    expect(new Set(hits.map((hit) => hit.id))).toEqual(new Set(['turn0', 'turn1', 'turn2', 'reply']));
    // The weight is the neighbours' share: at 0 only the turn holding the word scores, and more weight lifts the others.
    const scoreOf = async (weight: number) => new Map((await expectSameAsFts(['xylophone'], 500, weight)).map((hit) => [hit.id, hit.score]));
    const [none, low, full] = [await scoreOf(0), await scoreOf(0.4), await scoreOf(1)];
    expect(none.get('turn1')!).toBeGreaterThan(0);
    for (const id of ['turn0', 'turn2', 'reply']) {
      expect(none.has(id)).toBe(false);
      expect(low.get(id)!).toBeGreaterThan(0);
      expect(full.get(id)!).toBeGreaterThan(low.get(id)!);
    }
    // A reply stored before the turn it answers (a copy in any order): both learn of each other by the batch's end.
    await backend.store.insertMany(scope, [
      buildRecord({ type: 'chat', content: 'a reply that came first', context: { replyTo: 'late' } }, { ...scope, sessionId: 's', id: 'early', now: 10_000 }).record,
      buildRecord({ type: 'chat', content: 'the turn it answers', context: {} }, { ...scope, sessionId: 's', id: 'late', now: 10_001 }).record,
    ]);
    expect([neighbourText('early'), neighbourText('late')]).toEqual(['the turn it answers', 'a reply that came first']);
    expect(db.prepare('SELECT count(*) FROM memory_neighbours_stale').pluck().get()).toBe(0);
    expect(() => db.prepare("INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
    await expectSameAsFts(['answers', 'came'], 500, 0.4);
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

describe('memories holding every word among the newest (holdingAll)', () => {
  it('are those FTS5 finds with "a" AND "b" past a seq — while the lists rise and once an edit puts an old memory at the end of its lists', async () => {
    const db = backend.pool.connection(scope.agentId);
    const postings = KeywordPostings.fromSnapshot(db, await buildPostingsSnapshot(agentPaths(home.home, scope.agentId).longTermDatabase));
    const fromFts = (words: string[], afterSeq: number) =>
      (db.prepare('SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? AND rowid > ? ORDER BY rowid').pluck().all(words.map((word) => `"${word}"`).join(' AND '), afterSeq) as number[]);
    const compare = () => {
      const newest = db.prepare('SELECT max(seq) FROM memories').pluck().get() as number;
      let found = 0;
      for (const words of [['tram', 'bakery'], ['river', 'bridge', 'the'], ['night', 'music']]) {
        for (const afterSeq of [-1, 0, 57, Math.floor(newest / 2), newest - 20, newest]) {
          const expected = fromFts(words, afterSeq);
          expect([...postings.holdingAll(words, afterSeq)!].sort((left, right) => left - right), JSON.stringify({ words, afterSeq })).toEqual(expected);
          found += expected.length;
        }
      }
      return found;
    };
    expect(compare()).toBeGreaterThan(50);
    // New memories and deletes keep every list rising.
    await add(sentences(60, 13));
    db.prepare('DELETE FROM memories WHERE seq % 9 = 0').run();
    postings.catchUp();
    compare();
    // Old memories edited go back in at the end of their lists: they no longer rise, and are read whole
    // (a bisection would land among those older seqs and step past the newest).
    db.prepare("UPDATE memories SET content = 'tram bakery river bridge the night music' WHERE seq % 3 = 0 AND seq < 200").run();
    postings.catchUp();
    expect(compare()).toBeGreaterThan(50);
  });
});

describe('the top few of an unfiltered search (skipping what cannot reach them)', () => {
  it('are the first of every match ranked — the same memories, scores to the bit and order — through inserts, deletes, longer texts and edits', async () => {
    // Words from common to rare (the first in most memories, the last in a few), texts of 2-40 words.
    const vocabulary = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
    let state = 5;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const texts = (count: number, longest: number) =>
      Array.from({ length: count }, () => Array.from({ length: 2 + Math.floor(next() * (longest - 1)) }, () => vocabulary[Math.floor(vocabulary.length * next() ** 2)]).join(' '));
    await add(texts(1_500, 40));
    // Two rare words: a weaker list too short to keep bits for is stepped through.
    await add(Array.from({ length: 10 }, (_, index) => `zulu ${index % 5 === 0 ? 'yankee' : ''} ${texts(1, 12)[0]}`));
    await add(texts(200, 40));
    const db = backend.pool.connection(scope.agentId);
    const postings = KeywordPostings.fromSnapshot(db, await buildPostingsSnapshot(agentPaths(home.home, scope.agentId).longTermDatabase));
    const queries = [['alpha', 'bravo', 'charlie'], ['bravo', 'kilo'], ['delta'], ['alpha', 'lima', 'echo', 'golf'], ['tram', 'trams', 'bakery'], ['hotel', 'india', 'juliet', 'river'], ['zulu', 'yankee'], ['yankee', 'alpha', 'zulu']];
    const compare = () => {
      let compared = 0;
      for (const words of queries) {
        for (const weight of [0, 0.2, 1]) {
          const every = postings.search(words, Number.POSITIVE_INFINITY, weight)!;
          for (const limit of [1, 3, 10, 50]) {
            expect(postings.search(words, limit, weight), JSON.stringify({ words, weight, limit })).toEqual(every.slice(0, limit));
            compared += Math.min(limit, every.length);
          }
        }
      }
      return compared;
    };
    expect(compare()).toBeGreaterThan(1_000);
    // New memories past each list's bound, then deletes (bounds left above what is left), then longer texts
    // (the average length moves, and with it every memory's share).
    await add(texts(300, 40));
    postings.catchUp();
    compare();
    db.prepare('DELETE FROM memories WHERE seq % 4 = 1').run();
    postings.catchUp();
    compare();
    await add(texts(300, 120));
    postings.catchUp();
    compare();
    // Old memories edited go back in at the end of their lists: those lists no longer rise (ranked whole, as before).
    db.prepare("UPDATE memories SET content = 'alpha bravo kilo lima' WHERE seq % 11 = 0").run();
    postings.catchUp();
    compare();
    // And the same as FTS5's bm25() top few, ties in any order.
    for (const words of queries) for (const limit of [3, 10]) await expectSameAsFts(words, limit);
  });
});

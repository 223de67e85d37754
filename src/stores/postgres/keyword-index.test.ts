import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRecord, contractScope } from '../../testing/backend-contract.ts';
import { postgresBinaries, startPostgresServer, type PostgresServerHandle } from '../../testing/postgres-server.ts';
import { createPostgresBackend, type PostgresBackend } from './postgres-backend.ts';

let server: PostgresServerHandle | undefined;
let backend: PostgresBackend | undefined;
beforeAll(async () => {
  if (postgresBinaries() === null) return;
  server = await startPostgresServer();
  backend = await createPostgresBackend({ connectionString: server.url, vectors: 'core', commonTermDocs: 3 });
}, 60_000);
afterAll(async () => {
  await backend?.close();
  await server?.stop();
});

describe.skipIf(postgresBinaries() === null)('PostgreSQL keyword budget (skipped: no PostgreSQL binaries)', () => {
  it('lets the rarest words pick the matches while their documents fit commonTermDocs, the common ones only scoring them; within given ids every word matches', async () => {
    const scope = contractScope();
    const contents = ['harbour lantern', 'harbour lantern ferry', 'ferry timetable', 'ferry harbour', 'ferry schedule', 'harbour walls', 'ferry lantern'];
    // Ten memories without those words, so that each of them has a positive IDF.
    const records = [...contents, ...Array.from({ length: 10 }, (_, index) => `quiet morning number ${index}`)].map((content) => contractRecord(scope, content));
    await backend!.store.insertMany(scope, records);
    const idOf = (content: string) => records[contents.indexOf(content)]!.id;
    // Documents: lantern 3 (fits the budget of 3), harbour 4, ferry 5: only lantern's matches come back,
    // ranked with harbour's and ferry's terms added.
    const hits = await backend!.keywords.search(scope, ['ferry', 'harbour', 'lantern'], { limit: 10 });
    expect(hits.map((hit) => hit.id).sort()).toEqual(['harbour lantern', 'harbour lantern ferry', 'ferry lantern'].map(idOf).sort());
    expect(hits[0]!.id).toBe(idOf('harbour lantern ferry'));
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    // A query of common words alone still matches through its rarest word.
    expect((await backend!.keywords.search(scope, ['ferry', 'harbour'], { limit: 10 })).map((hit) => hit.id).sort()).toEqual(
      ['harbour lantern', 'harbour lantern ferry', 'ferry harbour', 'harbour walls'].map(idOf).sort(),
    );
    // Within ids, no budget: a memory only a common word matches is found.
    const within = await backend!.keywords.search(scope, ['ferry', 'lantern'], { limit: 10, withinIds: [idOf('ferry timetable'), idOf('harbour lantern')] });
    expect(within.map((hit) => hit.id).sort()).toEqual([idOf('ferry timetable'), idOf('harbour lantern')].sort());
  });

  it("finds each agent's own matches by the agent's word in the index, whatever the id holds: quotes, backslashes, spaces, the first 500 characters shared", async () => {
    const prefix = `shared-${'x'.repeat(600)}`;
    const scopes = [`quote's \\ back slash`, "quote's \\ back", `${prefix}-one`, `${prefix}-two`, `${prefix}-one`.slice(0, 500)].map((agentId) => ({ agentId }));
    const ids = new Map<string, string>();
    for (const scope of scopes) {
      // One matching memory per agent, and ten without the word so that it has a positive IDF.
      const records = ['gondola mooring', ...Array.from({ length: 10 }, (_, index) => `quiet evening number ${index}`)].map((content) => contractRecord(scope, content));
      await backend!.store.insertMany(scope, records);
      ids.set(scope.agentId, records[0]!.id);
    }
    for (const scope of scopes) {
      const hits = await backend!.keywords.search(scope, ['gondola'], { limit: 10 });
      expect(hits.map((hit) => hit.id)).toEqual([ids.get(scope.agentId)]);
    }
  });
});

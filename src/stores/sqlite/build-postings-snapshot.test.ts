import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../../config/agent-paths.ts';
import { StoreError } from '../../errors/store-error.ts';
import { buildRecord } from '../../memory/build-record.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { buildPostingsSnapshot } from './build-postings-snapshot.ts';
import { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';

// Every build of this thread goes to one worker thread, in turn: each answer must reach the build that asked for it.

const AGENTS = ['ada', 'bo', 'cy', 'dee'];
let home: ReturnType<typeof createTempHome>;
let backend: SqliteBackend;

beforeEach(async () => {
  home = createTempHome();
  backend = createSqliteBackend({ home: home.home });
  for (const [position, agentId] of AGENTS.entries()) {
    // Each agent holds a word of its own, and as many memories as its position + 2.
    const contents = Array.from({ length: position + 2 }, (_, index) => `note ${index} about ${agentId}word and the river`);
    await backend.store.insertMany({ agentId }, contents.map((content, index) => buildRecord({ type: 'observation', content }, { agentId, sessionId: 's', id: `${agentId}${index}`, now: 1_000 + index }).record));
  }
});
afterEach(async () => {
  await backend.close();
  home.cleanup();
});

describe('postings snapshots read by one kept worker thread', () => {
  it('give each of many builds asked at once its own agent’s index, and a build that fails fails alone', async () => {
    const file = (agentId: string) => agentPaths(home.home, agentId).longTermDatabase;
    const asked = [...AGENTS, ...AGENTS].map((agentId) => buildPostingsSnapshot(file(agentId)));
    const missing = buildPostingsSnapshot(path.join(home.home, 'nowhere.db'));
    const built = await Promise.all(asked);
    built.forEach((snapshot, index) => {
      const agentId = AGENTS[index % AGENTS.length]!;
      expect(snapshot.terms).toContain(`${agentId}word`);
      expect(snapshot.terms.filter((term) => term.endsWith('word'))).toEqual([`${agentId}word`]);
      expect(snapshot.docSeqs.length).toBe(AGENTS.indexOf(agentId) + 2);
    });
    const failure = await missing.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as StoreError).code).toBe('STORE_ERROR');
    expect((failure as StoreError).message).toContain('nowhere.db');
    // The thread answers after a failure too.
    expect((await buildPostingsSnapshot(file('bo'))).terms).toContain('boword');
  });
});

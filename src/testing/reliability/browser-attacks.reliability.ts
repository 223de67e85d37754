// The browser attack paths (src/testing/browser-attacks.ts) replayed against a real `serve` on a random
// loopback port, each several times and against every agent route shape: all refused, none changes data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { startServer, type RunningServer } from '../../server/serve.ts';
import { attackRequest, BROWSER_ATTACKS, rawRequest } from '../browser-attacks.ts';
import { databaseFingerprint } from '../database-fingerprint.ts';
import { createHashEmbedder } from '../hash-embedder.ts';
import { SEED_MEMORIES } from '../http-app-fixture.ts';
import { createTempHome } from '../temp-home.ts';
import { recordResult } from './reliability-results.ts';

const ROUNDS = 5;
let home: ReturnType<typeof createTempHome>;
let server: RunningServer;
let ids: string[];
beforeAll(async () => {
  home = createTempHome('hippocampus-attacks-');
  const memory = await createHippocampus({ home: home.home, agentId: 'victim', embedder: createHashEmbedder() });
  ids = (await memory.rememberMany(SEED_MEMORIES, { longTerm: true })).map((result) => result.memory.id);
  await memory.stop();
  server = await startServer({ home: home.home, port: 0, embedder: createHashEmbedder(), logError: () => {} });
});
afterAll(async () => {
  await server.close();
  home.cleanup();
});

describe(`${BROWSER_ATTACKS.length} browser attacks × ${ROUNDS} rounds against a running server`, () => {
  it('every one is refused with its code, and the database never changes', async () => {
    const before = databaseFingerprint(home.home, 'victim');
    const failures: string[] = [];
    let refused = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const attack of BROWSER_ATTACKS) {
        const response = await rawRequest(server.port, attackRequest(attack, { port: server.port, agent: 'victim', id: ids[round % ids.length]! }));
        const code = (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
        if (response.status === attack.status && code === attack.code) refused += 1;
        else failures.push(`${attack.name}: ${response.status} ${code}`);
      }
    }
    const changedData = databaseFingerprint(home.home, 'victim') === before ? 0 : 1;
    recordResult('browser-attacks', { cases: BROWSER_ATTACKS.length * ROUNDS, refused, changedData });
    expect(failures).toEqual([]);
    expect(changedData).toBe(0);
  });
});

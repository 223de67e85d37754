import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { exportMirror } from '../live/mirror-export.ts';
import { importMirror } from '../live/mirror-import.ts';
import { createHippocampus } from '../memory/hippocampus.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { BackendContractCheck } from './backend-contract.ts';
import { CONTRACT_BASE_TIME, contractRecord, contractScope } from './contract-records.ts';
import { allBytesUnder } from './home-bytes.ts';
import { createTempHome } from './temp-home.ts';

const DAY = 86_400_000;

/**
 * What the engine deletes by itself (`maintain` below the importance floor, a consolidation pass dropping what
 * expired in short-term memory) is forgotten as a forget's is: the backend tombstones it (`forgottenAmong` names
 * it), an exported mirror under the home loses it before the rows go, and `index import` of a copy of that mirror
 * kept from before skips it. Pruned rows were only deleted: the text stayed in the mirror and the import brought
 * the memories back.
 */
export const ENGINE_DELETES_CHECK: BackendContractCheck = {
  name: 'what the engine prunes (maintain, a consolidation pass) is tombstoned and scrubbed from mirrors: an import of a mirror exported before does not bring it back',
  async run(backend: MemoryBackend) {
    const scope = contractScope();
    const longTerm = contractRecord(scope, 'The boathouse alarm code is WALRUS-5820', { importance: 0.1, createdAt: CONTRACT_BASE_TIME });
    const shortTerm = contractRecord(scope, 'The shed padlock opens with PELICAN-3318', { importance: 0.1, createdAt: CONTRACT_BASE_TIME, consolidatedAt: null });
    const kept = contractRecord(scope, 'We deploy on Tuesdays after the canary is green', { importance: 0.9, createdAt: CONTRACT_BASE_TIME });
    await backend.store.insertMany(scope, [longTerm, shortTerm, kept]);
    const home = createTempHome('hippocampus-engine-deletes-');
    const stale = path.join(home.home, 'stale');
    // Long after every memory was made and touched: none is protected, and the short-term one has expired.
    const clock = { now: () => CONTRACT_BASE_TIME + 400 * DAY };
    const memory = await createHippocampus({ agentId: scope.agentId, backend, embedder: null, home: home.home, clock });
    try {
      const mirror = path.join(home.home, 'mirror');
      await exportMirror(memory, { dir: mirror });
      fs.mkdirSync(stale);
      fs.copyFileSync(path.join(mirror, 'index.json'), path.join(stale, 'index.json'));
      expect(await memory.maintain()).toEqual([longTerm.id]);
      expect((await memory.consolidate()).prunedIds).toEqual([{ id: shortTerm.id, reason: 'expired' }]);
      const pruned = [longTerm.id, shortTerm.id];
      expect(backend.forgottenAmong, 'the backend keeps no tombstones (forgottenAmong)').toBeDefined();
      expect([...(await backend.forgottenAmong!(scope, [...pruned, kept.id]))].sort()).toEqual(pruned.sort());
      const mirrorBytes = allBytesUnder(mirror);
      expect(['walrus', 'pelican'].filter((word) => mirrorBytes.includes(word))).toEqual([]);
      expect(mirrorBytes.includes('canary')).toBe(true);
      const report = await importMirror(memory, { dir: stale });
      expect({ created: report.created, skipped: [...report.skippedForgotten].sort() }).toEqual({ created: [], skipped: pruned.sort() });
      expect((await memory.store.getMany(scope, [...pruned, kept.id])).map((record) => record.id)).toEqual([kept.id]);
    } finally {
      await memory.stop();
      home.cleanup();
    }
  },
};

/**
 * A purge made inside `atomically` (the engine's, when a host's transaction or a live watcher's batch holds a write
 * whose ring eviction discards a memory) resolves, its tombstones committed with the transaction: SQLite refused
 * the WAL checkpoint inside it ("database table is locked"), and PostgreSQL's VACUUM on another connection would
 * wait for the locks of the transaction that waits for it.
 */
export const PURGE_INSIDE_ATOMICALLY_CHECK: BackendContractCheck = {
  name: 'a purge inside atomically resolves, its tombstones committed with the transaction',
  async run(backend: MemoryBackend) {
    const scope = contractScope();
    const doomed = contractRecord(scope, 'The vault opens with 4471');
    await backend.store.insertMany(scope, [doomed]);
    expect(backend.atomically, 'the backend has no atomically').toBeDefined();
    expect(backend.purgeDeletedText, 'the backend has no purgeDeletedText').toBeDefined();
    await backend.atomically!(scope, async () => {
      await backend.store.deleteMany(scope, [doomed.id]);
      await backend.purgeDeletedText!(scope, [doomed.id]);
    });
    expect([...((await backend.forgottenAmong?.(scope, [doomed.id])) ?? [])]).toEqual([doomed.id]);
    // Outside it, the next purge does the rest.
    expect((await backend.purgeDeletedText!(scope, [])).busy).toBe(false);
  },
};

// What `maintain`'s pruning costs now that a pruned memory is erased as a forgotten one is (`eraseMemories`: files
// scrubbed before and after the delete, the backend's purge — tombstones, FTS optimize, WAL checkpoint) against the
// delete alone (what it did before), in alternating rounds in one run. Each round prunes P of N long-term memories
// of a fresh SQLite agent; with `mirror` 1 the agent has an exported mirror of all N that the scrub rewrites. Then the
// same for a write's ring evictions: R remembers of unimportant memories one at a time into a full ring (capacity
// 1), each evicting and discarding the one before, erased (files scrubbed in the write's commit, one purge of them
// all after the last, as the engine's next pass makes it) or only deleted.
// Run: npx tsx bench/prune-erasure.bench.ts [N] [P] [rounds] [mirror] [R]   (default: 10000 1000 4 1 50)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentPaths } from '../src/config/agent-paths.ts';
import { engineConfigSchema } from '../src/config/config-schema.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { admit } from '../src/memory/memory-writes.ts';
import { createThreadLinker } from '../src/memory/thread-linker.ts';
import { agentFileScrubbing } from '../src/memory/forgetting.ts';
import { pruneLongTerm } from '../src/memory/long-term-pruning.ts';
import { ShortTermBuffer } from '../src/memory/short-term-buffer.ts';
import { exportMirror } from '../src/live/mirror-export.ts';
import type { MemoryRecord } from '../src/spec/memory-record.ts';
import { createSqliteBackend } from '../src/stores/sqlite/sqlite-backend.ts';
import { CONTRACT_BASE_TIME, contractRecord } from '../src/testing/contract-records.ts';

const [total = 10_000, prunable = 1_000, rounds = 4, withMirror = 1, remembers = 50] = process.argv.slice(2).map(Number);
const WORDS = 'harbor lantern copper meadow violet engine summit quarry falcon orchard glacier ribbon pepper canyon'.split(' ');
const DAY = 86_400_000;

function sentence(index: number): string {
  const pick = (salt: number) => WORDS[(index * 7 + salt * 13) % WORDS.length]!;
  return `Note ${index}: the ${pick(1)} by the ${pick(2)} needs ${pick(3)} and ${pick(4)} before ${index % 97} o'clock`;
}

/** A fresh agent of `total` long-term memories, `prunable` of them below the importance floor (and a mirror of all). */
async function seedAgent(home: string, agentId: string): Promise<void> {
  const memory = await createHippocampus({ home, agentId, embedder: null });
  try {
    const scope = { agentId };
    const records: MemoryRecord[] = [];
    for (let index = 0; index < total!; index += 1) {
      records.push(contractRecord(scope, sentence(index), { importance: index % Math.round(total! / prunable!) === 0 ? 0.1 : 0.8, createdAt: CONTRACT_BASE_TIME }));
    }
    for (let start = 0; start < records.length; start += 1000) await memory.store.insertMany(scope, records.slice(start, start + 1000));
    if (withMirror === 1) await exportMirror(memory, { dir: path.join(home, `mirror-${agentId}`) });
  } finally {
    await memory.stop();
  }
}

async function timePrune(home: string, agentId: string, erase: boolean): Promise<{ ms: number; deleted: number }> {
  const backend = createSqliteBackend({ home });
  try {
    const config = engineConfigSchema.parse({ agentId });
    const deps = {
      scope: { agentId },
      store: backend.store,
      buffer: new ShortTermBuffer<MemoryRecord>(100),
      emit: () => undefined,
      config,
      ...(erase ? { backend, scrubFiles: agentFileScrubbing(agentPaths(home, agentId).root) } : {}),
    };
    const started = performance.now();
    const { deleted } = await pruneLongTerm(deps, CONTRACT_BASE_TIME + 400 * DAY);
    return { ms: performance.now() - started, deleted: deleted.length };
  } finally {
    await backend.close();
  }
}

/** R remembers into a full ring of one, each evicting and discarding the memory before: ms a remember. */
async function timeEvictions(home: string, agentId: string, erase: boolean): Promise<{ ms: number; left: number }> {
  const backend = createSqliteBackend({ home });
  try {
    const scope = { agentId };
    const deps = {
      scope,
      store: backend.store,
      vectorIndex: backend.vectors,
      embedder: null,
      buffer: new ShortTermBuffer<MemoryRecord>(1),
      clock: { now: () => CONTRACT_BASE_TIME + 400 * DAY },
      emit: () => undefined,
      config: engineConfigSchema.parse({ agentId }),
      linkThreads: createThreadLinker(),
      commitTogether: <T>(work: () => Promise<T>) => backend.atomically!(scope, work),
      purgeLater: (ids: string[]) => void unpurged.push(...ids),
      ...(erase ? { backend, scrubFiles: agentFileScrubbing(agentPaths(home, agentId).root) } : {}),
    };
    const unpurged: string[] = [];
    const started = performance.now();
    for (let index = 0; index < remembers!; index += 1) {
      await admit(deps, [contractRecord(scope, `Passing thought ${index}: ${sentence(total! + index)}`, { importance: 0.1, consolidatedAt: null })]);
    }
    // The engine's next consolidation pass (or maintenance, forget, stop) purges what the evictions discarded, at once.
    if (erase) await backend.purgeDeletedText!(scope, unpurged);
    const elapsed = (performance.now() - started) / remembers!;
    return { ms: elapsed, left: await backend.store.count(scope, { consolidated: false }) };
  } finally {
    await backend.close();
  }
}

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-erasure-bench-'));
const ms = { delete: [] as number[], erase: [] as number[] };
const evictMs = { delete: [] as number[], erase: [] as number[] };
try {
  for (let round = 0; round < rounds!; round += 1) {
    // Alternating which goes first, so neither always meets a cache the other warmed.
    const order = round % 2 === 0 ? (['delete', 'erase'] as const) : (['erase', 'delete'] as const);
    for (const variant of order) {
      const agentId = `bench-${variant}-${round}`;
      await seedAgent(home, agentId);
      const { ms: elapsed, deleted } = await timePrune(home, agentId, variant === 'erase');
      if (deleted !== prunable) throw new Error(`pruned ${deleted}, expected ${prunable}`);
      ms[variant].push(elapsed);
      const evictions = await timeEvictions(home, agentId, variant === 'erase');
      if (evictions.left !== 1) throw new Error(`${evictions.left} short-term memories left, expected 1`);
      evictMs[variant].push(evictions.ms);
    }
  }
} finally {
  fs.rmSync(home, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (values: number[], digits = 1) => `${median(values).toFixed(digits)} ms (median; rounds ${values.map((value) => value.toFixed(digits)).join(' ')})`;
console.log(`prune ${prunable} of ${total} long-term memories, ${rounds} rounds, ${withMirror === 1 ? 'one exported mirror of all' : 'no mirror'}`);
console.log(`delete only (before):           ${show(ms.delete)}`);
console.log(`erased as a forget (now):       ${show(ms.erase)}`);
console.log(`then ${remembers} remembers into a full ring of one, each discarding the one before, a remember:`);
console.log(`delete only (before):           ${show(evictMs.delete, 2)}`);
console.log(`erased as a forget (now):       ${show(evictMs.erase, 2)}`);

import { expect } from 'vitest';
import { createKnowledgeGraph } from '../graph/knowledge-graph.ts';
import { createHippocampus } from '../memory/hippocampus.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { BackendContractCheck } from './backend-contract.ts';
import { CONTRACT_BASE_TIME, contractRecord, contractScope } from './contract-records.ts';
import { createTempHome } from './temp-home.ts';

const DAY = 86_400_000;

/** Where the user lived, as the graph answers now: each city with the times it held from and until. */
async function livedIn(graph: ReturnType<typeof createKnowledgeGraph>) {
  const relations = await graph.relations({ subject: 'user', predicate: 'live_in' });
  return relations.map((relation) => [relation.object.name, relation.validFrom, relation.validTo]).sort((left, right) => Number(left[1]) - Number(right[1]));
}

/**
 * A forget or an edit through the engine, with a knowledge graph over it, links again before it returns what the
 * store's triggers unlinked: a relations query right after it, without `linkMemories()`, sees the history read
 * again from what is left (it missed those relations until the next link).
 */
export const GRAPH_RELINK_CHECK: BackendContractCheck = {
  name: 'a forget or an edit through the engine links again at once the memories whose graph relations it dropped, and only those',
  async run(backend: MemoryBackend) {
    const scope = contractScope();
    const [berlin, lisbon, porto] = ['I live in Berlin', 'I moved to Lisbon', 'I moved to Porto'].map((content, index) =>
      contractRecord(scope, content, { timestamp: CONTRACT_BASE_TIME + index * 30 * DAY }),
    );
    const unread = contractRecord(scope, 'I live in Oslo', { timestamp: CONTRACT_BASE_TIME - DAY });
    await backend.store.insertMany(scope, [berlin!, lisbon!, porto!]);
    const home = createTempHome('hippocampus-graph-relink-');
    const memory = await createHippocampus({ agentId: scope.agentId, backend, embedder: null, home: home.home });
    try {
      const graph = createKnowledgeGraph({ memory });
      await graph.linkMemories();
      // A memory stored after the link is never linked: the relinking of a forget leaves it to `linkMemories()`.
      await backend.store.insertMany(scope, [unread]);
      const [t1, t2, t3] = [berlin!.timestamp, lisbon!.timestamp, porto!.timestamp];
      expect(await livedIn(graph)).toEqual([['Berlin', t1, t2], ['Lisbon', t2, t3], ['Porto', t3, null]]);
      await memory.forget([lisbon!.id]);
      expect(await livedIn(graph)).toEqual([['Berlin', t1, t3], ['Porto', t3, null]]);
      await memory.update(porto!.id, { content: 'I moved to Faro' });
      expect(await livedIn(graph)).toEqual([['Berlin', t1, t3], ['Faro', t3, null]]);
      expect(await graph.store.unlinkedMemoryIds(scope, 10)).toEqual([unread.id]);
    } finally {
      await memory.stop();
      home.cleanup();
    }
  },
};

/**
 * Pruning through the engine (`maintain` below the importance floor, a consolidation pass dropping what expired in
 * short-term memory), with a knowledge graph over it, links again what the store's triggers unlinked, as a forget
 * does: the triggers fired and the relations a pruned memory closed were dropped, but nothing linked the other
 * memories again until the next `linkMemories()`.
 */
export const GRAPH_RELINK_PRUNING_CHECK: BackendContractCheck = {
  name: 'pruning through the engine (maintain, a consolidation pass) links again at once the memories whose graph relations it dropped',
  async run(backend: MemoryBackend) {
    const scope = contractScope();
    // Lisbon, in the middle, is what each pass prunes: below the long-term floor (0.3), then expired in short-term.
    const records = (middle: Partial<MemoryRecord>) =>
      ['I live in Berlin', 'I moved to Lisbon', 'I moved to Porto'].map((content, index) =>
        contractRecord(scope, content, { timestamp: CONTRACT_BASE_TIME + index * 30 * DAY, createdAt: CONTRACT_BASE_TIME, ...(index === 1 ? middle : {}) }),
      );
    const longTerm = records({ importance: 0.1 });
    const shortTerm = records({ importance: 0.1, consolidatedAt: null });
    await backend.store.insertMany(scope, longTerm);
    const home = createTempHome('hippocampus-graph-relink-pruning-');
    // Long after every memory was made and touched: none is protected, and the short-term one has expired.
    const clock = { now: () => CONTRACT_BASE_TIME + 400 * DAY };
    const open = () => createHippocampus({ agentId: scope.agentId, backend, embedder: null, home: home.home, clock });
    let memory = await open();
    try {
      let graph = createKnowledgeGraph({ memory });
      await graph.linkMemories();
      const [t1, t2, t3] = longTerm.map((record) => record.timestamp);
      expect(await livedIn(graph)).toEqual([['Berlin', t1, t2], ['Lisbon', t2, t3], ['Porto', t3, null]]);
      expect(await memory.maintain()).toEqual([longTerm[1]!.id]);
      expect(await livedIn(graph)).toEqual([['Berlin', t1, t3], ['Porto', t3, null]]);

      await memory.forget(longTerm.map((record) => record.id));
      await memory.stop();
      // Short-term rows come back into the ring when an engine opens; linked by id, as a host may link them.
      await backend.store.insertMany(scope, shortTerm);
      memory = await open();
      graph = createKnowledgeGraph({ memory });
      await graph.linkMemories(shortTerm.map((record) => record.id));
      expect(await livedIn(graph)).toEqual([['Berlin', t1, t2], ['Lisbon', t2, t3], ['Porto', t3, null]]);
      const report = await memory.consolidate();
      expect(report.prunedIds).toEqual([{ id: shortTerm[1]!.id, reason: 'expired' }]);
      expect(await livedIn(graph)).toEqual([['Berlin', t1, t3], ['Porto', t3, null]]);
    } finally {
      await memory.stop();
      home.cleanup();
    }
  },
};

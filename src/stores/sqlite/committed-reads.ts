import type { AgentScope, MemoryStore } from '../../spec/memory-store.ts';
import type { KeywordIndex, VectorIndex } from '../../spec/search-index.ts';

/**
 * Whether a read of the agent now would see another caller's uncommitted writes: undefined when it may read at
 * once, else a promise that settles (never rejects) when the transaction open on the agent's connection ends.
 */
export type ReadGate = (scope: AgentScope) => Promise<void> | undefined;

/**
 * Runs `read` once no transaction of another caller is open on the connection it reads. Checked in the same
 * turn as the read starts: the stores of a backend that shares one connection (SQLite) read synchronously
 * inside their async methods, so nothing can begin a transaction between the check and the read. With none
 * open (the common case) it is one check and a direct call.
 */
export function readCommitted<T>(gate: ReadGate, scope: AgentScope, read: () => Promise<T>): Promise<T> {
  const end = gate(scope);
  return end === undefined ? read() : end.then(() => readCommitted(gate, scope, read));
}

/**
 * The store with its reads made after any transaction of another caller open on the agent's connection has
 * ended; its writes unchanged. On SQLite a live watcher's batch writes its memories in a transaction on the
 * one connection every reader of the process shares: a recall made meanwhile returned them, and they vanished
 * when the batch failed.
 */
export function committedStoreReads(store: MemoryStore, gate: ReadGate): MemoryStore {
  return {
    dialect: store.dialect,
    insertMany: (scope, records) => store.insertMany(scope, records),
    getMany: (scope, ids) => readCommitted(gate, scope, () => store.getMany(scope, ids)),
    findByContentHash: (scope, hashes, kind) => readCommitted(gate, scope, () => store.findByContentHash(scope, hashes, kind)),
    query: (scope, query) => readCommitted(gate, scope, () => store.query(scope, query)),
    rankingRows: (scope, query) => readCommitted(gate, scope, () => store.rankingRows(scope, query)),
    count: (scope, query) => readCommitted(gate, scope, () => store.count(scope, query)),
    updateMany: (scope, patches) => store.updateMany(scope, patches),
    markConsolidated: (scope, ids, at) => store.markConsolidated(scope, ids, at),
    recordAccess: (scope, ids, update) => store.recordAccess(scope, ids, update),
    deleteMany: (scope, ids, options) => store.deleteMany(scope, ids, options),
    selectPruneCandidates: (scope, selection) => readCommitted(gate, scope, () => store.selectPruneCandidates(scope, selection)),
    appendHistory: (scope, events) => store.appendHistory(scope, events),
    listHistory: (scope, memoryId) => readCommitted(gate, scope, () => store.listHistory(scope, memoryId)),
    listHistoryMany: (scope, memoryIds) => readCommitted(gate, scope, () => store.listHistoryMany(scope, memoryIds)),
    recordConsolidationRun: (run) => store.recordConsolidationRun(run),
    listConsolidationRuns: (scope, limit) => readCommitted(gate, scope, () => store.listConsolidationRuns(scope, limit)),
    statistics: (scope, now) => readCommitted(gate, scope, () => store.statistics(scope, now)),
    listAgents: () => store.listAgents(),
    hasAgent: (agentId) => store.hasAgent(agentId),
    close: () => store.close(),
  };
}

/** The vector index with its reads made after another caller's open transaction (see `committedStoreReads`). */
export function committedVectorReads(vectors: VectorIndex, gate: ReadGate): VectorIndex {
  return {
    ...(vectors.writesElsewhere === undefined ? {} : { writesElsewhere: vectors.writesElsewhere }),
    bind: (scope, model) => vectors.bind(scope, model),
    boundModel: (scope) => readCommitted(gate, scope, () => vectors.boundModel(scope)),
    rebind: (scope, model) => vectors.rebind(scope, model),
    upsert: (scope, items) => vectors.upsert(scope, items),
    search: (scope, vector, options) => readCommitted(gate, scope, () => vectors.search(scope, vector, options)),
    vectorsOf: (scope, ids) => readCommitted(gate, scope, () => vectors.vectorsOf(scope, ids)),
    missing: (scope, limit) => readCommitted(gate, scope, () => vectors.missing(scope, limit)),
    statistics: (scope) => readCommitted(gate, scope, () => vectors.statistics(scope)),
    maintain: (scope) => vectors.maintain(scope),
    close: () => vectors.close(),
  };
}

/** The keyword index with its searches made after another caller's open transaction (see `committedStoreReads`). */
export function committedKeywordReads(keywords: KeywordIndex, gate: ReadGate): KeywordIndex {
  return {
    neighbourField: keywords.neighbourField,
    search: (scope, terms, options) => readCommitted(gate, scope, () => keywords.search(scope, terms, options)),
    maintain: (scope) => keywords.maintain(scope),
    close: () => keywords.close(),
  };
}

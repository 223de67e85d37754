import type { MemoryStore } from './memory-store.ts';
import type { KeywordIndex, VectorIndex } from './search-index.ts';

/**
 * What a member of a storage contract does: a method that reads one agent's data or writes it (its scope first),
 * another method (the store's lifecycle and upkeep, or one over every agent), or a plain value.
 */
export type MemberKind = 'read' | 'write' | 'other' | 'value';

/** Every member of a contract with its kind; the compiler asks for a member added to the contract. */
export type MemberKinds<T> = { readonly [K in keyof T]-?: NonNullable<T[K]> extends (...args: never[]) => unknown ? Exclude<MemberKind, 'value'> : 'value' };

// One table per contract for the layers that wrap a store by what its methods do: the engine holding writes behind
// its own (memory/held-backend.ts) and SQLite making reads wait for an open transaction (stores/sqlite/committed-reads.ts).
// Each wrote the whole method list out before, reads and writes told apart twice.

export const MEMORY_STORE_MEMBERS: MemberKinds<MemoryStore> = {
  dialect: 'value',
  insertMany: 'write',
  getMany: 'read',
  findByContentHash: 'read',
  query: 'read',
  rankingRows: 'read',
  count: 'read',
  updateMany: 'write',
  markConsolidated: 'write',
  recordAccess: 'write',
  deleteMany: 'write',
  selectPruneCandidates: 'read',
  appendHistory: 'write',
  listHistory: 'read',
  listHistoryMany: 'read',
  recordConsolidationRun: 'write',
  listConsolidationRuns: 'read',
  statistics: 'read',
  // Over every agent of the store: no scope.
  listAgents: 'other',
  hasAgent: 'other',
  close: 'other',
};

export const VECTOR_INDEX_MEMBERS: MemberKinds<VectorIndex> = {
  writesElsewhere: 'value',
  bind: 'write',
  boundModel: 'read',
  rebind: 'write',
  upsert: 'write',
  search: 'read',
  vectorsOf: 'read',
  missing: 'read',
  statistics: 'read',
  // Upkeep of an in-memory copy of the index, which the engine itself runs beside its writes (memory/index-upkeep.ts).
  maintain: 'other',
  close: 'other',
};

export const KEYWORD_INDEX_MEMBERS: MemberKinds<KeywordIndex> = {
  neighbourField: 'value',
  search: 'read',
  maintain: 'other',
  close: 'other',
};

import type { MemoryBlockStore } from './block-store.ts';
import type { ConsolidationMarks } from './consolidation-marks.ts';
import type { ConversationMessages } from './conversation-messages.ts';
import type { KnowledgeGraphStore } from './knowledge-graph.ts';
import type { MemoryStore } from './memory-store.ts';
import type { KeywordIndex, VectorIndex } from './search-index.ts';
import type { SkillStore } from './skill-library.ts';
import type { WatermarkStore } from './watermark-store.ts';

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

// The backend's optional capabilities, each scoped to one agent like the memory store.

export const MEMORY_BLOCK_STORE_MEMBERS: MemberKinds<MemoryBlockStore> = {
  getMany: 'read',
  list: 'read',
  putMany: 'write',
  modify: 'write',
  deleteMany: 'write',
};

export const SKILL_STORE_MEMBERS: MemberKinds<SkillStore> = {
  insert: 'write',
  saveVersion: 'write',
  get: 'read',
  findByName: 'read',
  list: 'read',
  recordOutcome: 'write',
  versions: 'read',
  outcomes: 'read',
};

export const KNOWLEDGE_GRAPH_MEMBERS: MemberKinds<KnowledgeGraphStore> = {
  link: 'write',
  findEntities: 'read',
  listEntities: 'read',
  relations: 'read',
  neighborhood: 'read',
  mentionCounts: 'read',
  unlinkedMemoryIds: 'read',
  linkedMemoryIds: 'read',
  relinkedBy: 'read',
  statistics: 'read',
};

export const CONVERSATION_MESSAGES_MEMBERS: MemberKinds<ConversationMessages> = {
  searchMessages: 'read',
  createTable: 'write',
  readMessages: 'read',
  appendMessages: 'write',
  forgetMessages: 'write',
};

export const WATERMARK_STORE_MEMBERS: MemberKinds<WatermarkStore> = {
  load: 'read',
  save: 'write',
  list: 'read',
};

export const CONSOLIDATION_MARKS_MEMBERS: MemberKinds<ConsolidationMarks> = {
  consolidated: 'read',
  mark: 'write',
};

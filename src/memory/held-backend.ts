import type { MemoryBlockStore } from '../spec/block-store.ts';
import type { Clock } from '../spec/clock.ts';
import type { ConsolidationMarks } from '../spec/consolidation-marks.ts';
import type { ConversationMessages } from '../spec/conversation-messages.ts';
import type { KnowledgeGraphStore } from '../spec/knowledge-graph.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { AgentScope } from '../spec/memory-store.ts';
import { wrapMembers } from '../core/wrap-members.ts';
import { MEMORY_STORE_MEMBERS, VECTOR_INDEX_MEMBERS } from '../spec/method-kinds.ts';
import type { SkillStore } from '../spec/skill-library.ts';
import type { WatermarkStore } from '../spec/watermark-store.ts';

/** Runs a write with the engine's writes held (the engine's serial queue). */
export type Hold = <T>(work: () => Promise<T>) => Promise<T>;

/** The block store with its writes held. */
export function holdBlockWrites(blocks: MemoryBlockStore, hold: Hold): MemoryBlockStore {
  return {
    getMany: (scope, keys) => blocks.getMany(scope, keys),
    list: (scope) => blocks.list(scope),
    putMany: (scope, values) => hold(() => blocks.putMany(scope, values)),
    modify: (scope, key, at, change) => hold(() => blocks.modify(scope, key, at, change)),
    deleteMany: (scope, keys) => hold(() => blocks.deleteMany(scope, keys)),
  };
}

function holdSkillWrites(store: SkillStore, hold: Hold): SkillStore {
  return {
    insert: (scope, stored) => hold(() => store.insert(scope, stored)),
    saveVersion: (scope, stored, reason) => hold(() => store.saveVersion(scope, stored, reason)),
    recordOutcome: (scope, skillId, success, notes, at) => hold(() => store.recordOutcome(scope, skillId, success, notes, at)),
    get: (scope, skillId) => store.get(scope, skillId),
    findByName: (scope, name) => store.findByName(scope, name),
    list: (scope) => store.list(scope),
    versions: (scope, skillId) => store.versions(scope, skillId),
    outcomes: (scope, skillId, limit) => store.outcomes(scope, skillId, limit),
  };
}

function holdMessageWrites(messages: ConversationMessages, hold: Hold): ConversationMessages {
  return {
    searchMessages: (scope, search) => messages.searchMessages(scope, search),
    readMessages: (scope, read) => messages.readMessages(scope, read),
    createTable: (scope, table) => hold(() => messages.createTable(scope, table)),
    appendMessages: (scope, append) => hold(() => messages.appendMessages(scope, append)),
    forgetMessages: (scope, forget) => hold(() => messages.forgetMessages(scope, forget)),
  };
}

function holdGraphWrites(graph: KnowledgeGraphStore, hold: Hold): KnowledgeGraphStore {
  return {
    link: (scope, extractions) => hold(() => graph.link(scope, extractions)),
    findEntities: (scope, names) => graph.findEntities(scope, names),
    listEntities: (scope, options) => graph.listEntities(scope, options),
    relations: (scope, query) => graph.relations(scope, query),
    neighborhood: (scope, seeds, options) => graph.neighborhood(scope, seeds, options),
    mentionCounts: (scope, entityIds) => graph.mentionCounts(scope, entityIds),
    unlinkedMemoryIds: (scope, limit) => graph.unlinkedMemoryIds(scope, limit),
    linkedMemoryIds: (scope, memoryIds) => graph.linkedMemoryIds(scope, memoryIds),
    statistics: (scope) => graph.statistics(scope),
  };
}

function holdWatermarkWrites(watermarks: WatermarkStore, hold: Hold): WatermarkStore {
  return {
    load: (scope, sourceId) => watermarks.load(scope, sourceId),
    save: (scope, sourceId, position, at) => hold(() => watermarks.save(scope, sourceId, position, at)),
    list: (scope) => watermarks.list(scope),
  };
}

function holdMarkWrites(marks: ConsolidationMarks, hold: Hold): ConsolidationMarks {
  return {
    consolidated: (scope, conversationIds) => marks.consolidated(scope, conversationIds),
    mark: (scope, conversationId, at, memoryIds) => hold(() => marks.mark(scope, conversationId, at, memoryIds)),
  };
}

/**
 * The backend as an engine hands it out (`memory.backend`): every write — of its memory store and vector index,
 * and of its optional capabilities: blocks, skills, the messages table, the knowledge graph, watermarks,
 * consolidation marks, `atomically` — waits behind the engine's writes. On SQLite they all share the agent's one connection, so a write made while a live
 * watcher's batch held its transaction open ran inside it, was answered, and was rolled back with the batch when
 * the batch failed. Reads pass straight through; the engine's own operations use the backend unwrapped.
 */
export function holdBackendWrites(backend: MemoryBackend, hold: Hold): MemoryBackend {
  const { atomically, watermarks, blocks, skills, consolidationMarks, conversations, knowledgeGraph } = backend;
  return {
    // What a backend offers beyond the contract (SQLite's `pool`) stays where its users look for it.
    ...backend,
    // A backend of a class keeps its methods on the prototype, out of the spread.
    // A host writing rows or vectors itself (an import, an edit of its own, a re-embed).
    store: wrapMembers(backend.store, MEMORY_STORE_MEMBERS, 'write', (_args, write) => hold(write)),
    vectors: wrapMembers(backend.vectors, VECTOR_INDEX_MEMBERS, 'write', (_args, write) => hold(write)),
    keywords: backend.keywords,
    ...(backend.purgeDeletedText ? { purgeDeletedText: backend.purgeDeletedText.bind(backend) } : {}),
    ...(backend.forgottenAmong ? { forgottenAmong: backend.forgottenAmong.bind(backend) } : {}),
    ...(backend.forgottenIds ? { forgottenIds: backend.forgottenIds.bind(backend) } : {}),
    ...(backend.reachable ? { reachable: backend.reachable.bind(backend) } : {}),
    ...(backend.readReplicas ? { readReplicas: backend.readReplicas } : {}),
    close: () => backend.close(),
    ...(atomically ? { atomically: <T>(scope: AgentScope, work: () => Promise<T>) => hold(() => atomically.call<MemoryBackend, [AgentScope, () => Promise<T>], Promise<T>>(backend, scope, work)) } : {}),
    ...(watermarks ? { watermarks: holdWatermarkWrites(watermarks, hold) } : {}),
    ...(blocks ? { blocks: holdBlockWrites(blocks, hold) } : {}),
    ...(skills ? { skills: holdSkillWrites(skills, hold) } : {}),
    ...(consolidationMarks ? { consolidationMarks: holdMarkWrites(consolidationMarks, hold) } : {}),
    ...(conversations ? { conversations: holdMessageWrites(conversations, hold) } : {}),
    ...(knowledgeGraph ? { knowledgeGraph: (clock: Clock) => holdGraphWrites(knowledgeGraph.call(backend, clock), hold) } : {}),
  } satisfies MemoryBackend;
}

import type { MemoryBlockStore } from '../spec/block-store.ts';
import type { Clock } from '../spec/clock.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { AgentScope } from '../spec/memory-store.ts';
import { wrapMembers } from '../core/wrap-members.ts';
import {
  CONSOLIDATION_MARKS_MEMBERS,
  CONVERSATION_MESSAGES_MEMBERS,
  KNOWLEDGE_GRAPH_MEMBERS,
  MEMORY_BLOCK_STORE_MEMBERS,
  MEMORY_STORE_MEMBERS,
  type MemberKinds,
  SKILL_STORE_MEMBERS,
  VECTOR_INDEX_MEMBERS,
  WATERMARK_STORE_MEMBERS,
} from '../spec/method-kinds.ts';

/** Runs a write with the engine's writes held (the engine's serial queue). */
export type Hold = <T>(work: () => Promise<T>) => Promise<T>;

/** `target` with each of its write methods (by its table in spec/method-kinds.ts) run with the engine's writes held. */
function holdWrites<T extends object>(target: T, kinds: MemberKinds<T>, hold: Hold): T {
  return wrapMembers(target, kinds, 'write', (_args, write) => hold(write));
}

/** The block store with its writes held. */
export function holdBlockWrites(blocks: MemoryBlockStore, hold: Hold): MemoryBlockStore {
  return holdWrites(blocks, MEMORY_BLOCK_STORE_MEMBERS, hold);
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
    store: holdWrites(backend.store, MEMORY_STORE_MEMBERS, hold),
    vectors: holdWrites(backend.vectors, VECTOR_INDEX_MEMBERS, hold),
    keywords: backend.keywords,
    ...(backend.purgeDeletedText ? { purgeDeletedText: backend.purgeDeletedText.bind(backend) } : {}),
    ...(backend.forgottenAmong ? { forgottenAmong: backend.forgottenAmong.bind(backend) } : {}),
    ...(backend.forgottenIds ? { forgottenIds: backend.forgottenIds.bind(backend) } : {}),
    ...(backend.reachable ? { reachable: backend.reachable.bind(backend) } : {}),
    ...(backend.readReplicas ? { readReplicas: backend.readReplicas } : {}),
    close: () => backend.close(),
    ...(atomically ? { atomically: <T>(scope: AgentScope, work: () => Promise<T>) => hold(() => atomically.call<MemoryBackend, [AgentScope, () => Promise<T>], Promise<T>>(backend, scope, work)) } : {}),
    ...(watermarks ? { watermarks: holdWrites(watermarks, WATERMARK_STORE_MEMBERS, hold) } : {}),
    ...(blocks ? { blocks: holdBlockWrites(blocks, hold) } : {}),
    ...(skills ? { skills: holdWrites(skills, SKILL_STORE_MEMBERS, hold) } : {}),
    ...(consolidationMarks ? { consolidationMarks: holdWrites(consolidationMarks, CONSOLIDATION_MARKS_MEMBERS, hold) } : {}),
    ...(conversations ? { conversations: holdWrites(conversations, CONVERSATION_MESSAGES_MEMBERS, hold) } : {}),
    ...(knowledgeGraph ? { knowledgeGraph: (clock: Clock) => holdWrites(knowledgeGraph.call(backend, clock), KNOWLEDGE_GRAPH_MEMBERS, hold) } : {}),
  } satisfies MemoryBackend;
}

import { ValidationError } from '../errors/index.ts';
import { systemClock } from '../core/system-clock.ts';
import type { Clock } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { WorkingConversation, WorkingConversationInput, WorkingMemoryScope } from '../spec/working-memory-store.ts';
import type { WorkingMemoryWeights } from './similarity.ts';

// The rules every working-memory backend applies the same way: what a valid
// scope and conversation are, how long an entry stays visible, the defaults.

/**
 * The largest conversation (its transcript, UTF-8 bytes) made into a working-memory entry. Reading entities,
 * topics, keywords and the request out of it grows with its length and holds the whole text's parse in memory:
 * a 1 MB transcript took 25.5 s and peaked at 762 MB RSS (312 MB of it the USE-lite model), against 1 KiB 0.3 s,
 * 64 KiB 2.4–2.5 s / 355 MB, 128 KiB 3.7–4.1 s / 340–392 MB, 256 KiB 5.4–8.1 s / ~400 MB (2 vCPUs shared with
 * other work; `npx tsx bench/working-conversation-size.bench.ts`, one process a size, labelled chat turns).
 * 128 KiB, twice a memory's default content limit, holds a long session (some 20,000 words) in about 4 s.
 */
export const WORKING_MEMORY_LIMITS = { conversation: 128 * 1024 } as const;

/** CONTENT_TOO_LARGE for a transcript over `limit` (WORKING_MEMORY_LIMITS.conversation); checked before any of it is read. */
export function checkConversationSize(fullText: string, limit: number = WORKING_MEMORY_LIMITS.conversation): void {
  const bytes = Buffer.byteLength(fullText, 'utf8');
  if (bytes > limit) {
    throw new ValidationError({
      code: 'CONTENT_TOO_LARGE',
      message: `A working-memory conversation is ${bytes} bytes; the limit is ${limit} (store a long session as several conversations)`,
      issues: [{ path: 'fullText', message: 'too large' }],
    });
  }
}

export const DEFAULT_WORKING_MEMORY_CAPACITY = 5;
export const DEFAULT_WORKING_MEMORY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_SEARCH_TOP_K = 3;

/** The options every working-memory backend takes. */
export interface WorkingMemoryStoreOptions {
  /** Conversations kept per agent; storing one more evicts the oldest by timestamp. Default 5. */
  capacity?: number;
  /** Lifetime measured from each conversation's timestamp. Default 7 days. */
  ttlMs?: number;
  clock?: Clock;
  /** Embeds a search's `text` when it comes without an embedding. */
  embedder?: Embedder;
  weights?: Partial<WorkingMemoryWeights>;
  /**
   * The largest conversation (its transcript, UTF-8 bytes) `store` takes; over it, CONTENT_TOO_LARGE and nothing
   * stored. Default `WORKING_MEMORY_LIMITS.conversation`, as `describeConversation` checks: a host storing into the
   * store directly got past that bound. `Infinity` takes any size (an older snapshot loaded as it is).
   */
  maxConversationBytes?: number;
}

/** Validates the options shared by every backend and fills the defaults. */
export function resolveStoreOptions(options: WorkingMemoryStoreOptions): {
  capacity: number;
  ttlMs: number;
  clock: Clock;
  maxConversationBytes: number;
} {
  const capacity = options.capacity ?? DEFAULT_WORKING_MEMORY_CAPACITY;
  const ttlMs = options.ttlMs ?? DEFAULT_WORKING_MEMORY_TTL_MS;
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new ValidationError({ message: `capacity must be an integer >= 1, got ${String(capacity)}`, issues: [{ path: 'capacity', message: 'integer >= 1' }] });
  }
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new ValidationError({ message: `ttlMs must be a positive number, got ${String(ttlMs)}`, issues: [{ path: 'ttlMs', message: 'positive number' }] });
  }
  const maxConversationBytes = options.maxConversationBytes ?? WORKING_MEMORY_LIMITS.conversation;
  if (!(maxConversationBytes === Infinity || (Number.isInteger(maxConversationBytes) && maxConversationBytes >= 1))) {
    throw new ValidationError({ message: `maxConversationBytes must be an integer >= 1 or Infinity, got ${String(maxConversationBytes)}`, issues: [{ path: 'maxConversationBytes', message: 'integer >= 1 or Infinity' }] });
  }
  return { capacity, ttlMs, clock: options.clock ?? systemClock, maxConversationBytes };
}

export function assertScope(scope: WorkingMemoryScope): void {
  const agentId: unknown = scope?.agentId;
  if (typeof agentId !== 'string' || agentId.trim() === '' || agentId.length > 256) {
    throw new ValidationError({
      code: 'INVALID_AGENT_ID',
      message: `agentId must be a non-empty string of at most 256 characters, got ${JSON.stringify(agentId)}`,
      issues: [{ path: 'scope.agentId', message: 'non-empty string, at most 256 characters' }],
    });
  }
}

/** An entry is visible while it is younger than the TTL: expired at exactly `ttlMs`. */
export function isFresh(timestamp: number, now: number, ttlMs: number): boolean {
  return now - timestamp < ttlMs;
}

/** Milliseconds the entry has left to live (<= 0: already expired). */
export function remainingLifeMs(timestamp: number, now: number, ttlMs: number): number {
  return timestamp + ttlMs - now;
}

function invalid(path: string, message: string): ValidationError {
  return new ValidationError({ message: `Invalid working-memory conversation: ${path} ${message}`, issues: [{ path, message }] });
}

function stringList(value: unknown, path: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw invalid(path, 'must be an array of strings');
  return [...(value as string[])];
}

/**
 * Checks a conversation at the store boundary and returns the canonical copy a
 * backend keeps: agentId from the scope, embedding as a fresh Float32Array
 * (both backends then score the very same float32 values), lists copied.
 */
export function normalizeConversation(scope: WorkingMemoryScope, input: WorkingConversationInput, maxConversationBytes: number = WORKING_MEMORY_LIMITS.conversation): WorkingConversation {
  assertScope(scope);
  if (typeof input !== 'object' || input === null) throw invalid('conversation', 'must be an object');
  if (typeof input.conversationId !== 'string' || input.conversationId === '') throw invalid('conversationId', 'must be a non-empty string');
  if (input.agentId !== undefined && input.agentId !== scope.agentId) {
    throw new ValidationError({
      code: 'INVALID_AGENT_ID',
      message: `Conversation "${input.conversationId}" belongs to agent "${input.agentId}" but was stored for agent "${scope.agentId}"`,
    });
  }
  if (typeof input.timestamp !== 'number' || !Number.isFinite(input.timestamp)) throw invalid('timestamp', 'must be epoch milliseconds');
  if (typeof input.fullText !== 'string') throw invalid('fullText', 'must be a string');
  checkConversationSize(input.fullText, maxConversationBytes);
  const embedding = input.embedding;
  if (!(embedding instanceof Float32Array) && !Array.isArray(embedding)) throw invalid('embedding', 'must be a number[] or Float32Array');
  const vector = Float32Array.from(embedding);
  if (vector.some((value) => !Number.isFinite(value))) throw invalid('embedding', 'must hold finite numbers');
  const consolidatedAt = input.consolidatedAt ?? null;
  if (consolidatedAt !== null && !Number.isFinite(consolidatedAt)) throw invalid('consolidatedAt', 'must be epoch milliseconds or null');
  if (input.userIntent != null && typeof input.userIntent !== 'string') throw invalid('userIntent', 'must be a string or null');
  return {
    conversationId: input.conversationId,
    agentId: scope.agentId,
    timestamp: input.timestamp,
    fullText: input.fullText,
    embedding: vector,
    keyEntities: stringList(input.keyEntities, 'keyEntities'),
    topics: stringList(input.topics, 'topics'),
    keywords: stringList(input.keywords, 'keywords'),
    userIntent: input.userIntent ?? null,
    consolidatedAt,
  };
}

/** A copy the caller may mutate without touching what the store holds. */
export function copyConversation(conversation: WorkingConversation): WorkingConversation {
  return {
    ...conversation,
    embedding: Float32Array.from(conversation.embedding),
    keyEntities: [...conversation.keyEntities],
    topics: [...conversation.topics],
    keywords: [...(conversation.keywords ?? [])],
  };
}

export function textBytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

export function assertLimit(value: number, path: string): number {
  if (!Number.isInteger(value) || value < 0) throw new ValidationError({ message: `${path} must be an integer >= 0, got ${String(value)}`, issues: [{ path, message: 'integer >= 0' }] });
  return value;
}

export function assertTimestamp(value: number, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ValidationError({ message: `${path} must be epoch milliseconds, got ${String(value)}`, issues: [{ path, message: 'epoch milliseconds' }] });
  }
  return value;
}

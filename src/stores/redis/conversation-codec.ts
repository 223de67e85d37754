import { StoreError } from '../../errors/index.ts';
import type { WorkingConversation } from '../../spec/working-memory-store.ts';

/**
 * How a conversation sits in Redis: one hash per conversation with
 * - `meta`: JSON of everything searched on (embedding as base64 Float32, a
 *   third of the size of a JSON number array),
 * - `text`: the transcript, read only for the conversations a call returns,
 * - `consolidatedAt`: set on its own so marking never rewrites the rest.
 */
export const FIELD = { meta: 'meta', text: 'text', consolidatedAt: 'consolidatedAt' } as const;

interface StoredMeta {
  conversationId: string;
  timestamp: number;
  embedding: string;
  keyEntities: string[];
  topics: string[];
  keywords: string[];
  userIntent: string | null;
}

// Float32 bytes in the host's order; every Node platform in use is little-endian.
export function encodeEmbedding(embedding: ArrayLike<number>): string {
  const vector = embedding instanceof Float32Array ? embedding : Float32Array.from(embedding);
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

export function decodeEmbedding(encoded: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  // Copy into a fresh buffer: a Buffer's offset may not be 4-byte aligned.
  const vector = new Float32Array(bytes.byteLength / Float32Array.BYTES_PER_ELEMENT);
  new Uint8Array(vector.buffer).set(bytes);
  return vector;
}

export function encodeMeta(conversation: WorkingConversation): string {
  const meta: StoredMeta = {
    conversationId: conversation.conversationId,
    timestamp: conversation.timestamp,
    embedding: encodeEmbedding(conversation.embedding),
    keyEntities: conversation.keyEntities,
    topics: conversation.topics,
    keywords: conversation.keywords ?? [],
    userIntent: conversation.userIntent,
  };
  return JSON.stringify(meta);
}

function isStoredMeta(value: unknown): value is StoredMeta {
  if (typeof value !== 'object' || value === null) return false;
  const meta = value as Record<string, unknown>;
  return (
    typeof meta.conversationId === 'string' &&
    typeof meta.timestamp === 'number' &&
    typeof meta.embedding === 'string' &&
    Array.isArray(meta.keyEntities) &&
    Array.isArray(meta.topics) &&
    Array.isArray(meta.keywords)
  );
}

/**
 * Rebuilds a conversation from its hash fields. Null when the hash is gone
 * (expired, evicted, or never more than a stray `consolidatedAt`).
 */
export function decodeConversation(
  agentId: string,
  key: string,
  fields: { meta: string | null; text: string | null; consolidatedAt: string | null },
): WorkingConversation | null {
  if (fields.meta === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fields.meta);
  } catch (error) {
    throw new StoreError({ message: `Working-memory entry ${key} holds invalid JSON`, query: 'HMGET', params: [key, FIELD.meta], cause: error });
  }
  if (!isStoredMeta(parsed)) {
    throw new StoreError({ message: `Working-memory entry ${key} has an unexpected shape`, query: 'HMGET', params: [key, FIELD.meta] });
  }
  return {
    conversationId: parsed.conversationId,
    agentId,
    timestamp: parsed.timestamp,
    fullText: fields.text ?? '',
    embedding: decodeEmbedding(parsed.embedding),
    keyEntities: parsed.keyEntities,
    topics: parsed.topics,
    keywords: parsed.keywords,
    userIntent: parsed.userIntent ?? null,
    consolidatedAt: fields.consolidatedAt === null ? null : Number(fields.consolidatedAt),
  };
}

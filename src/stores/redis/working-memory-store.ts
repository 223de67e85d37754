import type { ChainableCommander, Redis } from 'ioredis';
import { StoreError, ValidationError } from '../../errors/index.ts';
import type { WorkingConversation, WorkingMemoryScope, WorkingMemoryStore } from '../../spec/working-memory-store.ts';
import { createSearchMethods } from '../../working/search-methods.ts';
import { resolveWeights } from '../../working/similarity.ts';
import {
  assertLimit,
  assertScope,
  assertTimestamp,
  isFresh,
  normalizeConversation,
  remainingLifeMs,
  resolveStoreOptions,
  type WorkingMemoryStoreOptions,
} from '../../working/store-rules.ts';
import { decodeConversation, encodeMeta, FIELD } from './conversation-codec.ts';
import { openRedisConnection } from './redis-connection.ts';

export interface RedisWorkingMemoryOptions extends WorkingMemoryStoreOptions {
  /** An ioredis client (the caller closes it) or a redis:// URL (the store opens and closes its own). */
  redis: Redis | string;
  /** Default 'hippo'. Keys look like `hippo:{agent}:wm:index`. */
  keyPrefix?: string;
  /** Longest any call waits for Redis before failing with WORKING_MEMORY_UNAVAILABLE. Default 1000 ms. */
  timeoutMs?: number;
}

async function execOrThrow(operation: string, batch: ChainableCommander): Promise<unknown[]> {
  const replies = await batch.exec();
  if (replies === null) throw new StoreError({ message: `Redis discarded the ${operation} transaction`, query: operation });
  return replies.map(([error, result]) => {
    if (error) throw error;
    return result;
  });
}

/**
 * Working memory in Redis, shared by every process of an agent. Per agent: a
 * sorted set `hippo:{agent}:wm:index` (member: conversation id, score:
 * timestamp) and one hash per conversation that expires with its TTL. The
 * braces are a Redis Cluster hash tag, so one agent's keys share a slot and
 * the eviction transaction stays legal on a cluster.
 *
 * Expiry is measured with the injected clock: keys get a PEXPIRE of their
 * remaining life and reads also filter by clock, so tests can move time.
 * Any connection failure or timeout rejects with WORKING_MEMORY_UNAVAILABLE.
 *
 * @example
 * import { createRedisWorkingMemory } from 'hippocampus/stores/redis';
 * const workingMemory = createRedisWorkingMemory({ redis: 'redis://127.0.0.1:6379', embedder });
 * await workingMemory.store({ agentId: 'planner' }, conversation);
 * const matches = await workingMemory.search({ agentId: 'planner' }, { text: 'Lisbon offsite' });
 * await workingMemory.close();
 */
export function createRedisWorkingMemory(options: RedisWorkingMemoryOptions): WorkingMemoryStore {
  const { capacity, ttlMs, clock, maxConversationBytes } = resolveStoreOptions(options);
  const keyPrefix = options.keyPrefix ?? 'hippo';
  if (keyPrefix === '' || /[{}]/.test(keyPrefix)) {
    throw new ValidationError({ message: `keyPrefix must be non-empty and free of braces (they are the cluster hash tag), got "${keyPrefix}"` });
  }
  const connection = openRedisConnection({ redis: options.redis, timeoutMs: options.timeoutMs });

  const agentKey = (scope: WorkingMemoryScope): string => `${keyPrefix}:{${encodeURIComponent(scope.agentId)}}:wm`;
  const indexKey = (scope: WorkingMemoryScope): string => `${agentKey(scope)}:index`;
  const conversationKey = (scope: WorkingMemoryScope, id: string): string =>
    `${agentKey(scope)}:conversation:${encodeURIComponent(id)}`;
  // Scores at or below the cutoff have lived their TTL.
  const cutoff = (): number => clock.now() - ttlMs;

  async function freshIds(client: Redis, scope: WorkingMemoryScope, limit: number): Promise<string[]> {
    return client.zrevrangebyscore(indexKey(scope), '+inf', `(${cutoff()}`, 'LIMIT', 0, Math.min(limit, capacity));
  }

  async function load(client: Redis, scope: WorkingMemoryScope, ids: string[], withText: boolean): Promise<WorkingConversation[]> {
    if (ids.length === 0) return [];
    const batch = client.pipeline();
    for (const id of ids) batch.hmget(conversationKey(scope, id), FIELD.meta, withText ? FIELD.text : FIELD.meta, FIELD.consolidatedAt);
    const replies = (await execOrThrow('HMGET', batch)) as (string | null)[][];
    const conversations: WorkingConversation[] = [];
    replies.forEach((fields, index) => {
      const key = conversationKey(scope, ids[index]!);
      const [meta = null, text = null, consolidatedAt = null] = fields;
      const conversation = decodeConversation(scope.agentId, key, { meta, text: withText ? text : null, consolidatedAt });
      if (conversation) conversations.push(conversation);
    });
    return conversations;
  }

  return {
    async store(scope, input) {
      const conversation = normalizeConversation(scope, input, maxConversationBytes);
      return connection.run('store', async (client) => {
        const id = conversation.conversationId;
        const remaining = remainingLifeMs(conversation.timestamp, clock.now(), ttlMs);
        if (remaining <= 0) return { stored: false, evictedIds: [] };
        const key = conversationKey(scope, id);
        const index = indexKey(scope);
        const expiredBefore = cutoff();
        const fields: Record<string, string> = { [FIELD.meta]: encodeMeta(conversation), [FIELD.text]: conversation.fullText };
        if (conversation.consolidatedAt !== null && conversation.consolidatedAt !== undefined) {
          fields[FIELD.consolidatedAt] = String(conversation.consolidatedAt);
        }
        // One transaction writes, purges the expired and trims to capacity, so
        // no reader ever sees more than `capacity` entries in the index.
        const replies = await execOrThrow(
          'store',
          client
            .multi()
            .del(key)
            .hset(key, fields)
            .pexpire(key, Math.ceil(remaining))
            .zadd(index, conversation.timestamp, id)
            .zrangebyscore(index, '-inf', expiredBefore)
            .zremrangebyscore(index, '-inf', expiredBefore)
            .zrange(index, 0, -(capacity + 1))
            .zremrangebyrank(index, 0, -(capacity + 1))
            .pexpire(index, Math.ceil(ttlMs)),
        );
        const expiredIds = replies[4] as string[];
        const evictedIds = replies[6] as string[];
        const gone = [...expiredIds, ...evictedIds];
        // Their hashes would expire on their own; unlinking now frees the memory at once.
        if (gone.length > 0) await client.unlink(...gone.map((goneId) => conversationKey(scope, goneId)));
        return { stored: !evictedIds.includes(id), evictedIds };
      });
    },

    async get(scope, conversationId) {
      assertScope(scope);
      return connection.run('get', async (client) => {
        const score = await client.zscore(indexKey(scope), conversationId);
        if (score === null || !isFresh(Number(score), clock.now(), ttlMs)) return null;
        const [conversation] = await load(client, scope, [conversationId], true);
        return conversation ?? null;
      });
    },

    ...createSearchMethods({
      weights: resolveWeights(options.weights),
      embedder: options.embedder,
      // Transcripts are the bulk of the bytes: rank on features, then read text for the winners only.
      candidates: (scope) => connection.run('search', async (client) => load(client, scope, await freshIds(client, scope, capacity), false)),
      hydrate: (scope, matches) =>
        connection.run('search', async (client) => {
          const batch = client.pipeline();
          for (const match of matches) batch.hget(conversationKey(scope, match.conversation.conversationId), FIELD.text);
          const texts = (await execOrThrow('HGET', batch)) as (string | null)[];
          return matches.flatMap((match, index) => {
            const fullText = texts[index];
            return fullText === null || fullText === undefined ? [] : [{ ...match, conversation: { ...match.conversation, fullText } }];
          });
        }),
    }),

    async getAll(scope, limit = capacity) {
      assertScope(scope);
      assertLimit(limit, 'limit');
      if (limit === 0) return [];
      return connection.run('getAll', async (client) => load(client, scope, await freshIds(client, scope, limit), true));
    },

    async delete(scope, conversationId) {
      assertScope(scope);
      return connection.run('delete', async (client) => {
        const [score] = await execOrThrow(
          'delete',
          client.multi().zscore(indexKey(scope), conversationId).zrem(indexKey(scope), conversationId).unlink(conversationKey(scope, conversationId)),
        );
        return typeof score === 'string' && isFresh(Number(score), clock.now(), ttlMs);
      });
    },

    async markConsolidated(scope, conversationIds, at) {
      assertTimestamp(at, 'at');
      assertScope(scope);
      const ids = [...new Set(conversationIds)];
      if (ids.length === 0) return 0;
      return connection.run('markConsolidated', async (client) => {
        const scores = await client.zmscore(indexKey(scope), ...ids);
        const now = clock.now();
        const fresh = ids.flatMap((id, index) => {
          const score = scores[index];
          return score === null || score === undefined || !isFresh(Number(score), now, ttlMs) ? [] : [{ id, timestamp: Number(score) }];
        });
        if (fresh.length === 0) return 0;
        const batch = client.multi();
        for (const { id, timestamp } of fresh) {
          const key = conversationKey(scope, id);
          // Re-applying the TTL means a hash that expired meanwhile is not resurrected forever.
          batch.hset(key, FIELD.consolidatedAt, String(at)).pexpire(key, Math.max(1, Math.ceil(remainingLifeMs(timestamp, now, ttlMs))));
        }
        await execOrThrow('markConsolidated', batch);
        return fresh.length;
      });
    },

    async getStats(scope) {
      assertScope(scope);
      return connection.run('getStats', async (client) => {
        const ids = await freshIds(client, scope, capacity);
        if (ids.length === 0) return { count: 0, oldest: null, newest: null, totalTextBytes: 0 };
        const batch = client.pipeline();
        for (const id of ids) batch.zscore(indexKey(scope), id).hexists(conversationKey(scope, id), FIELD.meta).hstrlen(conversationKey(scope, id), FIELD.text);
        const replies = await execOrThrow('getStats', batch);
        const timestamps: number[] = [];
        let totalTextBytes = 0;
        for (let index = 0; index < replies.length; index += 3) {
          if (replies[index + 1] !== 1) continue;
          timestamps.push(Number(replies[index]));
          totalTextBytes += Number(replies[index + 2]);
        }
        return {
          count: timestamps.length,
          oldest: timestamps.length === 0 ? null : Math.min(...timestamps),
          newest: timestamps.length === 0 ? null : Math.max(...timestamps),
          totalTextBytes,
        };
      });
    },

    async close() {
      await connection.close();
    },
  };
}

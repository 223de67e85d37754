import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../core/system-clock.ts';
import { findFreePort, startRedisServer, type RedisServerHandle } from '../../testing/redis-server.ts';
import { runWorkingMemoryContract } from '../../testing/working-memory-contract.ts';
import { createRedisWorkingMemory } from './working-memory-store.ts';

let server: RedisServerHandle;
let prefixCounter = 0;

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

runWorkingMemoryContract({
  name: 'redis',
  create: async () => {
    const clock = createManualClock();
    // A fresh key prefix per test keeps tests apart on the one shared server.
    const store = createRedisWorkingMemory({ redis: server.url, keyPrefix: `test${(prefixCounter += 1)}`, clock });
    return { store, clock, cleanup: async () => {} };
  },
});

const conversation = (id: string, timestamp: number) => ({
  conversationId: id,
  timestamp,
  fullText: `user: conversation ${id}`,
  embedding: new Float32Array([0.25, -0.5, 1, 0]),
  keyEntities: ['Lisbon'],
  topics: ['travel'],
  userIntent: null,
});

describe('redis working memory: layout', () => {
  it('keeps one agent in a sorted set by timestamp and one expiring hash per conversation', async () => {
    const clock = createManualClock();
    const store = createRedisWorkingMemory({ redis: server.url, keyPrefix: 'layout', clock });
    const client = new Redis(server.url);
    try {
      await store.store({ agentId: 'planner' }, conversation('c1', clock.now() - 1000));
      expect(await client.zrange('layout:{planner}:wm:index', 0, -1, 'WITHSCORES')).toEqual(['c1', String(clock.now() - 1000)]);
      const ttl = await client.pttl('layout:{planner}:wm:conversation:c1');
      expect(ttl).toBeGreaterThan(7 * 24 * 3600_000 - 5000);
      expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600_000 - 1000);
      // Base64 of 4 float32 values: 16 bytes, not a JSON array of decimals.
      const meta = JSON.parse((await client.hget('layout:{planner}:wm:conversation:c1', 'meta'))!) as { embedding: string };
      expect(Buffer.from(meta.embedding, 'base64')).toHaveLength(16);
    } finally {
      await store.close();
      client.disconnect();
    }
  });

  it('evicts beyond capacity and deletes the evicted hashes', async () => {
    const clock = createManualClock();
    const store = createRedisWorkingMemory({ redis: server.url, keyPrefix: 'evict', clock, capacity: 2 });
    const client = new Redis(server.url);
    try {
      for (const [index, id] of ['a', 'b', 'c'].entries()) await store.store({ agentId: 'x' }, conversation(id, clock.now() - 100 + index));
      expect(await client.zrange('evict:{x}:wm:index', 0, -1)).toEqual(['b', 'c']);
      expect(await client.exists('evict:{x}:wm:conversation:a')).toBe(0);
    } finally {
      await store.close();
      client.disconnect();
    }
  });

  it('works over a client the caller owns and leaves it open on close', async () => {
    const client = new Redis(server.url);
    const store = createRedisWorkingMemory({ redis: client, keyPrefix: 'owned' });
    await store.store({ agentId: 'x' }, conversation('c1', Date.now()));
    expect((await store.get({ agentId: 'x' }, 'c1'))?.fullText).toBe('user: conversation c1');
    await store.close();
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
  });
});

describe('redis working memory: outages', () => {
  it('rejects with WORKING_MEMORY_UNAVAILABLE within a couple of seconds when the server dies mid-run', async () => {
    const doomed = await startRedisServer();
    const store = createRedisWorkingMemory({ redis: doomed.url });
    try {
      await store.store({ agentId: 'x' }, conversation('c1', Date.now()));
      expect(await store.get({ agentId: 'x' }, 'c1')).not.toBeNull();
      process.kill(doomed.pid, 'SIGKILL');
      await doomed.stop();

      for (const call of [() => store.get({ agentId: 'x' }, 'c1'), () => store.search({ agentId: 'x' }, { keywords: ['lisbon'] })]) {
        const started = performance.now();
        await expect(call()).rejects.toMatchObject({ code: 'WORKING_MEMORY_UNAVAILABLE', name: 'WorkingMemoryUnavailableError' });
        expect(performance.now() - started).toBeLessThan(2000);
      }
    } finally {
      await store.close();
      await doomed.stop();
    }
  });

  it('rejects quickly when nothing listens on the port', async () => {
    const port = await findFreePort();
    const store = createRedisWorkingMemory({ redis: `redis://127.0.0.1:${port}`, timeoutMs: 300 });
    const started = performance.now();
    await expect(store.getAll({ agentId: 'x' })).rejects.toMatchObject({ code: 'WORKING_MEMORY_UNAVAILABLE' });
    expect(performance.now() - started).toBeLessThan(1500);
    await store.close();
  });

  it('rejects after close instead of reconnecting', async () => {
    const store = createRedisWorkingMemory({ redis: server.url });
    await store.getStats({ agentId: 'x' });
    await store.close();
    await expect(store.getStats({ agentId: 'x' })).rejects.toMatchObject({ code: 'WORKING_MEMORY_UNAVAILABLE' });
  });
});

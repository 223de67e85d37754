import fs from 'node:fs';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../config/agent-paths.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { startRedisServer, type RedisServerHandle } from '../testing/redis-server.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { describeConversation } from '../working/conversation-features.ts';
import { openAgentWorkingMemory } from '../working/working-snapshot.ts';
import { createCliContext } from './cli-context.ts';

// A command that makes a new agent and then fails, or writes nothing to its store, takes the agent away again — when
// it holds nothing. The failure path asked the store alone: an agent whose one conversation was in Redis (--redis) or
// in the snapshot beside it went, and that conversation could no longer be reached by any command.

let redis: RedisServerHandle;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});
let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const context = createCliContext({ stdout: () => undefined, stderr: () => undefined });
const commandFor = (agent: string) => new Command().option('--home <path>').option('--agent <id>').parse(['--home', home.home, '--agent', agent], { from: 'user' });
const agentExists = (agent: string) => fs.existsSync(agentPaths(home.home, agent).root);
const conversationOf = (memory: Hippocampus, id: string) => describeConversation({ conversationId: id, timestamp: Date.now(), fullText: 'user: we meet at the Lisbon office on Friday\nassistant: noted' }, memory.embedder!);
const failure = new Error('the command failed after its write');

describe('a new agent a failed or empty CLI command made', () => {
  it('is kept when the Redis working memory it was given holds a conversation of it (--redis), on failure and on success', async () => {
    const failing = context.withMemory(commandFor('redis-fail'), async (memory) => {
      await memory.workingMemory!.store({ agentId: memory.agentId }, await conversationOf(memory, 'c-redis-fail'));
      throw failure;
    }, { create: true, redisUrl: redis.url });
    await expect(failing).rejects.toBe(failure);
    expect(agentExists('redis-fail')).toBe(true);
    await context.withMemory(commandFor('redis-empty'), async (memory) => {
      await memory.workingMemory!.store({ agentId: memory.agentId }, await conversationOf(memory, 'c-redis-empty'));
    }, { create: true, unmakeIfEmpty: true, redisUrl: redis.url });
    expect(agentExists('redis-empty')).toBe(true);
  }, 60_000);

  it('is kept when it failed after writing the working-memory snapshot beside it', async () => {
    const failing = context.withMemory(commandFor('snapshot-fail'), async (memory) => {
      const working = await openAgentWorkingMemory({ home: memory.home, agentId: memory.agentId, embedder: memory.embedder });
      await working.store.store({ agentId: memory.agentId }, await conversationOf(memory, 'c-snapshot'));
      await working.close();
      throw failure;
    }, { create: true });
    await expect(failing).rejects.toBe(failure);
    expect(agentExists('snapshot-fail')).toBe(true);
  }, 60_000);

  it('goes when it holds nothing, with --redis or without, failed or empty', async () => {
    await expect(context.withMemory(commandFor('typo-redis'), async () => Promise.reject(failure), { create: true, redisUrl: redis.url })).rejects.toBe(failure);
    await expect(context.withMemory(commandFor('typo'), async () => Promise.reject(failure), { create: true })).rejects.toBe(failure);
    await context.withMemory(commandFor('empty-redis'), async () => undefined, { create: true, unmakeIfEmpty: true, redisUrl: redis.url });
    expect(['typo-redis', 'typo', 'empty-redis'].filter(agentExists)).toEqual([]);
  }, 60_000);
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServerHandle } from '../../testing/redis-server.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { HIPPOCAMPUS_BINARY, withCliServer } from '../../testing/cli-server.ts';
import { main } from '../main.ts';

let home: ReturnType<typeof createTempHome>;
beforeAll(() => {
  home = createTempHome('hippocampus-cli-layers-');
});
afterAll(() => home.cleanup());

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['node', 'hippocampus', '--home', home.home, ...args], { stdout: (text) => out.push(text), stderr: (text) => err.push(text) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('hippocampus working | consolidate | graph | skills', () => {
  it('opens a working-memory snapshot holding a conversation over the bound, written before the store had one', async () => {
    expect((await run('working', 'store', 'user: I moved to Lisbon with Priya last week.', '--id', 'small', '--agent', 'snap')).code).toBe(0);
    const file = `${home.home}/agents/snap/memory/working.json`;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { fullText: string }[];
    saved[0]!.fullText = `user: ${'Lisbon '.repeat(30_000)}`;
    fs.writeFileSync(file, JSON.stringify(saved));
    expect(JSON.parse((await run('--json', 'working', 'stats', '--agent', 'snap')).out)).toMatchObject({ count: 1 });
    expect(await run('working', 'store', 'user: The vet said our dog is healthy.', '--id', 'next', '--agent', 'snap')).toMatchObject({ code: 0 });
    expect(JSON.parse((await run('--json', 'working', 'stats', '--agent', 'snap')).out)).toMatchObject({ count: 2 });
  });

  it('stores a conversation, finds it, consolidates it into the graph once, and serves skills', async () => {
    const stored = await run('working', 'store', 'user: I moved to Lisbon with Priya last week.\nassistant: Congratulations!', '--id', 'move', '--agent', 'ada');
    expect(stored).toMatchObject({ code: 0 });
    expect(stored.out).toContain('Stored move');
    expect((await run('working', 'store', 'user: hello', '--id', 'old', '--timestamp', '2000-01-01', '--agent', 'ada')).out).toContain('Not stored: old');

    expect((await run('working', 'search', 'moving to Lisbon', '--agent', 'ada')).out).toMatch(/^\d\.\d{3}\s+move/);
    expect(JSON.parse((await run('--json', 'working', 'stats', '--agent', 'ada')).out)).toMatchObject({ count: 1 });

    expect((await run('consolidate', '--agent', 'ada')).out).toMatch(/^Consolidated 1 conversation\(s\) \(0 already done\)/);
    expect((await run('consolidate', '--agent', 'ada')).out).toMatch(/^Consolidated 0 conversation\(s\) \(1 already done\)/);
    // A misspelled agent is named, not made (it became an empty agent every later command took for real).
    expect(await run('consolidate', '--agent', 'adda')).toMatchObject({ code: 1, err: expect.stringContaining('"adda" was not found') });
    expect((await run('--json', 'stats', '--agent', 'adda')).code).toBe(1);
    expect((await run('graph', 'neighbors', 'user', '--agent', 'ada')).out).toMatch(/user —live_in→ Lisbon/);
    expect((await run('graph', 'entities', '--agent', 'ada')).out).toContain('Priya');
    expect((await run('graph', 'query', 'Where does the user live?', '--agent', 'ada')).out).toContain('Lisbon');

    const added = await run('--json', 'skills', 'add', 'deploy-billing', '--description', 'deploy the billing service to staging', '--code', 'make deploy ENV=staging', '--agent', 'ada');
    const skillId = (JSON.parse(added.out) as { skill: { id: string } }).skill.id;
    expect((await run('skills', 'outcome', skillId, '--success', '--agent', 'ada')).out).toBe('deploy-billing v1: 1 successes, 0 failures');
    expect((await run('skills', 'find', 'deploy billing to staging', '--agent', 'ada')).out).toContain('deploy-billing v1');
    expect(await run('skills', 'outcome', skillId, '--agent', 'ada')).toMatchObject({ code: 2 });
  }, 120_000);
});

describe('their counts and texts', () => {
  it('refuse a count that is not a whole number from 1 (-1 read as "no limit" in SQL) and an empty search, as usage errors', async () => {
    expect((await run('working', 'store', 'user: I moved to Lisbon.', '--id', 'count', '--agent', 'bea')).code).toBe(0);
    for (const args of [
      ['graph', 'entities', '--limit', '-1'],
      ['graph', 'entities', '--limit', '2.5'],
      ['graph', 'search', 'Lisbon', '--limit', '0'],
      ['working', 'search', 'Lisbon', '--top', '-3'],
      ['working', 'search', ' '],
    ]) {
      const result = await run(...args, '--agent', 'bea');
      expect(result.code, args.join(' ')).toBe(2);
    }
  });
});

describe('files the command line names', () => {
  it('a device or a FIFO is refused at once as a usage error, and no agent is made', async () => {
    // Read whole, /dev/zero (or a FIFO no one writes to) never ended: nothing printed, memory growing.
    const fifo = `${home.home}/no-writer.fifo`;
    execFileSync('mkfifo', [fifo]);
    for (const file of ['/dev/zero', fifo]) {
      for (const args of [['working', 'store', `@${file}`], ['skills', 'add', 'tail-logs', '--description', 'follow a log', '--code-file', file]]) {
        const result = await run(...args, '--agent', 'devices');
        expect(result, args.join(' ')).toMatchObject({ code: 2, err: expect.stringContaining('not a regular file') });
      }
    }
    expect(fs.existsSync(`${home.home}/agents/devices`)).toBe(false);
  });

  it('a conversation over the working-memory limit is CONTENT_TOO_LARGE at once, and no agent is made (1 MB took 20.6 s and 948 MB RSS)', async () => {
    const file = `${home.home}/long-session.txt`;
    fs.writeFileSync(file, 'user: we went over the launch plan again\nassistant: noted\n'.repeat(4_000));
    const result = await run('working', 'store', `@${file}`, '--agent', 'long-talker');
    expect(result).toMatchObject({ code: 1, err: expect.stringContaining('CONTENT_TOO_LARGE') });
    expect(fs.existsSync(`${home.home}/agents/long-talker`)).toBe(false);
  });
});

describe('hippocampus forget reaches working memory', () => {
  let redis: RedisServerHandle;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  const redisHolds = async (agent: string) => {
    const client = new Redis(redis.url);
    try {
      return (await client.zrange(`hippo:{${agent}}:wm:index`, 0, -1)).sort();
    } finally {
      client.disconnect();
    }
  };

  it('memory search --route, mcp and serve take --redis: the router answers from the Redis conversation, and a forget drops it there', async () => {
    const agent = ['--agent', 'redis-route'];
    const offsite = 'The Lisbon offsite moved to the third week of March, Priya books the flights';
    expect(await run('working', 'store', `user: ${offsite}\nassistant: noted`, '--id', 'offsite-talk', '--redis', redis.url, ...agent)).toMatchObject({ code: 0 });
    const { memory } = JSON.parse((await run('--json', 'remember', offsite, '--type', 'chat', ...agent)).out) as { memory: { id: string } };
    const routed = (...extra: string[]) => run('--json', 'memory', 'search', '--route', '--query', 'when is the Lisbon offsite', ...extra, ...agent);
    // Without --redis the router reads the snapshot file, which holds nothing: the conversation is only in Redis.
    expect((JSON.parse((await routed()).out) as { working: unknown[] }).working).toEqual([]);
    expect(JSON.parse((await routed('--redis', redis.url)).out)).toMatchObject({ working: [{ conversationId: 'offsite-talk' }] });
    expect(await run('memory', 'search', '--query', 'offsite', '--redis', redis.url, ...agent)).toMatchObject({ code: 2 });

    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const transport = new StdioClientTransport({ command: process.execPath, args: [HIPPOCAMPUS_BINARY, 'mcp', '--home', home.home, ...agent, '--redis', redis.url], env, stderr: 'pipe' });
    const client = new Client({ name: 'redis-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const call = async (name: string, args: Record<string, unknown>) => JSON.parse(((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text) as Record<string, unknown>;
      expect(await call('recall_memories', { query: 'when is the Lisbon offsite' })).toMatchObject({ conversations: [{ conversationId: 'offsite-talk' }] });
      expect(await call('forget_memory', { ids: [memory.id] })).toMatchObject({ deleted: 2, forgotten: [{ id: memory.id }, { id: 'offsite-talk', kind: 'conversation' }] });
    } finally {
      await client.close();
    }
    expect(await redisHolds('redis-route')).toEqual([]);

    expect(await run('working', 'store', `user: ${offsite}\nassistant: noted`, '--id', 'offsite-again', '--redis', redis.url, ...agent)).toMatchObject({ code: 0 });
    const again = (JSON.parse((await run('--json', 'remember', offsite, '--type', 'chat', ...agent)).out) as { memory: { id: string } }).memory;
    await withCliServer(['serve', '--home', home.home, '--port', '0', '--redis', redis.url], {}, async (url) => {
      const post = async (path: string, body: unknown) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
      expect(await post('/agents/redis-route/search', { query: 'when is the Lisbon offsite', route: true })).toMatchObject({ working: [{ conversationId: 'offsite-again' }] });
      expect(await post('/agents/redis-route/forget', { ids: [again.id] })).toEqual({ deleted: [again.id, 'offsite-again'], missing: [] });
    });
    expect(await redisHolds('redis-route')).toEqual([]);
  }, 180_000);

  it('forget --redis drops the Redis conversations holding the forgotten text, and takes conversation ids (snapshot or Redis) as HTTP forget {ids} does', async () => {
    const locker = 'My locker code is ZEBRA-7431-quokka';
    const agent = ['--agent', 'redis-forget'];
    expect(await run('working', 'store', `user: ${locker}\nassistant: noted`, '--id', 'locker-talk', '--redis', redis.url, ...agent)).toMatchObject({ code: 0 });
    expect(await run('working', 'store', 'user: we ship on Fridays\nassistant: ok', '--id', 'ship-talk', '--redis', redis.url, ...agent)).toMatchObject({ code: 0 });
    expect(await run('working', 'store', 'user: the canary is green\nassistant: ship it', '--id', 'canary-talk', ...agent)).toMatchObject({ code: 0 });
    const { memory } = JSON.parse((await run('--json', 'remember', locker, '--type', 'chat', ...agent)).out) as { memory: { id: string } };
    expect(await redisHolds('redis-forget')).toEqual(['locker-talk', 'ship-talk']);

    // The memory's text was still said in Redis after `forget <id>`: the CLI could not reach it.
    expect(JSON.parse((await run('--json', 'forget', memory.id, '--redis', redis.url, ...agent)).out)).toMatchObject({ deleted: [memory.id], conversations: ['locker-talk'] });
    expect(await redisHolds('redis-forget')).toEqual(['ship-talk']);

    // A conversation by its id: from Redis with --redis, from the snapshot without; an unknown id still refuses the lot.
    expect(await run('forget', 'ship-talk', 'nope', '--redis', redis.url, ...agent)).toMatchObject({ code: 1 });
    expect(await redisHolds('redis-forget')).toEqual(['ship-talk']);
    expect(JSON.parse((await run('--json', 'forget', 'ship-talk', '--redis', redis.url, ...agent)).out)).toEqual({ deleted: [], missing: [], conversations: ['ship-talk'] });
    expect(await redisHolds('redis-forget')).toEqual([]);
    expect((await run('forget', 'canary-talk', ...agent)).out).toBe('Forgot 0 memories and 1 working-memory conversation');
    expect(JSON.parse((await run('--json', 'working', 'stats', ...agent)).out)).toMatchObject({ count: 0 });
  }, 120_000);

  it('an agent whose only conversation is in Redis stays an agent: forget --redis of that conversation finds it', async () => {
    const agent = ['--agent', 'redis-only'];
    expect(await run('working', 'store', 'user: my PIN is 4471\nassistant: noted', '--id', 'pin-talk', '--redis', redis.url, ...agent)).toMatchObject({ code: 0 });
    expect(await redisHolds('redis-only')).toEqual(['pin-talk']);
    expect(JSON.parse((await run('--json', 'forget', 'pin-talk', '--redis', redis.url, ...agent)).out)).toEqual({ deleted: [], missing: [], conversations: ['pin-talk'] });
    expect(await redisHolds('redis-only')).toEqual([]);
  }, 60_000);
});

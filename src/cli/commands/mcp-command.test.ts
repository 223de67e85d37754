import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allBytesUnder } from '../../testing/home-bytes.ts';
import { startRedisServer, type RedisServerHandle } from '../../testing/redis-server.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { cliWith, HIPPOCAMPUS_BINARY as binary } from '../../testing/cli-server.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('hippocampus mcp', () => {
  it('serves the tools over stdio to an MCP client and stops when the client leaves', async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const transport = new StdioClientTransport({ command: process.execPath, args: [binary, 'mcp', '--home', home.home, '--agent', 'ada', '--embedder', 'none'], env, stderr: 'pipe' });
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('remember_facts');
      const result = await client.callTool({ name: 'remember_facts', arguments: { text: 'I live in Berlin.' } });
      expect((result.content as { text: string }[])[0]!.text).toContain('Learned 1 fact: 1 new (Berlin)');
      expect(await client.callTool({ name: 'recall_memory_block', arguments: { key: '../x' } })).toMatchObject({ isError: true });
    } finally {
      await client.close();
    }
  });
});

describe('hippocampus mcp, on an agent that does not exist yet', () => {
  let redis: RedisServerHandle;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  const serve = async (agent: string, ...more: string[]) => {
    const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [binary, 'mcp', '--home', home.home, '--agent', agent, '--embedder', 'none', ...more], env, stderr: 'pipe' }));
    return client;
  };
  const text = (result: unknown) => ((result as { content: { text: string }[] }).content)[0]!.text;

  it('a session that writes nothing (no fact in what it was told, reads only) leaves no agent behind; one that learns a fact does', async () => {
    const agentFolder = (agent: string) => path.join(home.home, 'agents', agent);
    const idle = await serve('ghost');
    try {
      expect(text(await idle.callTool({ name: 'remember_facts', arguments: { text: 'ok thanks' } }))).toContain('No facts found');
      expect(await idle.callTool({ name: 'recall_memories', arguments: { query: 'anything at all' } })).not.toMatchObject({ isError: true });
      // The server holds the agent open while it runs.
      expect(fs.existsSync(agentFolder('ghost'))).toBe(true);
    } finally {
      await idle.close();
    }
    expect(fs.existsSync(agentFolder('ghost'))).toBe(false);
    expect((await cliWith(['--home', home.home, '--agent', 'ghost'])('stats')).code).not.toBe(0);
    const learning = await serve('ada');
    try {
      expect(text(await learning.callTool({ name: 'remember_facts', arguments: { text: 'I live in Berlin.' } }))).toContain('Learned 1 fact');
    } finally {
      await learning.close();
    }
    expect(fs.existsSync(agentFolder('ada'))).toBe(true);
    // With --redis alike: the agent's working memory there holds nothing of it, so nothing is left (it was kept).
    const idleRedis = await serve('ghost-redis', '--redis', redis.url);
    try {
      expect(text(await idleRedis.callTool({ name: 'remember_facts', arguments: { text: 'ok thanks' } }))).toContain('No facts found');
    } finally {
      await idleRedis.close();
    }
    expect(fs.existsSync(agentFolder('ghost-redis'))).toBe(false);
  }, 60_000);
});

describe('hippocampus mcp, refusing a bad option', () => {
  it('refuses a messages table name that is not one before announcing a server', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, [binary, 'mcp', '--home', home.home, '--agent', 'ada', '--embedder', 'none', '--messages-table', 'm; drop table x'], { encoding: 'utf8', input: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CONFIG_ERROR');
    expect(result.stderr).not.toContain('MCP server for agent');
    expect(result.stdout).toBe('');
  });
});

describe('hippocampus mcp, forgetting as the issue asks', () => {
  it('over stdio with the default model: store a sentence, forget it by a short description, and no byte of it stays under the home', async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const transport = new StdioClientTransport({ command: process.execPath, args: [binary, 'mcp', '--home', home.home, '--agent', 'safe'], env, stderr: 'pipe' });
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(transport);
    const call = async (name: string, args: Record<string, unknown>) => JSON.parse(((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text) as Record<string, unknown>;
    try {
      await call('store_memory', { content: 'The vault combination is seventeen purple elephants' });
      await call('store_memory', { content: 'We deploy on Tuesdays after the canary is green' });
      expect(await call('forget_memory', { description: 'the vault combination' })).toMatchObject({ deleted: 1, forgotten: [{ content: 'The vault combination is seventeen purple elephants' }] });
    } finally {
      await client.close();
    }
    const bytes = allBytesUnder(home.home);
    for (const word of ['the vault combination is seventeen purple elephants', 'seventeen', 'purple', 'elephants', 'vault', 'combination']) expect(bytes, `"${word}" survives under the home`).not.toContain(word);
    expect(bytes).toContain('canary');
  }, 60_000);
});

describe('hippocampus mcp, recalling after a forget', () => {
  it('recall_memories no longer brings back a working-memory conversation that held what forget_memory just forgot', async () => {
    const sentence = 'my bank PIN is 8841 and my mother maiden name is Thistlewood';
    expect((await cliWith(['--home', home.home, '--agent', 'ada'])('working', 'store', `user: ${sentence}\nassistant: noted`)).code).toBe(0);
    const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const transport = new StdioClientTransport({ command: process.execPath, args: [binary, 'mcp', '--home', home.home, '--agent', 'ada'], env, stderr: 'pipe' });
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(transport);
    const call = async (name: string, args: Record<string, unknown>) => ((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text;
    try {
      const { id } = JSON.parse(await call('store_memory', { content: sentence })) as { id: string };
      expect(await call('recall_memories', { query: 'mother maiden name Thistlewood' })).toContain('Thistlewood');
      // The conversation that held the memory's text goes with it, and the report names it.
      expect(JSON.parse(await call('forget_memory', { ids: [id] }))).toMatchObject({ deleted: 2, forgotten: [{ id }, { kind: 'conversation' }] });
      // The server's router had loaded working memory at start: the conversation the forget dropped from the file stayed in it.
      expect(await call('recall_memories', { query: 'mother maiden name Thistlewood' })).not.toContain('Thistlewood');
    } finally {
      await client.close();
    }
    expect(allBytesUnder(home.home)).not.toContain('thistlewood');
  }, 60_000);
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome } from '../../testing/temp-home.ts';

const binary = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/hippocampus.js');

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

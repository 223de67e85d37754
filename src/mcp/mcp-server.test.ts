import fs from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, ErrorCode, ListPromptsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMessagesTable } from '../conversations/messages-table.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { runScript } from '../testing/run-script.ts';
import { eachTestEngine } from '../testing/temp-engine.ts';
import { createMcpServer } from './create-mcp-server.ts';
import { serveMcpHttp } from './serve-mcp-http.ts';
import { MCP_STDIO_LINE_LIMIT_BYTES, serveMcpStdio } from './serve-mcp-stdio.ts';

let memory: Hippocampus;
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), (opened) => {
  ({ memory } = opened);
  createMessagesTable((memory.backend as SqliteBackend).pool.connection('ada'));
  (memory.backend as SqliteBackend).pool.connection('ada').prepare("INSERT INTO messages (role, content, created_at) VALUES ('user', 'The retro is on Thursday', 1)").run();
});

const options = () => ({ memory, messagesTable: 'messages', forgetThreshold: 0.6 });
const text = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[])[0]!.text;

/** Lists the tools and calls each one, as an MCP host would. */
async function exerciseEveryTool(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(
    ['append_memory_block', 'forget_memory', 'recall_conversation', 'recall_memories', 'recall_memory_block', 'remember_facts', 'replace_memory_block', 'store_memory'].sort(),
  );
  expect(tools.find((tool) => tool.name === 'store_memory')!.inputSchema).toMatchObject({ type: 'object', required: ['content'] });

  const learned = await client.callTool({ name: 'remember_facts', arguments: { text: 'I live in Berlin.' } });
  expect(learned.isError).toBeFalsy();
  expect(JSON.parse(text(learned)).summary).toBe('Learned 1 fact: 1 new (Berlin)');
  expect(JSON.parse(text(await client.callTool({ name: 'store_memory', arguments: { content: 'The staging password rotates monthly' } }))).outcome).toBe('stored');
  expect(JSON.parse(text(await client.callTool({ name: 'append_memory_block', arguments: { key: 'human', text: 'Name: Ada' } }))).created).toBe(true);
  expect(JSON.parse(text(await client.callTool({ name: 'replace_memory_block', arguments: { key: 'human', find: 'Ada', replace: 'Grace' } }))).value).toBe('Name: Grace');
  expect(JSON.parse(text(await client.callTool({ name: 'recall_memory_block', arguments: { key: 'human' } }))).value).toBe('Name: Grace');
  expect(JSON.parse(text(await client.callTool({ name: 'recall_memories', arguments: { query: 'Berlin', kind: 'fact' } }))).results[0].content).toBe('User lives in Berlin');
  expect(JSON.parse(text(await client.callTool({ name: 'recall_conversation', arguments: { query: 'retro' } }))).messages[0].content).toBe('The retro is on Thursday');
  expect(JSON.parse(text(await client.callTool({ name: 'forget_memory', arguments: { description: 'staging password rotates monthly' } }))).deleted).toBe(1);

  const invalid = await client.callTool({ name: 'store_memory', arguments: { content: 42 } });
  expect(invalid.isError).toBe(true);
  expect(text(invalid)).toMatch(/^\[VALIDATION_ERROR\] Invalid store_memory input: content/);
  const missing = await client.callTool({ name: 'replace_memory_block', arguments: { key: 'nothing', find: 'a', replace: 'b' } });
  expect(missing).toMatchObject({ isError: true, structuredContent: { ok: false, error: { code: 'BLOCK_NOT_FOUND' } } });
  expect(await client.callTool({ name: 'no_such_tool', arguments: {} })).toMatchObject({ isError: true });
  // Arguments that are not an object (null from a model's empty call, a list, a string) are bad arguments like any
  // other: a VALIDATION_ERROR result, not a -32603 protocol error carrying the SDK's raw zod output (probe).
  for (const bad of [null, ['content'], 'The staging password rotates monthly']) {
    const refused = await client.request({ method: 'tools/call', params: { name: 'store_memory', arguments: bad as never } }, CallToolResultSchema);
    expect(refused, JSON.stringify(bad)).toMatchObject({ isError: true, structuredContent: { ok: false, error: { code: 'VALIDATION_ERROR' } } });
    expect(text(refused)).toMatch(/^\[VALIDATION_ERROR\] Invalid store_memory input: expected an object of the tool's arguments, received (null|a list|string)$/);
  }
  const unnamed = await client.request({ method: 'tools/call', params: { name: null as never, arguments: {} } }, CallToolResultSchema);
  expect(unnamed).toMatchObject({ isError: true, structuredContent: { ok: false, error: { code: 'VALIDATION_ERROR' } } });
}

describe('MCP server', () => {
  it('serves every tool over the in-memory linked transport pair', async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(options());
    await server.connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    await exerciseEveryTool(client);
    await client.close();
  });

  it("answers tools/call through the SDK Server's public members; a method it serves nothing for is -32601, as the SDK answers it", async () => {
    // tools/call got past the Server's own check by Protocol.prototype.setRequestHandler called on the server: how the
    // SDK's classes are built, not what it offers. Its fallbackRequestHandler is a public member.
    const source = fs.readFileSync(new URL('./create-mcp-server.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/\.prototype\.|sdk\/shared\/protocol/);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(options());
    await server.connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      await expect(client.request({ method: 'prompts/list', params: {} }, ListPromptsResultSchema)).rejects.toMatchObject({ code: ErrorCode.MethodNotFound });
      expect(JSON.parse(text(await client.callTool({ name: 'recall_memory_block', arguments: { key: 'human' } })))).toMatchObject({ key: 'human' });
    } finally {
      await client.close();
    }
  });

  it('serves every tool over streamable HTTP on 127.0.0.1', async () => {
    const http = await serveMcpHttp({ createServer: () => createMcpServer(options()) });
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      await exerciseEveryTool(client);
    } finally {
      await client.close();
      await http.close();
    }
  });

  it('requires the bearer token when one is set, and refuses to bind off loopback without one', async () => {
    await expect(serveMcpHttp({ createServer: () => createMcpServer(options()), host: '0.0.0.0' })).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
    const http = await serveMcpHttp({ createServer: () => createMcpServer(options()), token: 's3cret' });
    try {
      const denied = new Client({ name: 'test', version: '1.0.0' });
      await expect(denied.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: 'Bearer wrong' } } }))).rejects.toThrow();
      const allowed = new Client({ name: 'test', version: '1.0.0' });
      await allowed.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: 'Bearer s3cret' } } }));
      expect((await allowed.listTools()).tools).toHaveLength(8);
      await allowed.close();
      // The scheme is case-insensitive (RFC 7235), as the HTTP API reads it: "bearer" is the same token.
      for (const authorization of ['bearer s3cret', 'BEARER  s3cret']) {
        const lower = new Client({ name: 'test', version: '1.0.0' });
        await lower.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization } } }));
        expect((await lower.listTools()).tools, authorization).toHaveLength(8);
        await lower.close();
      }
      // fetch() will not send a forged Host header; node:http will, as a rebinding attacker's browser effectively does.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const headers = { authorization: 'Bearer s3cret', host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
        const forged = request(http.url, { method: 'POST', headers }, (response) => resolve(response.statusCode));
        forged.on('error', reject);
        forged.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      });
      expect(status).toBe(403);
    } finally {
      await http.close();
    }
  });

  it('refuses the browser attack paths of the HTTP API too: a foreign Host or Origin, and a body that is not JSON', async () => {
    const http = await serveMcpHttp({ createServer: () => createMcpServer(options()) });
    const port = new URL(http.url).port;
    const send = (headers: Record<string, string>) =>
      new Promise<number | undefined>((resolve, reject) => {
        const all = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers };
        const outgoing = request(http.url, { method: 'POST', headers: all }, (response) => {
          response.resume();
          resolve(response.statusCode);
        });
        outgoing.on('error', reject);
        outgoing.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      });
    try {
      expect(await send({ host: `evil.com:${port}` })).toBe(403);
      expect(await send({ origin: 'http://evil.com' })).toBe(403);
      expect(await send({ 'sec-fetch-site': 'cross-site' })).toBe(403);
      expect(await send({ 'content-type': 'text/plain' })).toBe(415);
      // The same request from a non-browser client on loopback is answered.
      expect(await send({})).toBe(200);
      expect(await send({ host: `localhost:${port}` })).toBe(200);
    } finally {
      await http.close();
    }
  });
});

describe('what the MCP HTTP server reads', () => {
  it('refuses a body over 1 MiB (413), a batch of more than 64 messages or none and a body that is not JSON (400), and still answers a small batch', async () => {
    const http = await serveMcpHttp({ createServer: () => createMcpServer(options()) });
    const post = async (body: string) => {
      const response = await fetch(http.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    try {
      const before = (await memory.stats()).total;
      const store = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'store_memory', arguments: { content: `batched ${id}` } } });
      expect(await post(JSON.stringify(Array.from({ length: 65 }, (_, id) => store(id))))).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('at most 64') } } });
      expect((await memory.stats()).total).toBe(before);
      expect((await post(JSON.stringify({ ...list(1), padding: 'x'.repeat(1024 * 1024) }))).status).toBe(413);
      expect(await post('{"jsonrpc":')).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('not JSON') } } });
      // JSON-RPC 2.0: an empty batch is an invalid request (it was a 202 with no body, as for notifications).
      expect(await post('[]')).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('empty batch') } } });
      const small = await post(JSON.stringify([list(1), list(2)]));
      expect(small.status).toBe(200);
      expect((small.body as { id: number }[]).map((reply) => reply.id).sort()).toEqual([1, 2]);
    } finally {
      await http.close();
    }
  });
});

describe('a failure nobody anticipated in the MCP HTTP server', () => {
  it("is a 500 in fixed words; the error's own, naming a private path, goes to stderr", async () => {
    const { stdout, stderr } = await runScript('mcp-http-unexpected-error.ts', []);
    expect(JSON.parse(stdout.trim())).toEqual({ status: 500, body: { jsonrpc: '2.0', error: { code: -32001, message: 'Internal server error' }, id: null } });
    expect(stdout).not.toContain('/home/ada');
    expect(stderr).toContain('[hippocampus mcp]');
    expect(stderr).toContain('/home/ada/private/mcp.json');
  });
});

describe('what the MCP stdio server reads', () => {
  it('answers a line that is not JSON (-32700) or not a JSON-RPC message (-32600) with an error, id null, and goes on serving', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const lines = createInterface({ input: stdout });
    const answers: unknown[] = [];
    lines.on('line', (line) => answers.push(JSON.parse(line)));
    const { closed } = await serveMcpStdio(createMcpServer(options()), { stdin, stdout });
    const answered = async (count: number) => {
      for (let waited = 0; answers.length < count && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      return answers.splice(0, count);
    };
    // Each was dropped without a word: a host waiting for its answer (a batch, a truncated line) waited forever.
    for (const line of ['{"jsonrpc":"2.0","id":1,"method":"tools/list"', '[{"jsonrpc":"2.0","id":2,"method":"tools/list"}]', 'null', '{"jsonrpc":"1.0","id":3,"method":"tools/list"}']) {
      stdin.write(`${line}\n`);
      const [answer] = await answered(1);
      expect(answer, line).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: line.endsWith('"tools/list"') ? -32700 : -32600 } });
    }
    stdin.write('{"jsonrpc":"2.0","id":4,"method":"tools/list"}\n');
    expect(await answered(1)).toMatchObject([{ id: 4, result: { tools: expect.any(Array) } }]);
    stdin.end();
    await closed;
  });

  it('stops with PAYLOAD_TOO_LARGE on a line over 10 MiB, where it stopped without a word and `hippocampus mcp` exited 0', async () => {
    const stdin = new PassThrough();
    const { closed } = await serveMcpStdio(createMcpServer(options()), { stdin, stdout: new PassThrough() });
    stdin.write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"store_memory","arguments":{"content":"${'x'.repeat(MCP_STDIO_LINE_LIMIT_BYTES)}`);
    await expect(closed).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining(`over ${MCP_STDIO_LINE_LIMIT_BYTES} bytes`) });
  });
});

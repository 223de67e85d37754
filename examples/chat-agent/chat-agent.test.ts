import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../../src/memory/hippocampus.ts';
import { createOpenAICompatibleChat } from '../../src/providers/index.ts';
import { createHashEmbedder } from '../../src/testing/hash-embedder.ts';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../../src/testing/openai-compatible-server.ts';
import { createTempHome } from '../../src/testing/temp-home.ts';
import { createChatAgent } from './chat-agent.ts';

let server: OpenAICompatibleServer;
let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
beforeAll(async () => {
  server = await startOpenAICompatibleServer();
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'chat', embedder: createHashEmbedder() });
});
afterAll(async () => {
  await memory.stop();
  await server.close();
  home.cleanup();
});

describe('the example chat agent', () => {
  it('remembers an exchange and brings it into the prompt of a later, related question', async () => {
    server.script({ type: 'chat', content: 'Lisbon is lovely. Noted!' });
    const agent = createChatAgent({ memory, llm: createOpenAICompatibleChat({ baseURL: server.apiBaseURL, model: 'loopback-model', maxRetries: 0 }) });
    const first = await agent.reply('I moved to Lisbon last month.');
    expect(first.system).toContain('(none)');
    // A fresh agent (new process, same memory): only long-term memory can carry Lisbon over.
    const later = createChatAgent({ memory, llm: createOpenAICompatibleChat({ baseURL: server.apiBaseURL, model: 'loopback-model', maxRetries: 0 }) });
    const second = await later.reply('Any cafe tips for Lisbon?');
    expect(second.text).toBe('echo: Any cafe tips for Lisbon?');
    const bodies = server.bodies() as { model: string; messages: { role: string; content: string }[] }[];
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.model).toBe('loopback-model');
    expect(bodies[1]!.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('[chat] User: I moved to Lisbon last month. Assistant: Lisbon is lovely. Noted!') });
    expect(bodies[1]!.messages).toHaveLength(2);
  });
});

describe('the example as a program (examples/chat-agent/main.ts)', () => {
  const main = new URL('./main.ts', import.meta.url).pathname;
  // Asynchronous: the loopback server answering the child lives in this process.
  const run = (input: string, env: Record<string, string>) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, HIPPOCAMPUS_HOME: home.home, CHAT_AGENT: 'piped', ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(input);
    });

  it('answers piped input line by line and stores every exchange', async () => {
    const result = await run('I moved to Lisbon last month.\n\nAny cafe tips for where I live?\n', { CHAT_BASE_URL: server.apiBaseURL, CHAT_MODEL: 'loopback-model' });
    expect(result.stderr).not.toContain('ERR_USE_AFTER_CLOSE');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('bot> echo: I moved to Lisbon last month.');
    expect(result.stdout).toContain('bot> echo: Any cafe tips for where I live?');
    const stored = await createHippocampus({ home: home.home, agentId: 'piped' });
    try {
      const contents = (await stored.recall({ limit: 10 })).map((record) => record.content).join('\n');
      expect(contents).toContain('I moved to Lisbon last month.');
      expect(contents).toContain('Any cafe tips for where I live?');
    } finally {
      await stored.stop();
    }
  });

  it('without an endpoint it says so in one line and exits 1', async () => {
    const result = await run('hello\n', { CHAT_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^error \[[A-Z_]+\]: .*is an OpenAI-compatible server such as Ollama answering at http:\/\/127\.0\.0\.1:9\/v1/);
  });
});

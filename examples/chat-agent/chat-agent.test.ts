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

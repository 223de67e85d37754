import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAICompatibleChat } from '../providers/openai-compatible/chat.ts';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../testing/openai-compatible-server.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { appendLines, openTestMemory } from './live-test-helpers.ts';
import { createLiveWatcher } from './live-watcher.ts';
import { createLlmAnalyzer } from './llm-analyzer.ts';
import { createTranscriptSource } from './transcript-source.ts';

let server: OpenAICompatibleServer;
beforeAll(async () => {
  server = await startOpenAICompatibleServer();
});
afterAll(async () => server.close());

describe('LLM live analyzer', () => {
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('makes one schema-bound call per batch and keeps only memories of messages in it', async () => {
    const temp = createTempHome();
    const file = path.join(temp.home, 'chat.jsonl');
    appendLines(file, [
      { id: 'a', role: 'user', content: 'hey', timestamp: 1 },
      { id: 'b', role: 'user', content: 'I prefer green tea, and remember my sister is called Anika.', timestamp: 2 },
    ]);
    server.script({
      type: 'chat',
      content: JSON.stringify({
        memories: [
          { messageId: 'b', domain: 'user', category: 'preference', content: 'User prefers green tea', importance: 0.8, keywords: ['tea'] },
          { messageId: 'b', domain: 'world', category: 'person', content: "User's sister is called Anika", importance: 0.9, keywords: ['anika'] },
          { messageId: 'zzz', domain: 'user', category: 'fact', content: 'Invented', importance: 0.5, keywords: [] },
        ],
      }),
    });
    const memory = await openTestMemory(temp.home);
    const llm = createOpenAICompatibleChat({ baseURL: server.apiBaseURL, model: 'small', maxRetries: 0 });
    const [report] = await createLiveWatcher({ memory, source: createTranscriptSource({ file }), analyzer: createLlmAnalyzer({ llm }) }).runOnce();
    expect(server.requests).toHaveLength(1);
    const body = server.bodies()[0] as { response_format: { json_schema: { name: string } }; messages: { content: string }[] };
    expect(body.response_format.json_schema.name).toBe('live_memories');
    expect(body.messages.at(-1)!.content).toContain('"id":"b"');
    expect(report!.created).toHaveLength(2);
    const rows = await memory.store.query({ agentId: 'ada' }, { orderBy: 'importance' });
    expect(rows.map((row) => [row.domain, row.content, row.importance])).toEqual([
      ['world', "User's sister is called Anika", 0.9],
      ['user', 'User prefers green tea', 0.8],
    ]);
    await memory.stop();
    temp.cleanup();
  });

  it('leaves the watermark where it was when the model fails, so the batch is analyzed again', async () => {
    const temp = createTempHome();
    const file = path.join(temp.home, 'chat.jsonl');
    appendLines(file, [{ id: 'a', role: 'user', content: 'I prefer green tea.', timestamp: 1 }]);
    server.script({ type: 'chat', content: 'no' }, { type: 'chat', content: 'still no' });
    const memory = await openTestMemory(temp.home);
    const llm = createOpenAICompatibleChat({ baseURL: server.apiBaseURL, model: 'small', maxRetries: 0 });
    const watcher = createLiveWatcher({ memory, source: createTranscriptSource({ file }), analyzer: createLlmAnalyzer({ llm }) });
    await expect(watcher.runOnce()).rejects.toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID' });
    server.script({ type: 'chat', content: '{"memories":[{"messageId":"a","domain":"user","category":"preference","content":"User prefers green tea","importance":0.8,"keywords":["tea"]}]}' });
    expect((await watcher.runOnce()).map((report) => report.created.length)).toEqual([1]);
    await memory.stop();
    temp.cleanup();
  });
});

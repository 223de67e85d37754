import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { createAnthropicChat } from '../providers/anthropic/anthropic-chat.ts';
import { createOpenAICompatibleChat } from '../providers/openai-compatible/chat.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import { startAnthropicServer, type AnthropicServer } from '../testing/anthropic-server.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../testing/openai-compatible-server.ts';
import { eachTestEngine } from '../testing/temp-engine.ts';

let openai: OpenAICompatibleServer;
let anthropic: AnthropicServer;
let memory: Hippocampus;

beforeAll(async () => {
  openai = await startOpenAICompatibleServer();
  anthropic = await startAnthropicServer({ apiKey: 'sk-ant-test' });
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), async (opened) => {
  ({ memory } = opened);
  // "User lives in Berlin" vs "User lives in Lisbon" is ≈0.8 for the hash embedder: inside the
  // fallback ambiguous band (0.5–0.97), so the LLM classifier has to decide.
  await memory.rememberMany([{ type: 'observation', kind: 'fact', content: 'User lives in Berlin', intensity: 0.6 }], { longTerm: true });
  openai.requests.length = 0;
  anthropic.requests.length = 0;
});

const rememberFacts = (llm: Parameters<typeof createHippoTools>[0]['llm'], text: string) => createHippoTools({ memory, llm })[0]!.execute({ text });

describe('remember_facts with an LLM', () => {
  it('OpenAI-compatible: one extraction call (+1 repair of malformed JSON), one classification per ambiguous fact, none for clear ones', async () => {
    openai.script(
      { type: 'chat', content: '{"facts": [{"fact": "User lives in Lisbon", "intensity": 0.7},' }, // cut off: not JSON
      { type: 'chat', content: '{"facts":[{"fact":"User lives in Lisbon","intensity":0.7},{"fact":"User enjoys jazz","intensity":0.3}]}' },
      { type: 'chat', content: '{"relation":"SUPERSEDES","existing":0}' },
    );
    const llm = createOpenAICompatibleChat({ baseURL: openai.apiBaseURL, model: 'small', maxRetries: 0 });
    const result = await rememberFacts(llm, 'Oh, I moved to Lisbon actually. Jazz is nice.');
    expect(result).toMatchObject({ ok: true, data: { summary: 'Learned 2 facts: 1 new (jazz), 1 updated (Lisbon — replaces Berlin)' } });
    expect(openai.requests).toHaveLength(3);
    const bodies = openai.bodies() as { messages: { role: string; content: string }[]; response_format: { json_schema: { name: string } } }[];
    expect(bodies.map((body) => body.response_format.json_schema.name)).toEqual(['extracted_facts', 'extracted_facts', 'fact_relation']);
    expect(bodies[1]!.messages.at(-1)!.content).toMatch(/not valid: it is not parseable JSON/);
    expect(bodies[2]!.messages.at(-1)!.content).toBe('Stored facts:\n0: User lives in Berlin\n\nNew fact: User lives in Lisbon');
    const live = await memory.store.query({ agentId: 'ada' }, { kinds: ['fact'], orderBy: 'id', direction: 'asc' });
    expect(live.map((record) => record.content)).toEqual(['User lives in Lisbon', 'User enjoys jazz']);
  });

  it('a classifier answer naming no real candidate counts as DISTINCT, and two bad answers are an error result that writes nothing', async () => {
    openai.script({ type: 'chat', content: '{"facts":[{"fact":"User lives in Lisbon","intensity":0.7}]}' }, { type: 'chat', content: '{"relation":"DUPLICATE","existing":7}' });
    const llm = createOpenAICompatibleChat({ baseURL: openai.apiBaseURL, model: 'small', maxRetries: 0 });
    expect(await rememberFacts(llm, 'I live in Lisbon.')).toMatchObject({ ok: true, data: { facts: [{ outcome: 'new' }] } });
    const before = await memory.store.count({ agentId: 'ada' }, { includeSuperseded: true });
    openai.script({ type: 'chat', content: 'sorry' }, { type: 'chat', content: '{"facts":"none"}' });
    expect(await rememberFacts(llm, 'I live in Porto.')).toMatchObject({ ok: false, error: { code: 'PROVIDER_RESPONSE_INVALID' } });
    expect(await memory.store.count({ agentId: 'ada' }, { includeSuperseded: true })).toBe(before);
    expect(openai.requests).toHaveLength(4);
  });

  it('Anthropic: extraction and classification through forced tool calls, same call budget', async () => {
    anthropic.script(
      { type: 'tool-input', input: { facts: [{ fact: 'User lives in Lisbon', intensity: 0.7 }] } },
      { type: 'tool-input', input: { relation: 'SUPERSEDES', existing: 0 } },
    );
    const llm = createAnthropicChat({ apiKey: 'sk-ant-test', model: 'claude-test', baseURL: anthropic.apiBaseURL, maxRetries: 0 });
    expect(await rememberFacts(llm, 'I moved to Lisbon.')).toMatchObject({ ok: true, data: { summary: 'Learned 1 fact: 1 updated (Lisbon — replaces Berlin)' } });
    expect(anthropic.requests).toHaveLength(2);
  });
});

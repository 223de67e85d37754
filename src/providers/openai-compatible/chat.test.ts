import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../../testing/openai-compatible-server.ts';
import { generateJson } from '../generate-json.ts';
import { createOpenAICompatibleChat } from './chat.ts';

let server: OpenAICompatibleServer;
beforeAll(async () => {
  server = await startOpenAICompatibleServer({ apiKey: 'sk-chat' });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const create = (overrides: Partial<Parameters<typeof createOpenAICompatibleChat>[0]> = {}) =>
  createOpenAICompatibleChat({ baseURL: server.apiBaseURL, apiKey: 'sk-chat', model: 'chat-small', maxRetries: 1, ...overrides });

const Person = z.object({ name: z.string(), age: z.number().int() });

describe('createOpenAICompatibleChat', () => {
  it('sends the conversation to /chat/completions and maps text, finish reason and usage', async () => {
    const result = await create().doGenerate({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello to Ada' },
      ],
      maxTokens: 50,
      temperature: 0,
    });
    expect(result).toEqual({ text: 'echo: Say hello to Ada', finishReason: 'stop', usage: { inputTokens: 6, outputTokens: 5 } });
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-chat');
    expect(server.bodies()[0]).toEqual({
      model: 'chat-small',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello to Ada' },
      ],
      max_tokens: 50,
      temperature: 0,
    });
  });

  it('asks for strict json_schema output when a schema is given', async () => {
    server.script({ type: 'chat', content: '{"name":"Ada","age":36}' });
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false };
    const result = await create().doGenerate({ messages: [{ role: 'user', content: 'Who?' }], jsonSchema: { name: 'person card', schema } });
    expect(result.text).toBe('{"name":"Ada","age":36}');
    expect(server.bodies()[0]?.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'person_card', schema, strict: true } });
  });

  it('reports zero usage when the server sends none', async () => {
    server.script({ type: 'chat', content: 'hi', usage: null });
    expect((await create().doGenerate({ messages: [{ role: 'user', content: 'x' }] })).usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it('turns a refusal (null content) into PROVIDER_RESPONSE_INVALID quoting it', async () => {
    server.script({ type: 'chat', content: null });
    await expect(create().doGenerate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow(/refused: I cannot help/);
  });

  it('retries a 429 then succeeds; a 500 storm ends in a typed error', async () => {
    server.script({ type: 'status', status: 429, retryAfter: '0' });
    expect((await create().doGenerate({ messages: [{ role: 'user', content: 'again' }] })).text).toBe('echo: again');
    server.script({ type: 'status', status: 500 }, { type: 'status', status: 500 });
    await expect(create().doGenerate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ code: 'PROVIDER_HTTP_ERROR', status: 500 });
  });

  it('times out as PROVIDER_TIMEOUT and reports malformed JSON as PROVIDER_RESPONSE_INVALID', async () => {
    server.script({ type: 'delay', ms: 1000 });
    await expect(create({ timeoutMs: 100, maxRetries: 0 }).doGenerate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'PROVIDER_TIMEOUT',
    });
    server.script({ type: 'malformed-json' });
    await expect(create().doGenerate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID' });
  });
});

describe('generateJson over the OpenAI-compatible chat', () => {
  it('returns the validated value on the first good answer', async () => {
    server.script({ type: 'chat', content: '{"name":"Ada","age":36}', usage: { prompt_tokens: 10, completion_tokens: 4 } });
    const result = await generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] });
    expect(result).toEqual({ value: { name: 'Ada', age: 36 }, usage: { inputTokens: 10, outputTokens: 4 }, attempts: 1 });
    const format = server.bodies()[0]?.response_format as { json_schema: { schema: Record<string, unknown> } };
    expect(format.json_schema.schema).toMatchObject({ type: 'object', required: ['name', 'age'], additionalProperties: false });
    expect(format.json_schema.schema.$schema).toBeUndefined();
  });

  it('repairs malformed JSON with one retry that shows the model its answer and the error', async () => {
    server.script(
      { type: 'chat', content: '{"name": "Ada", "age": ', usage: { prompt_tokens: 10, completion_tokens: 5 } },
      { type: 'chat', content: '{"name":"Ada","age":36}', usage: { prompt_tokens: 30, completion_tokens: 4 } },
    );
    const result = await generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] });
    expect(result).toEqual({ value: { name: 'Ada', age: 36 }, usage: { inputTokens: 40, outputTokens: 9 }, attempts: 2 });
    const repairMessages = server.bodies()[1]?.messages as { role: string; content: string }[];
    expect(repairMessages).toHaveLength(3);
    expect(repairMessages[1]).toEqual({ role: 'assistant', content: '{"name": "Ada", "age": ' });
    expect(repairMessages[2]?.role).toBe('user');
    expect(repairMessages[2]?.content).toContain('not parseable JSON');
  });

  it('names the failing field in the repair request when the JSON is valid but wrong', async () => {
    server.script({ type: 'chat', content: '{"name":"Ada","age":"old"}' }, { type: 'chat', content: '{"name":"Ada","age":36}' });
    await generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] });
    const repairMessages = server.bodies()[1]?.messages as { content: string }[];
    expect(repairMessages[2]?.content).toMatch(/age: .*number/);
  });

  it('gives up after exactly one repair with PROVIDER_RESPONSE_INVALID', async () => {
    server.script({ type: 'chat', content: 'not json' }, { type: 'chat', content: 'still not json' });
    await expect(
      generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] }),
    ).rejects.toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID', provider: 'openai-compatible' });
    // A second repair would be a third request (answered with the non-JSON default echo).
    expect(server.requests).toHaveLength(2);
  });
});

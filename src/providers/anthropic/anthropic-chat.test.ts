import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HippocampusError } from '../../errors/index.ts';
import { startAnthropicServer, type AnthropicServer } from '../../testing/anthropic-server.ts';
import { generateJson } from '../generate-json.ts';
import { createAnthropicChat } from './anthropic-chat.ts';

let server: AnthropicServer;
beforeAll(async () => {
  server = await startAnthropicServer({ apiKey: 'sk-ant-test' });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const create = (overrides: Partial<Parameters<typeof createAnthropicChat>[0]> = {}) =>
  createAnthropicChat({ apiKey: 'sk-ant-test', model: 'claude-test', baseURL: server.apiBaseURL, maxRetries: 1, ...overrides });

const Person = z.object({ name: z.string(), age: z.number().int() });

describe('createAnthropicChat', () => {
  it('speaks the Messages API: key and version headers, system split out, max_tokens always sent', async () => {
    const result = await create().doGenerate({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Say hello to Ada' },
      ],
      temperature: 0.2,
    });
    expect(result).toEqual({ text: 'echo: Say hello to Ada', finishReason: 'end_turn', usage: { inputTokens: 8, outputTokens: 5 } });
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('sk-ant-test');
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.headers.authorization).toBeUndefined();
    expect(server.bodies()[0]).toEqual({
      model: 'claude-test',
      max_tokens: 4096,
      system: 'Be brief.\n\nBe kind.',
      messages: [{ role: 'user', content: 'Say hello to Ada' }],
      temperature: 0.2,
    });
  });

  it('uses the per-call maxTokens over the default', async () => {
    await create({ maxTokens: 100 }).doGenerate({ messages: [{ role: 'user', content: 'x' }], maxTokens: 12 });
    expect(server.bodies()[0]?.max_tokens).toBe(12);
  });

  it('counts cached prompt tokens as input', async () => {
    server.script({ type: 'text', text: 'ok', usage: { input_tokens: 5, output_tokens: 2, cache_creation_input_tokens: 100, cache_read_input_tokens: 50 } });
    expect((await create().doGenerate({ messages: [{ role: 'user', content: 'x' }] })).usage).toEqual({ inputTokens: 155, outputTokens: 2 });
  });

  it('asks for JSON through a forced tool call and returns the tool input as JSON text', async () => {
    server.script({ type: 'tool-input', input: { name: 'Ada', age: 36 } });
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const result = await create().doGenerate({ messages: [{ role: 'user', content: 'Who?' }], jsonSchema: { name: 'person card', schema } });
    expect(JSON.parse(result.text)).toEqual({ name: 'Ada', age: 36 });
    expect(result.finishReason).toBe('tool_use');
    const body = server.bodies()[0]!;
    expect(body.tools).toEqual([expect.objectContaining({ name: 'person_card', input_schema: schema })]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'person_card' });
  });

  it('wraps a non-object schema in an object, since tool inputs must be objects, and unwraps the answer', async () => {
    server.script({ type: 'tool-input', input: { value: ['a', 'b'] } });
    const schema = { type: 'array', items: { type: 'string' } };
    const result = await create().doGenerate({ messages: [{ role: 'user', content: 'List' }], jsonSchema: { name: 'list', schema } });
    expect(JSON.parse(result.text)).toEqual(['a', 'b']);
    expect((server.bodies()[0]?.tools as { input_schema: unknown }[])[0]?.input_schema).toMatchObject({ type: 'object', properties: { value: schema } });
  });

  it('fails with MISSING_API_KEY at construction when there is no key', () => {
    const attempt = () => createAnthropicChat({ apiKey: '', model: 'claude-test', baseURL: server.apiBaseURL });
    expect(attempt).toThrow(HippocampusError);
    expect(attempt).toThrow(/ANTHROPIC_API_KEY/);
  });

  it('rejects a wrong key without retrying or echoing the key', async () => {
    const error = await create({ apiKey: 'sk-ant-wrong-secret' })
      .doGenerate({ messages: [{ role: 'user', content: 'x' }] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PROVIDER_HTTP_ERROR', status: 401 });
    expect((error as Error).message).not.toContain('sk-ant-wrong-secret');
    expect(server.requests).toHaveLength(1);
  });

  it('retries an overloaded 529 and then succeeds; reports malformed JSON and timeouts typed', async () => {
    server.script({ type: 'status', status: 529, retryAfter: '0' });
    expect((await create().doGenerate({ messages: [{ role: 'user', content: 'again' }] })).text).toBe('echo: again');
    server.script({ type: 'malformed-json' });
    await expect(create().doGenerate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID' });
    server.script({ type: 'delay', ms: 1000 });
    await expect(create({ timeoutMs: 100, maxRetries: 0 }).doGenerate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'PROVIDER_TIMEOUT',
    });
  });

  it('refuses a conversation with only a system prompt before calling', async () => {
    await expect(create().doGenerate({ messages: [{ role: 'system', content: 'x' }] })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('generateJson over Anthropic', () => {
  it('returns the validated tool input', async () => {
    server.script({ type: 'tool-input', input: { name: 'Ada', age: 36 }, usage: { input_tokens: 20, output_tokens: 6 } });
    const result = await generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] });
    expect(result).toEqual({ value: { name: 'Ada', age: 36 }, usage: { inputTokens: 20, outputTokens: 6 }, attempts: 1 });
  });

  it('repairs an invalid tool input once, summing usage', async () => {
    server.script(
      { type: 'tool-input', input: { name: 'Ada' }, usage: { input_tokens: 20, output_tokens: 3 } },
      { type: 'tool-input', input: { name: 'Ada', age: 36 }, usage: { input_tokens: 40, output_tokens: 6 } },
    );
    const result = await generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] });
    expect(result).toEqual({ value: { name: 'Ada', age: 36 }, usage: { inputTokens: 60, outputTokens: 9 }, attempts: 2 });
    const repair = server.bodies()[1]?.messages as { role: string; content: string }[];
    expect(repair.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(repair[1]?.content).toBe('{"name":"Ada"}');
    expect(repair[2]?.content).toContain('age');
  });

  it('repairs a model that answered in prose instead of calling the tool', async () => {
    server.script({ type: 'text', text: 'Ada is 36.' }, { type: 'tool-input', input: { name: 'Ada', age: 36 } });
    const result = await generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] });
    expect(result.attempts).toBe(2);
  });

  it('throws PROVIDER_RESPONSE_INVALID when the repair fails too', async () => {
    server.script({ type: 'tool-input', input: { age: 'x' } }, { type: 'tool-input', input: { age: 'still x' } });
    await expect(
      generateJson({ llm: create(), name: 'person', schema: Person, messages: [{ role: 'user', content: 'Who?' }] }),
    ).rejects.toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID', provider: 'anthropic' });
    expect(server.requests).toHaveLength(2);
  });
});

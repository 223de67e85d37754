import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../testing/openai-compatible-server.ts';
import { generateJson } from './generate-json.ts';
import { createOpenAICompatibleChat } from './openai-compatible/chat.ts';

let server: OpenAICompatibleServer;
beforeAll(async () => {
  server = await startOpenAICompatibleServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const llm = () => createOpenAICompatibleChat({ baseURL: server.apiBaseURL, model: 'json-model', maxRetries: 0 });
const Tags = z.object({ tags: z.array(z.string()).max(3) });
const ask = [{ role: 'user' as const, content: 'Tag this.' }];

describe('generateJson', () => {
  it('accepts JSON wrapped in a markdown code fence without a repair round trip', async () => {
    server.script({ type: 'chat', content: '```json\n{"tags":["a","b"]}\n```' });
    const result = await generateJson({ llm: llm(), schema: Tags, name: 'tags', messages: ask });
    expect(result.value).toEqual({ tags: ['a', 'b'] });
    expect(result.attempts).toBe(1);
  });

  it('validates constraints, not only types, and repairs them', async () => {
    server.script({ type: 'chat', content: '{"tags":["a","b","c","d"]}' }, { type: 'chat', content: '{"tags":["a"]}' });
    const result = await generateJson({ llm: llm(), schema: Tags, name: 'tags', messages: ask });
    expect(result).toMatchObject({ value: { tags: ['a'] }, attempts: 2 });
    const repair = (server.bodies()[1]?.messages as { content: string }[])[2]?.content;
    expect(repair).toContain('tags');
  });

  it('passes maxTokens and temperature through on both calls', async () => {
    server.script({ type: 'chat', content: 'nope' }, { type: 'chat', content: '{"tags":[]}' });
    await generateJson({ llm: llm(), schema: Tags, name: 'tags', messages: ask, maxTokens: 77, temperature: 0.1 });
    for (const body of server.bodies()) expect(body).toMatchObject({ max_tokens: 77, temperature: 0.1 });
  });

  it('does not treat a transport failure as a bad answer to repair', async () => {
    server.script({ type: 'status', status: 400 });
    await expect(generateJson({ llm: llm(), schema: Tags, name: 'tags', messages: ask })).rejects.toMatchObject({ code: 'PROVIDER_HTTP_ERROR' });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a schema that JSON Schema cannot express, before calling the model', async () => {
    const Dated = z.object({ when: z.date() });
    await expect(generateJson({ llm: llm(), schema: Dated, name: 'dated', messages: ask })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(server.requests).toHaveLength(0);
  });
});

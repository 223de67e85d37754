import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HippocampusError } from '../../errors/index.ts';
import { runEmbedderContract } from '../../testing/embedder-contract.ts';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../../testing/openai-compatible-server.ts';
import { createOpenAICompatibleEmbedder } from './openai-compatible-embedder.ts';

const contractServer = await startOpenAICompatibleServer({ dimensions: 24, reverseEmbeddingOrder: true, unnormalized: true });
afterAll(() => contractServer.close());

runEmbedderContract({
  name: 'openai-compatible (loopback server)',
  create: () => createOpenAICompatibleEmbedder({ baseURL: contractServer.apiBaseURL, model: 'loopback-embed', dimensions: 24, maxBatchSize: 3 }),
});

describe('createOpenAICompatibleEmbedder', () => {
  let server: OpenAICompatibleServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimensions: 16, apiKey: 'sk-test-key' });
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
  });

  const create = (overrides: Partial<Parameters<typeof createOpenAICompatibleEmbedder>[0]> = {}) =>
    createOpenAICompatibleEmbedder({ baseURL: server.apiBaseURL, apiKey: 'sk-test-key', model: 'embed-small', dimensions: 16, maxRetries: 2, ...overrides });

  it('posts the model and texts to {baseURL}/embeddings with the bearer key and custom headers', async () => {
    const { embeddings } = await create({ headers: { 'x-team': 'memory' } }).doEmbed({ values: ['hello there', 'general kenobi'] });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/v1/embeddings');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test-key');
    expect(server.requests[0]?.headers['x-team']).toBe('memory');
    expect(server.bodies()[0]).toEqual({ model: 'embed-small', input: ['hello there', 'general kenobi'] });
    const expected = await createHashEmbedder({ dimensions: 16 }).doEmbed({ values: ['hello there', 'general kenobi'] });
    expect(embeddings).toEqual(expected.embeddings);
  });

  it('accepts a baseURL with a trailing slash', async () => {
    await create({ baseURL: `${server.apiBaseURL}/` }).doEmbed({ values: ['x'] });
    expect(server.requests[0]?.path).toBe('/v1/embeddings');
  });

  it('splits input into requests of at most maxBatchSize and keeps order across them', async () => {
    const values = ['a', 'b', 'c', 'd', 'e'];
    const { embeddings } = await create({ maxBatchSize: 2 }).doEmbed({ values });
    expect(server.bodies().map((body) => body.input)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(embeddings).toEqual((await createHashEmbedder({ dimensions: 16 }).doEmbed({ values })).embeddings);
  });

  it('sends no request for empty input', async () => {
    expect((await create().doEmbed({ values: [] })).embeddings).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('sends dimensions only when asked to', async () => {
    await create({ requestDimensions: true }).doEmbed({ values: ['x'] });
    expect(server.bodies()[0]).toMatchObject({ dimensions: 16 });
  });

  it('works without an API key against servers that need none', async () => {
    const open = await startOpenAICompatibleServer({ dimensions: 8 });
    try {
      await createOpenAICompatibleEmbedder({ baseURL: open.apiBaseURL, model: 'nomic-embed-text', dimensions: 8 }).doEmbed({ values: ['x'] });
      expect(open.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('retries a 429 and then succeeds', async () => {
    server.script({ type: 'status', status: 429, retryAfter: '0' });
    const { embeddings } = await create().doEmbed({ values: ['retry me'] });
    expect(embeddings).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after repeated 500s with a typed error', async () => {
    server.script(...Array.from({ length: 3 }, () => ({ type: 'status' as const, status: 500 })));
    await expect(create({ maxRetries: 2 }).doEmbed({ values: ['x'] })).rejects.toMatchObject({
      code: 'PROVIDER_HTTP_ERROR',
      status: 500,
      provider: 'openai-compatible',
    });
    expect(server.requests).toHaveLength(3);
  });

  it('turns a stalled server into PROVIDER_TIMEOUT', async () => {
    server.script({ type: 'delay', ms: 1000 });
    await expect(create({ timeoutMs: 100, maxRetries: 0 }).doEmbed({ values: ['x'] })).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });

  it('reports malformed JSON as PROVIDER_RESPONSE_INVALID', async () => {
    server.script({ type: 'malformed-json' });
    await expect(create().doEmbed({ values: ['x'] })).rejects.toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID' });
  });

  it('reports JSON of the wrong shape as PROVIDER_RESPONSE_INVALID naming the field', async () => {
    server.script({ type: 'json', status: 200, body: { data: [{ index: 0, embedding: 'oops' }] } });
    const error = await create().doEmbed({ values: ['x'] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID' });
    expect((error as Error).message).toContain('data.0.embedding');
  });

  it('rejects an answer that misses or repeats an index', async () => {
    server.script({ type: 'json', status: 200, body: { data: [{ index: 0, embedding: new Array(16).fill(0.25) }, { index: 0, embedding: new Array(16).fill(0.25) }] } });
    await expect(create().doEmbed({ values: ['x', 'y'] })).rejects.toMatchObject({ code: 'PROVIDER_RESPONSE_INVALID' });
  });

  it('refuses embeddings of another width with EMBEDDING_DIMENSION_MISMATCH', async () => {
    server.script({ type: 'embedding-dimensions', dimensions: 12 });
    const error = await create().doEmbed({ values: ['x'] }).catch((caught: unknown) => caught);
    expect(HippocampusError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH', expected: 16, actual: 12 });
  });

  it('fails fast on a wrong key without retrying or leaking the key', async () => {
    const error = await create({ apiKey: 'sk-wrong-secret' }).doEmbed({ values: ['x'] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PROVIDER_HTTP_ERROR', status: 401 });
    expect((error as Error).message).not.toContain('sk-wrong-secret');
    expect(server.requests).toHaveLength(1);
  });

  it('rejects invalid options at construction with a typed error', () => {
    expect(() => createOpenAICompatibleEmbedder({ baseURL: 'not a url', model: 'm', dimensions: 8 })).toThrow(/baseURL/);
    expect(() => createOpenAICompatibleEmbedder({ baseURL: server.apiBaseURL, model: 'm', dimensions: 0 })).toThrow(HippocampusError);
  });
});

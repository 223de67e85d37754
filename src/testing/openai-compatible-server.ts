import type { ServerResponse } from 'node:http';
import { createHashEmbedder } from './hash-embedder.ts';
import { countWords, parseJsonBody, sendJson, startScriptedServer, type CommonScriptStep, type ScriptedServer } from './loopback-server.ts';

/** What the next request gets; queued with `server.script(...)`. */
export type OpenAICompatibleScriptStep =
  | CommonScriptStep
  /** A chat completion with this content (null mimics a refusal with no content). */
  | { type: 'chat'; content: string | null; finishReason?: string; usage?: { prompt_tokens: number; completion_tokens: number } | null }
  /** Embeddings of this width instead of the configured one. */
  | { type: 'embedding-dimensions'; dimensions: number };

export interface OpenAICompatibleServerOptions {
  /** Width of the deterministic embeddings. Default 32. */
  dimensions?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Answer embedding items in reverse index order, as some servers may; the client must sort. */
  reverseEmbeddingOrder?: boolean;
  /** Scale vectors to length 3, like servers that do not normalize; the client must. */
  unnormalized?: boolean;
}

export type OpenAICompatibleServer = ScriptedServer<OpenAICompatibleScriptStep>;

/**
 * A loopback server that speaks the OpenAI `/v1/embeddings` and
 * `/v1/chat/completions` protocol, with embeddings derived from the text (the
 * hash embedder) so tests can predict them, and scriptable failures.
 *
 * @example
 * const server = await startOpenAICompatibleServer({ dimensions: 16 });
 * server.script({ type: 'status', status: 429 }, { type: 'delay', ms: 500 });
 * const embedder = createOpenAICompatibleEmbedder({ baseURL: server.apiBaseURL, model: 'm', dimensions: 16 });
 */
export function startOpenAICompatibleServer(options: OpenAICompatibleServerOptions = {}): Promise<OpenAICompatibleServer> {
  return startScriptedServer<OpenAICompatibleScriptStep>({
    refuse(request, response) {
      if (options.apiKey === undefined || request.headers.authorization === `Bearer ${options.apiKey}`) return false;
      // Real servers quote the key they received; clients must not leak it onward.
      const received = request.headers.authorization ?? '(none)';
      sendJson(response, 401, { error: { message: `Incorrect API key provided: ${received}`, type: 'invalid_request_error' } });
      return true;
    },
    async answer(request, response, step) {
      const body = parseJsonBody(request);
      if (body === undefined) return sendJson(response, 400, { error: { message: 'body must be a JSON object' } });
      if (request.method === 'POST' && request.path === '/v1/embeddings') {
        return answerEmbeddings(body, response, options, step?.type === 'embedding-dimensions' ? step.dimensions : undefined);
      }
      if (request.method === 'POST' && request.path === '/v1/chat/completions') {
        return answerChat(body, response, step?.type === 'chat' ? step : undefined);
      }
      sendJson(response, 404, { error: { message: `no route for ${request.method} ${request.path}` } });
    },
  });
}

async function answerEmbeddings(
  body: Record<string, unknown>,
  response: ServerResponse,
  options: OpenAICompatibleServerOptions,
  dimensionsOverride: number | undefined,
): Promise<void> {
  const input = typeof body.input === 'string' ? [body.input] : body.input;
  if (!Array.isArray(input) || !input.every((item) => typeof item === 'string')) {
    return sendJson(response, 400, { error: { message: "'input' must be a string or an array of strings" } });
  }
  const dimensions = dimensionsOverride ?? options.dimensions ?? 32;
  const { embeddings } = await createHashEmbedder({ dimensions }).doEmbed({ values: input });
  const scale = options.unnormalized ? 3 : 1;
  const data = embeddings.map((vector, index) => ({ object: 'embedding', index, embedding: Array.from(vector, (value) => value * scale) }));
  if (options.reverseEmbeddingOrder) data.reverse();
  const tokens = input.reduce((sum, text) => sum + countWords(text), 0);
  sendJson(response, 200, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}

function answerChat(
  body: Record<string, unknown>,
  response: ServerResponse,
  step: Extract<OpenAICompatibleScriptStep, { type: 'chat' }> | undefined,
): void {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  const last = messages.at(-1)?.content;
  const content = step === undefined ? `echo: ${typeof last === 'string' ? last : ''}` : step.content;
  const promptTokens = messages.reduce((sum, message) => sum + countWords(typeof message.content === 'string' ? message.content : ''), 0);
  const usage = step?.usage === undefined ? { prompt_tokens: promptTokens, completion_tokens: countWords(content ?? '') } : step.usage;
  sendJson(response, 200, {
    id: 'chatcmpl-loopback',
    object: 'chat.completion',
    model: body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(content === null ? { refusal: 'I cannot help with that.' } : {}) },
        finish_reason: step?.finishReason ?? 'stop',
      },
    ],
    ...(usage === null ? {} : { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  });
}

import { z } from 'zod';
import { ProviderError } from '../../errors/index.ts';
import type { LlmClient, LlmGenerateInput } from '../../spec/llm-client.ts';
import { connectionOptionsSchema, endpoint } from '../http/connection-options.ts';
import { postJsonWithRetry, type FetchFunction } from '../http/fetch-with-retry.ts';
import { parseResponse } from '../http/parse-response.ts';
import { parseOptions } from '../parse-options.ts';
import { schemaName } from '../schema-name.ts';
import { bearerHeaders } from './headers.ts';

const PROVIDER = 'openai-compatible';

export interface OpenAICompatibleChatOptions {
  /** Up to and including the API version, e.g. 'https://api.openai.com/v1'. */
  baseURL: string;
  /** Sent as `Authorization: Bearer …` when present; local servers need none. */
  apiKey?: string;
  model: string;
  fetch?: FetchFunction;
  /** Per request attempt. Default 60 000 ms. */
  timeoutMs?: number;
  /** Default 2. */
  maxRetries?: number;
  headers?: Record<string, string>;
}

const optionsSchema = connectionOptionsSchema.extend({ model: z.string().min(1) });

const chatResponseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});

/**
 * An LlmClient for any server that speaks OpenAI's `POST /chat/completions`.
 * With `jsonSchema` it asks for structured output (`response_format:
 * json_schema`, strict), which OpenAI, vLLM, Ollama and LM Studio honour.
 * Usage is mapped to `{ inputTokens, outputTokens }`; servers that omit it report zeros.
 *
 * @example
 * const llm = createOpenAICompatibleChat({ baseURL: 'https://api.openai.com/v1', apiKey, model: 'gpt-4o-mini' });
 * const { text, usage } = await llm.doGenerate({ messages: [{ role: 'user', content: 'Say hi' }] });
 */
export function createOpenAICompatibleChat(options: OpenAICompatibleChatOptions): LlmClient {
  const settings = parseOptions(optionsSchema, options, 'createOpenAICompatibleChat');
  const url = endpoint(settings.baseURL, 'chat/completions');
  return {
    provider: PROVIDER,
    modelId: settings.model,
    async doGenerate(input) {
      const { value } = await postJsonWithRetry({
        provider: PROVIDER,
        url,
        body: requestBody(settings.model, input),
        headers: bearerHeaders(settings.apiKey, settings.headers),
        fetch: settings.fetch,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
        abortSignal: input.abortSignal,
      });
      const response = parseResponse(chatResponseSchema, value, PROVIDER, 'chat completion');
      const choice = response.choices[0]!;
      if (choice.message.content === null || choice.message.content === undefined) {
        const refusal = choice.message.refusal ? `the model refused: ${choice.message.refusal}` : 'the answer has no content';
        throw new ProviderError({ code: 'PROVIDER_RESPONSE_INVALID', provider: PROVIDER, message: refusal });
      }
      return {
        text: choice.message.content,
        finishReason: choice.finish_reason ?? 'unknown',
        usage: { inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: response.usage?.completion_tokens ?? 0 },
      };
    },
  };
}

function requestBody(model: string, input: LlmGenerateInput): Record<string, unknown> {
  return {
    model,
    messages: input.messages.map(({ role, content }) => ({ role, content })),
    // `max_tokens`, not `max_completion_tokens`: the older name is the one every compatible server accepts.
    ...(input.maxTokens === undefined ? {} : { max_tokens: input.maxTokens }),
    ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
    ...(input.jsonSchema === undefined
      ? {}
      : {
          response_format: {
            type: 'json_schema',
            json_schema: { name: schemaName(input.jsonSchema.name), schema: input.jsonSchema.schema, strict: true },
          },
        }),
  };
}

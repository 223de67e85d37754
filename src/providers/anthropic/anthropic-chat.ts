import { z } from 'zod';
import { HippocampusError, ProviderError, ValidationError } from '../../errors/index.ts';
import type { LlmClient, LlmGenerateInput, LlmUsage } from '../../spec/llm-client.ts';
import { connectionOptionsSchema, endpoint } from '../http/connection-options.ts';
import { postJsonWithRetry, type FetchFunction } from '../http/fetch-with-retry.ts';
import { parseResponse } from '../http/parse-response.ts';
import { parseOptions } from '../parse-options.ts';
import { schemaName } from '../schema-name.ts';

const PROVIDER = 'anthropic';
const ANTHROPIC_VERSION = '2023-06-01';

export interface AnthropicChatOptions {
  /** Required by the Messages API; the config layer resolves it from ANTHROPIC_API_KEY. */
  apiKey: string;
  model: string;
  /** Default 'https://api.anthropic.com/v1'. */
  baseURL?: string;
  fetch?: FetchFunction;
  /** Per request attempt. Default 60 000 ms. */
  timeoutMs?: number;
  /** Default 2. */
  maxRetries?: number;
  headers?: Record<string, string>;
  /** Used when a call gives no maxTokens; the API has no default of its own. Default 4096. */
  maxTokens?: number;
}

const optionsSchema = connectionOptionsSchema.extend({
  model: z.string().min(1),
  maxTokens: z.number().int().positive().optional(),
});

const messagesResponseSchema = z.object({
  content: z.array(z.object({ type: z.string(), text: z.string().optional(), name: z.string().optional(), input: z.unknown().optional() })),
  stop_reason: z.string().nullish(),
  usage: z.object({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_creation_input_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
  }),
});

/** The property a non-object schema is wrapped in, since tool inputs must be objects. */
const WRAPPED_VALUE = 'value';

/**
 * An LlmClient for Anthropic's Messages API. System messages move to the
 * top-level `system` field, `max_tokens` is always sent, and a `jsonSchema`
 * becomes a forced tool call whose input is returned as JSON text: tool inputs
 * are schema-constrained, which plain text answers are not.
 *
 * @example
 * const llm = createAnthropicChat({ apiKey, model: 'claude-haiku-4-5' });
 * const { text, usage } = await llm.doGenerate({
 *   messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Say hi' }],
 * });
 */
export function createAnthropicChat(options: AnthropicChatOptions): LlmClient {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new HippocampusError({
      code: 'MISSING_API_KEY',
      message: 'createAnthropicChat needs `apiKey` (usually from the ANTHROPIC_API_KEY environment variable)',
      details: { option: 'apiKey', variable: 'ANTHROPIC_API_KEY' },
    });
  }
  const settings = parseOptions(optionsSchema, { ...options, baseURL: options.baseURL ?? 'https://api.anthropic.com/v1' }, 'createAnthropicChat');
  const url = endpoint(settings.baseURL, 'messages');
  return {
    provider: PROVIDER,
    modelId: settings.model,
    async doGenerate(input) {
      const request = requestBody(settings.model, input, settings.maxTokens ?? 4096);
      const { value } = await postJsonWithRetry({
        provider: PROVIDER,
        url,
        body: request.body,
        headers: { ...settings.headers, 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        fetch: settings.fetch,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
        abortSignal: input.abortSignal,
      });
      const response = parseResponse(messagesResponseSchema, value, PROVIDER, 'messages response');
      return {
        text: answerText(response.content, request.toolName, request.wrapped),
        finishReason: response.stop_reason ?? 'unknown',
        usage: mapUsage(response.usage),
      };
    },
  };
}

function requestBody(model: string, input: LlmGenerateInput, defaultMaxTokens: number) {
  const system = input.messages.filter((message) => message.role === 'system').map((message) => message.content);
  const messages = input.messages.filter((message) => message.role !== 'system').map(({ role, content }) => ({ role, content }));
  if (messages.length === 0) {
    throw new ValidationError({ message: 'Anthropic needs at least one user or assistant message besides the system prompt' });
  }
  const body: Record<string, unknown> = {
    model,
    max_tokens: input.maxTokens ?? defaultMaxTokens,
    messages,
    ...(system.length === 0 ? {} : { system: system.join('\n\n') }),
    ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
  };
  if (input.jsonSchema === undefined) return { body, toolName: undefined, wrapped: false };
  const toolName = schemaName(input.jsonSchema.name);
  const wrapped = input.jsonSchema.schema.type !== 'object';
  const inputSchema = wrapped
    ? { type: 'object', properties: { [WRAPPED_VALUE]: input.jsonSchema.schema }, required: [WRAPPED_VALUE], additionalProperties: false }
    : input.jsonSchema.schema;
  body.tools = [{ name: toolName, description: `Give your answer as the input of this tool, matching its schema ("${input.jsonSchema.name}").`, input_schema: inputSchema }];
  body.tool_choice = { type: 'tool', name: toolName };
  return { body, toolName, wrapped };
}

type ContentBlock = z.output<typeof messagesResponseSchema>['content'][number];

function answerText(content: ContentBlock[], toolName: string | undefined, wrapped: boolean): string {
  const toolUse = toolName === undefined ? undefined : content.find((block) => block.type === 'tool_use' && block.name === toolName);
  if (toolUse !== undefined) {
    const input = wrapped && isRecord(toolUse.input) ? toolUse.input[WRAPPED_VALUE] : toolUse.input;
    return JSON.stringify(input ?? null);
  }
  const text = content.flatMap((block) => (block.type === 'text' && block.text !== undefined ? [block.text] : [])).join('');
  // A forced tool that did not come back is left for generateJson to judge (and repair), but an empty answer is not an answer.
  if (text === '' && toolName !== undefined) {
    throw new ProviderError({ code: 'PROVIDER_RESPONSE_INVALID', provider: PROVIDER, message: `the model did not call the forced tool "${toolName}"` });
  }
  return text;
}

/** Anthropic counts cached prompt tokens apart from input_tokens; all of them were input. */
function mapUsage(usage: z.output<typeof messagesResponseSchema>['usage']): LlmUsage {
  return {
    inputTokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
    outputTokens: usage.output_tokens,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

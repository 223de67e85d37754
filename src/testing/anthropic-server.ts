import type { ServerResponse } from 'node:http';
import {
  countWords,
  parseJsonBody,
  sendJson,
  startScriptedServer,
  type CommonScriptStep,
  type RecordedRequest,
  type ScriptedServer,
} from './loopback-server.ts';

interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** What the next request gets; queued with `server.script(...)`. */
export type AnthropicScriptStep =
  | CommonScriptStep
  /** A text answer (even if a tool was forced, as a misbehaving model might). */
  | { type: 'text'; text: string; stopReason?: string; usage?: AnthropicUsage }
  /** A tool_use block for the forced tool with this input. */
  | { type: 'tool-input'; input: unknown; usage?: AnthropicUsage };

export type AnthropicServer = ScriptedServer<AnthropicScriptStep>;

/**
 * A loopback server that speaks Anthropic's `POST /v1/messages` and enforces
 * the parts clients get wrong: the `x-api-key` and `anthropic-version` headers,
 * a required `max_tokens`, no `system` role inside `messages`, and a forced
 * tool that must exist. Answers are scriptable like the OpenAI server's.
 *
 * @example
 * const server = await startAnthropicServer({ apiKey: 'test-key' });
 * server.script({ type: 'tool-input', input: { facts: [] } });
 * const llm = createAnthropicChat({ apiKey: 'test-key', model: 'claude-x', baseURL: server.apiBaseURL });
 */
export function startAnthropicServer(options: { apiKey?: string } = {}): Promise<AnthropicServer> {
  return startScriptedServer<AnthropicScriptStep>({
    refuse(request, response) {
      const rejection = protocolViolation(request, options.apiKey);
      if (rejection !== undefined) sendJson(response, rejection.status, anthropicError(rejection.type, rejection.message));
      return rejection !== undefined;
    },
    answer(request, response, step) {
      const body = parseJsonBody(request)!;
      const problem = bodyViolation(body);
      if (problem !== undefined) return sendJson(response, 400, anthropicError('invalid_request_error', problem));
      answer(body, response, step);
    },
  });
}

function protocolViolation(request: RecordedRequest, apiKey: string | undefined): { status: number; type: string; message: string } | undefined {
  if (request.method !== 'POST' || request.path !== '/v1/messages') return { status: 404, type: 'not_found_error', message: `no route for ${request.path}` };
  if (apiKey !== undefined && request.headers['x-api-key'] !== apiKey) {
    return { status: 401, type: 'authentication_error', message: `invalid x-api-key: ${String(request.headers['x-api-key'])}` };
  }
  if (request.headers['anthropic-version'] !== '2023-06-01') return { status: 400, type: 'invalid_request_error', message: 'anthropic-version header is required' };
  if (parseJsonBody(request) === undefined) return { status: 400, type: 'invalid_request_error', message: 'body must be a JSON object' };
  return undefined;
}

function bodyViolation(body: Record<string, unknown>): string | undefined {
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  if ((body.messages as { role?: unknown }[]).some((message) => message.role !== 'user' && message.role !== 'assistant')) {
    return 'messages: Unexpected role "system". Use the top-level `system` parameter';
  }
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  if (choice?.type === 'tool') {
    const tools = Array.isArray(body.tools) ? (body.tools as { name?: string; input_schema?: { type?: string } }[]) : [];
    const tool = tools.find((candidate) => candidate.name === choice.name);
    if (tool === undefined) return `tool_choice: tool "${String(choice.name)}" is not in tools`;
    if (tool.input_schema?.type !== 'object') return 'tools.0.input_schema.type: Input should be "object"';
  }
  return undefined;
}

function answer(
  body: Record<string, unknown>,
  response: ServerResponse,
  step: Exclude<AnthropicScriptStep, CommonScriptStep> | undefined,
): void {
  const messages = body.messages as { content?: unknown }[];
  const last = messages.at(-1)?.content;
  const promptText = [body.system, ...messages.map((message) => message.content)].filter((part) => typeof part === 'string').join(' ');
  const forcedTool = (body.tool_choice as { type?: string; name?: string } | undefined)?.name;
  let content: unknown[];
  let stopReason: string;
  let outputText: string;
  if (step?.type === 'tool-input' || (step === undefined && forcedTool !== undefined)) {
    const input = step?.type === 'tool-input' ? step.input : {};
    content = [{ type: 'tool_use', id: 'toolu_loopback', name: forcedTool ?? 'tool', input }];
    stopReason = 'tool_use';
    outputText = JSON.stringify(input);
  } else {
    outputText = step?.text ?? `echo: ${typeof last === 'string' ? last : ''}`;
    content = [{ type: 'text', text: outputText }];
    stopReason = step?.stopReason ?? 'end_turn';
  }
  const usage = step?.usage ?? { input_tokens: countWords(promptText), output_tokens: countWords(outputText) };
  sendJson(response, 200, { id: 'msg_loopback', type: 'message', role: 'assistant', model: body.model, content, stop_reason: stopReason, usage });
}

function anthropicError(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

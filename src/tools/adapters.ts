import type { z } from 'zod';
import { ValidationError } from '../errors/validation-error.ts';
import type { HippoTool, ToolResult } from './hippo-tool.ts';

// Shapes of other libraries' tool types, written out here so Hippocampus
// depends on none of them. Inputs from those libraries are untyped JSON by
// nature; every tool validates before acting.

/** The argument of the Vercel AI SDK 5 `tool()`: pass each entry through `tool()` or use it as is in `tools`. */
export interface AiSdkToolShape {
  description: string;
  inputSchema: z.ZodType;
  execute: (input: unknown) => Promise<ToolResult<unknown>>;
}

/** An OpenAI Chat Completions function tool. */
export interface OpenAIFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** An Anthropic Messages tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** The generic AgentTool shape of agent frameworks: JSON Schema parameters and an execute function. */
export interface AgentTool {
  name: string;
  label: string;
  description: string;
  parameters: Record<string, unknown>;
  execute: (input: unknown) => Promise<ToolResult<unknown>>;
}

/**
 * Tools keyed by name in the Vercel AI SDK 5 `tool()` input shape
 * `{ description, inputSchema, execute }` (the `ai` package is not a
 * dependency: these are the plain objects `tool()` accepts and returns).
 *
 * @example
 * await generateText({ model, tools: toAiSdkTools(createHippoTools({ memory })), prompt });
 */
export function toAiSdkTools(tools: readonly HippoTool[]): Record<string, AiSdkToolShape> {
  return Object.fromEntries(tools.map((tool) => [tool.name, { description: tool.description, inputSchema: tool.inputSchema as z.ZodType, execute: (input: unknown) => tool.execute(input) }]));
}

/**
 * @example
 * await client.chat.completions.create({ model, messages, tools: toOpenAITools(tools) });
 */
export function toOpenAITools(tools: readonly HippoTool[]): OpenAIFunctionTool[] {
  return tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.jsonSchema } }));
}

/**
 * @example
 * await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: toAnthropicTools(tools) });
 */
export function toAnthropicTools(tools: readonly HippoTool[]): AnthropicTool[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.jsonSchema }));
}

/**
 * @example
 * agent.registerTools(toAgentTools(createHippoTools({ memory })));
 */
export function toAgentTools(tools: readonly HippoTool[]): AgentTool[] {
  return tools.map((tool) => ({ name: tool.name, label: tool.label, description: tool.description, parameters: tool.jsonSchema, execute: (input: unknown) => tool.execute(input) }));
}

function unknownTool(name: string): ToolResult<never> {
  return { ok: false, error: { code: 'VALIDATION_ERROR', message: `Unknown tool "${name}"` } };
}

/**
 * Runs an OpenAI tool call (arguments arrive as a JSON string) and returns the
 * `role: 'tool'` message to send back.
 *
 * @example
 * for (const call of completion.choices[0].message.tool_calls ?? []) messages.push(await runOpenAIToolCall(tools, call));
 */
export async function runOpenAIToolCall(
  tools: readonly HippoTool[],
  call: { id: string; function: { name: string; arguments: string } },
): Promise<{ role: 'tool'; tool_call_id: string; content: string }> {
  const id = idOf(call, 'an OpenAI tool call');
  return { role: 'tool', tool_call_id: id, content: JSON.stringify(await openAIResult(tools, call)) };
}

/** The result of a call as the model sent it: its shape is checked too (a custom tool call has no `function`). */
async function openAIResult(tools: readonly HippoTool[], call: { function?: unknown }): Promise<ToolResult<unknown>> {
  const fn = call.function as { name?: unknown; arguments?: unknown } | null | undefined;
  if (typeof fn !== 'object' || fn === null) return malformed(`Tool call has no function (only function tool calls are run here)`);
  if (typeof fn.name !== 'string') return malformed('Tool call has no function name');
  const tool = tools.find((candidate) => candidate.name === fn.name);
  if (!tool) return unknownTool(fn.name);
  if (typeof fn.arguments !== 'string') return malformed(`Tool arguments of "${fn.name}" are not a JSON string`);
  let input: unknown;
  try {
    input = JSON.parse(fn.arguments);
  } catch (error) {
    return malformed(`Tool arguments are not valid JSON: ${(error as Error).message}`);
  }
  return tool.execute(input);
}

function malformed(message: string): ToolResult<never> {
  return { ok: false, error: { code: 'VALIDATION_ERROR', message } };
}

/** The id a result answers; without one there is nothing to answer, so the caller gets a ValidationError. */
function idOf(call: unknown, what: string): string {
  const id = typeof call === 'object' && call !== null ? (call as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || id.length === 0) throw new ValidationError({ message: `Not ${what}: it has no id to answer`, issues: [{ path: 'id', message: 'must be a non-empty string' }] });
  return id;
}

/**
 * Runs an Anthropic `tool_use` block and returns the `tool_result` block to send back.
 *
 * @example
 * const results = await Promise.all(message.content.filter((block) => block.type === 'tool_use').map((block) => runAnthropicToolUse(tools, block)));
 */
export async function runAnthropicToolUse(
  tools: readonly HippoTool[],
  block: { id: string; name: string; input: unknown },
): Promise<{ type: 'tool_result'; tool_use_id: string; content: string; is_error: boolean }> {
  const id = idOf(block, 'an Anthropic tool_use block');
  const tool = tools.find((candidate) => candidate.name === block.name);
  const result = tool ? await tool.execute(block.input) : unknownTool(String(block.name));
  return { type: 'tool_result', tool_use_id: id, content: JSON.stringify(result), is_error: !result.ok };
}

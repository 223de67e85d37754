import type { z } from 'zod';
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
  const tool = tools.find((candidate) => candidate.name === call.function.name);
  let result: ToolResult<unknown>;
  if (!tool) result = unknownTool(call.function.name);
  else {
    let input: unknown;
    try {
      input = JSON.parse(call.function.arguments);
      result = await tool.execute(input);
    } catch (error) {
      result = { ok: false, error: { code: 'VALIDATION_ERROR', message: `Tool arguments are not valid JSON: ${(error as Error).message}` } };
    }
  }
  return { role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) };
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
  const tool = tools.find((candidate) => candidate.name === block.name);
  const result = tool ? await tool.execute(block.input) : unknownTool(block.name);
  return { type: 'tool_result', tool_use_id: block.id, content: JSON.stringify(result), is_error: !result.ok };
}

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolError, type HippoTool, type ToolResult } from '../tools/hippo-tool.ts';
import { requireEngine } from '../memory/backend-capability.ts';
import { createHippoTools, type HippoToolsOptions } from '../tools/create-hippo-tools.ts';

export interface McpServerOptions extends HippoToolsOptions {
  /** The tools to serve; createHippoTools(options) when absent. */
  tools?: readonly HippoTool[];
  name?: string;
  version?: string;
}

/** A tool result as MCP content: the JSON for the model, and an error flagged `isError` with its code up front. */
export function toCallToolResult(result: ToolResult<unknown>): CallToolResult {
  if (result.ok) return { content: [{ type: 'text', text: JSON.stringify(result.data) }], structuredContent: { ok: true, data: result.data } };
  return { isError: true, content: [{ type: 'text', text: `[${result.error.code}] ${result.error.message}` }], structuredContent: { ok: false, error: result.error } };
}

/**
 * An MCP server exposing the memory tools: the same definitions, validation
 * and error results as createHippoTools; a failure comes back as an `isError`
 * result naming the error code, never as a protocol error. Connect it to any
 * transport (`serveMcpStdio`, `serveMcpHttp`, or the SDK's in-memory pair).
 *
 * @example
 * const server = createMcpServer({ memory });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(options: McpServerOptions): Server {
  const tools = options.tools ?? createHippoTools({ ...options, memory: requireEngine(options?.memory, 'createMcpServer') });
  const server = new Server({ name: options.name ?? 'hippocampus', version: options.version ?? '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.label,
      description: tool.description,
      inputSchema: tool.jsonSchema as { type: 'object'; [key: string]: unknown },
    })),
  }));
  // tools/call is answered past the SDK Server's own tools/call check: that check (CallToolRequestSchema) answered
  // `arguments: null` (a model's empty call) with a -32603 protocol error carrying zod's raw issue list, where
  // every other bad argument is a VALIDATION_ERROR result the model can read and correct (probe). The request's
  // name and arguments are checked by `callTool` and the tool's own schema instead. Through the SDK's public
  // `fallbackRequestHandler` (the handler of a method none is set for; SDK 1.32): Server.setRequestHandler wraps
  // every tools/call handler in that check, and calling its base class's setRequestHandler on the server to get
  // past it leaned on how the SDK's classes are built. Any other method without a handler is "Method not found",
  // as the SDK answers it.
  server.fallbackRequestHandler = async (request) => {
    if (request.method !== 'tools/call') throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    return callTool(tools, request.params);
  };
  return server;
}

/** Runs the named tool on the call's arguments; a missing or unknown name, or arguments that are not an object, is a VALIDATION_ERROR result. */
async function callTool(tools: readonly HippoTool[], params: unknown): Promise<CallToolResult> {
  const { name, arguments: input } = (typeof params === 'object' && params !== null ? params : {}) as { name?: unknown; arguments?: unknown };
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) return refused(typeof name === 'string' ? `Unknown tool "${name}"` : 'A tools/call request names its tool in params.name, a string');
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    return refused(`Invalid ${tool.name} input: expected an object of the tool's arguments, received ${input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input}`);
  }
  try {
    return toCallToolResult(await tool.execute(input ?? {}));
  } catch (error) {
    return toCallToolResult(toolError(error));
  }
}

const refused = (message: string) => toCallToolResult({ ok: false, error: { code: 'VALIDATION_ERROR', message } });

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) return toCallToolResult({ ok: false, error: { code: 'VALIDATION_ERROR', message: `Unknown tool "${request.params.name}"` } });
    try {
      return toCallToolResult(await tool.execute(request.params.arguments ?? {}));
    } catch (error) {
      return toCallToolResult(toolError(error));
    }
  });
  return server;
}

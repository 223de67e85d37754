import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/**
 * Serves MCP over this process's stdin/stdout until the client disconnects.
 * Nothing else may write to stdout meanwhile: it carries the protocol.
 *
 * @example
 * await serveMcpStdio(createMcpServer({ memory }));
 */
export async function serveMcpStdio(server: Server): Promise<{ closed: Promise<void> }> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  return { closed };
}

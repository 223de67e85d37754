import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/**
 * Serves MCP over this process's stdin/stdout. `closed` resolves when the
 * client closes stdin (the SDK transport alone would wait forever) or the
 * server is closed. Nothing else may write to stdout meanwhile: it carries the protocol.
 *
 * @example
 * const { closed } = await serveMcpStdio(createMcpServer({ memory }));
 * await closed;
 */
export async function serveMcpStdio(server: Server, streams: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream } = {}): Promise<{ closed: Promise<void> }> {
  const stdin = streams.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin as typeof process.stdin, (streams.stdout ?? process.stdout) as typeof process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  return { closed };
}

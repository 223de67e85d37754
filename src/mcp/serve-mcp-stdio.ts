import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { HippocampusError } from '../errors/hippocampus-error.ts';

/**
 * The longest line the stdio transport holds (the SDK's default, named here to be said): past it the SDK drops its
 * buffer and closes the transport, the one way it closes itself.
 */
export const MCP_STDIO_LINE_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * The JSON-RPC error a line the SDK's stdio transport could not read deserves: it reports the line to `onerror` and
 * drops it, so a host that sent a batch (which the SDK does not take) or a truncated line waited for its answer
 * forever, and nothing said why (probe). JSON.parse failing is a parse error; a value that is not one JSON-RPC
 * message fails the SDK's zod schema, an invalid request. The id is null: it could not be read from the line.
 */
function unreadableLineError(error: Error): { code: number; message: string } | null {
  if (error instanceof SyntaxError) return { code: -32700, message: 'Parse error: the line is not JSON' };
  if (error.name === 'ZodError') return { code: -32600, message: 'Invalid request: the line is not one JSON-RPC 2.0 message (batches are not taken over stdio)' };
  return null;
}

/**
 * Serves MCP over this process's stdin/stdout. `closed` resolves when the
 * client closes stdin (the SDK transport alone would wait forever) or the
 * server is closed, and rejects (PAYLOAD_TOO_LARGE) when the transport closed itself on a line over
 * MCP_STDIO_LINE_LIMIT_BYTES: `hippocampus mcp` exited 0 without a word, and the host saw its server gone.
 * Nothing else may write to stdout meanwhile: it carries the protocol.
 *
 * @example
 * const { closed } = await serveMcpStdio(createMcpServer({ memory }));
 * await closed;
 */
export async function serveMcpStdio(server: Server, streams: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream } = {}): Promise<{ closed: Promise<void> }> {
  const stdin = streams.stdin ?? process.stdin;
  const stdout = streams.stdout ?? process.stdout;
  const transport = new StdioServerTransport(stdin as typeof process.stdin, stdout as typeof process.stdout, { maxBufferSize: MCP_STDIO_LINE_LIMIT_BYTES });
  let transportError: Error | undefined;
  transport.onerror = (error) => {
    const answer = unreadableLineError(error);
    // Written as the transport writes (one JSON line); its send() types an error's id as absent, never null.
    if (answer !== null) stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: answer })}\n`);
    else transportError = error;
  };
  let closing = false;
  const closed = new Promise<void>((resolve, reject) => {
    // A transport error not about one line, then a close the client did not ask for: the SDK's overflow, which it
    // reports and follows with close() (a stdin 'error' is reported only).
    server.onclose = () => {
      if (closing || transportError === undefined) return resolve();
      reject(new HippocampusError({ code: 'PAYLOAD_TOO_LARGE', message: `The MCP client sent a line over ${MCP_STDIO_LINE_LIMIT_BYTES} bytes: the stdio transport stopped (${transportError.message})`, cause: transportError }));
    };
    stdin.once('end', () => {
      closing = true;
      void server.close();
    });
  });
  await server.connect(transport);
  return { closed };
}

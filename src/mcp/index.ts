export { createMcpServer, toCallToolResult, type McpServerOptions } from './create-mcp-server.ts';
export { serveMcpHttp, type McpHttpOptions, type McpHttpServer } from './serve-mcp-http.ts';
export { serveMcpStdio } from './serve-mcp-stdio.ts';

// An MCP HTTP server whose per-request server cannot be made (a system error naming a private path):
// prints the status and body a client gets for one POST.
import { serveMcpHttp } from '../../mcp/serve-mcp-http.ts';

const http = await serveMcpHttp({
  createServer: () => {
    throw Object.assign(new Error("ENOENT: no such file or directory, open '/home/ada/private/mcp.json'"), { code: 'ENOENT' });
  },
});
const response = await fetch(http.url, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
});
console.log(JSON.stringify({ status: response.status, body: await response.json() }));
await http.close();

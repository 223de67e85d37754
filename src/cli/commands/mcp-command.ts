import fs from 'node:fs';
import type { Command } from 'commander';
import { agentPaths } from '../../config/agent-paths.ts';
import { resolveServerToken } from '../../config/server-options.ts';
import { routeOnce } from '../../layers/agent-layers.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createMcpServer } from '../../mcp/create-mcp-server.ts';
import { serveMcpHttp } from '../../mcp/serve-mcp-http.ts';
import { serveMcpStdio } from '../../mcp/serve-mcp-stdio.ts';
import type { QueryRouter } from '../../router/query-router.ts';
import { openRedisWorkingMemory } from '../../stores/open-backend.ts';
import { leftEmpty, type CliContext } from '../cli-context.ts';
import { CliUsageError } from '../cli-usage-error.ts';
import { parseNumberOption } from '../format.ts';

interface McpCommandOptions {
  http?: boolean;
  port?: string;
  host: string;
  token?: string;
  tokenFile?: string;
  allowedHost?: string;
  messagesTable?: string;
  embedder: string;
  route: boolean;
  redis?: string;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/**
 * `hippocampus mcp --agent A`: the memory tools over MCP on stdio, or with
 * `--http --port N` over streamable HTTP (127.0.0.1 unless `--host`; a bearer
 * token, from `--token-file` or HIPPOCAMPUS_TOKEN, is required off loopback).
 *
 * @example
 * // claude_desktop_config.json: { "command": "hippocampus", "args": ["mcp", "--agent", "ada"] }
 * registerMcpCommand(program, context);
 */
export function registerMcpCommand(program: Command, context: CliContext): void {
  program
    .command('mcp')
    .description('serve the memory tools over MCP (stdio, or streamable HTTP with --http)')
    .option('--http', 'serve streamable HTTP instead of stdio')
    .option('--port <n>', 'HTTP port (default: any free port)')
    .option('--host <host>', 'HTTP bind address', '127.0.0.1')
    .option('--token-file <path>', 'file whose first line is the bearer token HTTP clients must send (or set HIPPOCAMPUS_TOKEN)')
    .option('--token <token>', 'deprecated: visible to every user in ps; use --token-file or HIPPOCAMPUS_TOKEN')
    .option('--allowed-host <names>', 'comma-separated extra Host names to answer to; * turns the Host check off (needs a token)')
    .option('--messages-table <name>', "enable recall_conversation over this table of the agent's database")
    .option('--embedder <name>', 'use-lite | none (keyword-only)', 'use-lite')
    .option('--no-route', 'recall_memories searches long-term memory only, without the router between the layers')
    .option('--redis <url>', 'working memory in Redis (as `working store --redis` keeps it): recall_memories routes to it, forget_memory drops from it')
    .action(async (options: McpCommandOptions, command: Command) => {
      if (options.embedder !== 'use-lite' && options.embedder !== 'none') throw new CliUsageError(`--embedder must be use-lite or none, got "${options.embedder}"`);
      const { home, agent, store } = context.globals(command);
      // A session that wrote nothing to a new agent takes it away when it ends, as a CLI write command does: an MCP
      // client's "ok thanks" to remember_facts, or reads alone, left an empty agent every command then took for real.
      // With --redis too: the agent is kept when its working memory there holds a conversation (leftEmpty asks it).
      const made = (store === undefined || store === 'sqlite') && !fs.existsSync(agentPaths(home, agent).root);
      const redis = options.redis === undefined ? undefined : await openRedisWorkingMemory({ url: options.redis });
      const memory = await createHippocampus({ home, agentId: agent, ...(store === undefined ? {} : { store }), ...(options.embedder === 'none' ? { embedder: null } : {}), ...(redis ? { workingMemory: redis } : {}) }).catch(async (error: unknown) => {
        await redis?.close();
        throw error;
      });
      // recall_memories answers through the router: working memory, the graph with long-term memory, skills. Its
      // layers are opened for each recall, as HTTP search opens them: working memory loaded once at start kept a
      // conversation a forget had just dropped from the snapshot file, and recalled the forgotten text until restart.
      const router: QueryRouter | null = options.route ? { route: (query) => routeOnce(memory, query) } : null;
      const serverOptions = { memory, ...(router ? { router } : {}), ...(options.messagesTable === undefined ? {} : { messagesTable: options.messagesTable }) };
      try {
        // Built before anything is announced: a bad option (a messages table name) is refused first.
        const server = createMcpServer(serverOptions);
        if (!options.http) {
          // stdout carries the protocol: everything for people goes to stderr.
          context.stderr(`hippocampus MCP server for agent "${agent}" on stdio`);
          const { closed } = await serveMcpStdio(server);
          await Promise.race([closed, untilSignal()]);
          return;
        }
        if (options.token !== undefined) context.stderr('warning: --token puts the secret on the command line, where ps shows it to every user; use --token-file or HIPPOCAMPUS_TOKEN');
        const token = resolveServerToken(options.token, options.tokenFile);
        const allowedHosts = options.allowedHost?.split(',').map((name) => name.trim()).filter(Boolean);
        const port = parseNumberOption(options.port, 'port') ?? 0;
        const http = await serveMcpHttp({ createServer: () => createMcpServer(serverOptions), host: options.host, port, ...(token === undefined ? {} : { token }), ...(allowedHosts ? { allowedHosts } : {}) });
        context.stdout(`hippocampus MCP server for agent "${agent}" at ${http.url}${token ? ' (bearer token required)' : ''}`);
        await untilSignal();
        await http.close();
      } finally {
        const unmake = made && (await leftEmpty(memory));
        await memory.stop();
        await redis?.close();
        if (unmake) fs.rmSync(agentPaths(home, agent).root, { recursive: true, force: true });
      }
    });
}

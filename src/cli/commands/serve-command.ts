import type { Command } from 'commander';
import { startServer } from '../../server/serve.ts';
import { openRedisWorkingMemory } from '../../stores/open-backend.ts';
import type { CliContext } from '../cli-context.ts';
import { CliUsageError } from '../cli-usage-error.ts';
import { consolidationOption, parseNumberOption } from '../format.ts';

/** `hippocampus serve`: the HTTP API and dashboard until SIGINT/SIGTERM. */
export function registerServeCommand(program: Command, context: CliContext): void {
  program
    .command('serve')
    .description('serve the HTTP API and the dashboard (loopback only unless a token is set)')
    .option('--port <n>', 'port', '7077')
    .option('--host <host>', 'interface to bind; anything but loopback needs HIPPOCAMPUS_TOKEN', '127.0.0.1')
    .option('--cors <origins>', 'comma-separated origins allowed to call the API from a browser')
    .option('--allowed-host <names>', 'comma-separated extra Host names to answer to (e.g. a reverse proxy); * turns the Host check off (needs a token)')
    .option('--token-file <path>', 'file whose first line is the bearer token (or set HIPPOCAMPUS_TOKEN)')
    .option('--keyword-only', 'no embedding model: keyword, strength, recency and importance recall only')
    .option('--consolidate-at <when>', 'working → semantic consolidation of every agent: an hour in UTC (nightly), an interval (30m, 6h) or never', '3')
    .option('--max-open-agents <n>', 'agents kept open at once; the least recently used idle one is closed to make room', '64')
    .option('--idle-close <minutes>', 'close an agent no request used for this long (0: only when the cap needs room)', '10')
    // 1 by default (2026-11-27): with a writer at 50/s on 2 cores, one worker served 1.0–1.9× the searches of
    // none (fifty 2k agents: 396–703/s against 374–398; 100k: 1.1–1.4×) for ~110 MB more RSS (1,000 agents
    // of 20 memories: peak 491–507 MB against 384–385; docs/recall.md). The engine's own default stays 0.
    .option('--redis <url>', "every agent's working memory in Redis (as `working store --redis` keeps it) instead of its snapshot file: routed search, forget and consolidation use it")
    .option('--read-workers <n>', 'threads answering searches on read-only connections, shared by all agents (SQLite only; 0: on the server thread)', '1')
    .action(async (options: { port: string; host: string; cors?: string; keywordOnly?: boolean; allowedHost?: string; tokenFile?: string; maxOpenAgents: string; idleClose: string; readWorkers: string; consolidateAt: string; redis?: string }, command: Command) => {
      const consolidation = consolidationOption(options.consolidateAt);
      const readWorkers = parseNumberOption(options.readWorkers, 'read-workers') ?? 1;
      if (!Number.isInteger(readWorkers) || readWorkers < 0 || readWorkers > 64) throw new CliUsageError(`--read-workers must be a whole number from 0 to 64, got "${options.readWorkers}"`);
      // Checked here, naming the flag: the registry's own check names its options (maxOpenAgents, idleCloseMs in milliseconds).
      const maxOpenAgents = parseNumberOption(options.maxOpenAgents, 'max-open-agents') ?? 64;
      if (!Number.isSafeInteger(maxOpenAgents) || maxOpenAgents < 1) throw new CliUsageError(`--max-open-agents must be a whole number of at least 1, got "${options.maxOpenAgents}"`);
      const idleCloseMinutes = parseNumberOption(options.idleClose, 'idle-close') ?? 10;
      if (!Number.isFinite(idleCloseMinutes) || idleCloseMinutes < 0) throw new CliUsageError(`--idle-close must be 0 or more minutes, got "${options.idleClose}"`);
      const { home, store } = context.globals(command);
      const redis = options.redis === undefined ? undefined : await openRedisWorkingMemory({ url: options.redis });
      const server = await startServer({
        ...(redis ? { workingMemory: redis } : {}),
        home,
        ...(store === undefined ? {} : { store }),
        host: options.host,
        port: parseNumberOption(options.port, 'port') ?? 7077,
        ...(options.cors ? { cors: options.cors.split(',').map((origin) => origin.trim()).filter(Boolean) } : {}),
        ...(options.keywordOnly ? { embedder: null } : {}),
        consolidation,
        maxOpenAgents,
        idleCloseMs: idleCloseMinutes * 60_000,
        readWorkers,
        ...(options.allowedHost ? { allowedHosts: options.allowedHost.split(',').map((name) => name.trim()).filter(Boolean) } : {}),
        ...(options.tokenFile ? { tokenFile: options.tokenFile } : {}),
      }).catch(async (error: unknown) => {
        await redis?.close();
        throw error;
      });
      const postgres = store?.startsWith('postgres') === true;
      const searches = postgres ? '' : `; searches on ${readWorkers === 0 ? 'the server thread' : `${readWorkers} read worker${readWorkers === 1 ? '' : 's'}`}`;
      context.stdout(`Hippocampus serving ${postgres ? 'a PostgreSQL store' : home} at ${server.url} (dashboard at ${server.url}/${searches})`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void server.close().then(() => redis?.close()).then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

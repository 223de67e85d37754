import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { systemClock } from '../core/system-clock.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { DEFAULT_CONSOLIDATION_SCHEDULE, type ConsolidationSchedule } from '../layers/consolidation-schedule.ts';
import { scheduleConsolidationService, type ConsolidationService } from '../layers/nightly-consolidation.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import type { Clock } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { requireTokenForAnyHost } from '../config/server-options.ts';
import { requireBearerToken } from './auth.ts';
import { bodyLimit } from './body-limit.ts';
import { browserGuard } from './browser-guard.ts';
import { createEngineRegistry, type EngineRegistry } from './engine-registry.ts';
import { errorResponse, logToConsole } from './error-response.ts';
import { registerAgentRoutes } from './routes/agent-routes.ts';
import { registerBlockRoutes } from './routes/block-routes.ts';
import { registerGraphRoutes } from './routes/graph-routes.ts';
import { registerMemoryRoutes } from './routes/memory-routes.ts';
import { registerSearchRoutes } from './routes/search-routes.ts';
import { registerSystemRoutes } from './routes/system-routes.ts';
import { registerWatcherRoutes } from './routes/watcher-routes.ts';
import { createServerMetrics } from './server-metrics.ts';
import { loadStaticFiles } from './static-files.ts';
import { allowedOriginsOf, DEFAULT_BODY_LIMIT_BYTES } from '../config/request-policy.ts';

export interface HttpAppOptions {
  /** The data directory (already resolved; see resolveHome). */
  home: string;
  /** Where memories live: absent = SQLite files under `home`; a postgres:// URL = that database (see resolveStore). */
  store?: string;
  /** For every agent's engine: absent = the offline default model, null = keyword-only recall. */
  embedder?: Embedder | null;
  /** Time source of the engines (default: the system clock). */
  clock?: Clock;
  /** When set, every API route but /health, /version and /openapi.json needs `Authorization: Bearer <token>`. */
  token?: string;
  /** Allowed origins for cross-origin requests; CORS stays off when absent, and any other Origin is refused (403). */
  cors?: string[];
  /** The address the server is bound to; its name is accepted in the Host header beside the loopback names. */
  boundHost?: string;
  /** More Host names to answer to (e.g. a reverse proxy's); `['*']` turns the Host check off. */
  allowedHosts?: string[];
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Where the built dashboard lives (default src/dashboard/dist). */
  dashboardDirectory?: URL | string;
  /** Most agents open at once (default 64); the least recently used idle one is closed to make room. */
  maxOpenAgents?: number;
  /** Close an agent no request has used for this long (default 10 minutes; 0 = only when the cap needs room). */
  idleCloseMs?: number;
  /** Threads answering searches on read-only connections, shared by every agent (SQLite only; default 0: searches on the server's event loop). */
  readWorkers?: number;
  /** Every agent's working memory (e.g. Redis, `serve --redis URL`) instead of its snapshot file; the caller closes it. */
  workingMemory?: WorkingMemoryStore;
  /** When the working → semantic consolidation runs over every agent (default nightly at 03:00 UTC; `{ every: 'never' }` switches it off). */
  consolidation?: ConsolidationSchedule;
  /** Where unexpected (5xx) errors are reported; console.error by default. */
  logError?: (error: unknown) => void;
}

export interface HttpApp {
  readonly app: Hono;
  readonly registry: EngineRegistry;
  /** The scheduled working → semantic consolidation (`runNow`, `nextRunAt`, `lastPass`). */
  readonly consolidation: ConsolidationService;
  /** Stops every engine the app opened (flushing what is queued). */
  close(): Promise<void>;
}

/**
 * The HTTP API and the dashboard over the same engine the CLI uses. Routes
 * only validate, call the engine and shape JSON.
 *
 * @example
 * const { app, close } = createHttpApp({ home: '/tmp/hippo', embedder: null });
 * const response = await app.request('/agents');
 * await close();
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  // Checked before anything is opened.
  const origins = allowedOriginsOf(options.cors);
  requireTokenForAnyHost(options.allowedHosts, options.token);
  const metrics = createServerMetrics();
  const registry = createEngineRegistry({
    home: options.home,
    ...(options.store === undefined ? {} : { store: options.store }),
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
    ...(options.clock ? { clock: options.clock } : {}),
    onEvent: metrics.onEngineEvent,
    ...(options.maxOpenAgents === undefined ? {} : { maxOpenAgents: options.maxOpenAgents }),
    ...(options.idleCloseMs === undefined ? {} : { idleCloseMs: options.idleCloseMs }),
    ...(options.readWorkers === undefined ? {} : { readWorkers: options.readWorkers }),
    ...(options.workingMemory ? { workingMemory: options.workingMemory } : {}),
  });
  const logError = options.logError ?? logToConsole;
  const app = new Hono();

  app.onError((error, context) => errorResponse(context, error, logError));
  app.notFound((context) => errorResponse(context, new NotFoundError({ what: 'Route', id: `${context.req.method} ${context.req.path}` })));

  // Every engine a request touches stays open until the request is answered (the registry's cap and idle timer skip it).
  app.use('*', (context, next) => registry.withLeases(next));
  app.use('*', async (context, next) => {
    // Set before the response exists, so every response made through the context carries it. Set after,
    // Hono rebuilt the finished response around its body as a stream (a web ReadableStream for each reply).
    context.header('X-Content-Type-Options', 'nosniff');
    // No page may frame the dashboard (a framed Forget button can be clicked for the user); browsers
    // that send fetch metadata are refused by the guard already, older ones only obey these.
    context.header('X-Frame-Options', 'DENY');
    context.header('Content-Security-Policy', "frame-ancestors 'none'");
    await next();
    const route = context.req.routePath;
    if (route !== '/*' && route !== '*') metrics.requests.increment({ method: context.req.method, route, status: String(context.res.status) });
  });
  app.use(
    '*',
    browserGuard({
      ...(options.boundHost === undefined ? {} : { boundHost: options.boundHost }),
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
      allowedOrigins: origins,
    }),
  );
  if (origins.length > 0) app.use('*', cors({ origin: origins, allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] }));
  app.use(
    '*',
    bodyLimit({
      maxSize: options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES,
      onError: (context) => errorResponse(context, new HippocampusError({ code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES} bytes` })),
    }),
  );
  if (options.token !== undefined) {
    const guard = requireBearerToken(options.token);
    app.use('*', (context, next) => (isProtected(context.req.path) ? guard(context, next) : next()));
  }

  const consolidation = scheduleConsolidationService({
    schedule: options.consolidation ?? DEFAULT_CONSOLIDATION_SCHEDULE,
    clock: options.clock ?? systemClock,
    agents: () => registry.listAgents(),
    withEngine: (agentId, work) => registry.withLeases(async () => work(await registry.get(agentId))),
    onPass: metrics.onConsolidationPass,
  });
  const dependencies = { registry, metrics, consolidation, logError };
  registerSystemRoutes(app, dependencies);
  registerAgentRoutes(app, dependencies);
  registerMemoryRoutes(app, dependencies);
  registerSearchRoutes(app, dependencies);
  registerBlockRoutes(app, dependencies);
  registerGraphRoutes(app, dependencies);
  registerWatcherRoutes(app, dependencies);

  const files = loadStaticFiles(options.dashboardDirectory ?? new URL('../dashboard/dist/', import.meta.url));
  app.get('*', (context) => {
    const file = files.get(context.req.path === '/' ? '/index.html' : context.req.path);
    if (!file) {
      if (context.req.path === '/') return context.html('<!doctype html><title>Hippocampus</title><p>The dashboard is not built: run <code>npx vite build --config src/dashboard/vite.config.ts</code>.</p>');
      return errorResponse(context, new NotFoundError({ what: 'Route', id: `GET ${context.req.path}` }));
    }
    return context.body(file.body.slice(), 200, { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl });
  });

  return {
    app,
    registry,
    consolidation,
    close: () => {
      consolidation.stop();
      return registry.closeAll();
    },
  };
}

/** Data lives under /agents and /metrics; health, version, the API description and the page itself stay open. */
function isProtected(path: string): boolean {
  return path === '/metrics' || path === '/consolidation' || path === '/agents' || path.startsWith('/agents/');
}

import fs from 'node:fs';
import type { Hono } from 'hono';
import { API_OPERATIONS } from '../api-operations.ts';
import { buildOpenApiDocument } from '../openapi.ts';
import { errorBody } from '../error-response.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { RouteDependencies } from '../route-dependencies.ts';

/** The package's name and version, from its package.json. */
export function packageInfo(): { name: string; version: string } {
  const manifest = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: manifest.name, version: manifest.version };
}

/**
 * How long /health waits for the store's `SELECT 1`: orders of magnitude above a loopback or LAN round
 * trip, below the 2-5 s a load balancer's check usually allows. A refused connection answers at once.
 */
const HEALTH_STORE_TIMEOUT_MS = 1_000;

/** Health, version, the OpenAPI document and Prometheus metrics. */
export function registerSystemRoutes(app: Hono, { registry, metrics, consolidation, logError }: RouteDependencies): void {
  const info = packageInfo();
  const document = buildOpenApiDocument(API_OPERATIONS, { title: 'Hippocampus HTTP API', version: info.version });
  // 200 only while the store answers: behind a load balancer, a server whose PostgreSQL is gone must be
  // taken out of rotation (503 STORE_UNAVAILABLE), not kept in it by a health check that asks nothing.
  app.get('/health', async (context) => {
    try {
      await registry.storeReachable(HEALTH_STORE_TIMEOUT_MS);
      return context.json({ status: 'ok' });
    } catch (error) {
      const failure = HippocampusError.isInstance(error) ? error : new StoreError({ code: 'STORE_UNAVAILABLE', message: 'The store cannot be reached', cause: error });
      // The body is public (no token): the driver's detail, which names the database's address, goes to the log only.
      logError(failure);
      return context.json({ status: 'unavailable', ...errorBody(failure) }, 503);
    }
  });
  app.get('/version', (context) => context.json(info));
  app.get('/openapi.json', (context) => context.json(document));
  app.get('/metrics', async (context) => {
    context.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    return context.body(await metrics.render(registry, consolidation));
  });
  app.get('/consolidation', (context) => context.json({ schedule: consolidation.schedule, nextRunAt: consolidation.nextRunAt(), lastPass: consolidation.lastPass() }));
}

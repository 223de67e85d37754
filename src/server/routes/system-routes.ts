import fs from 'node:fs';
import type { Hono } from 'hono';
import { API_OPERATIONS } from '../api-operations.ts';
import { buildOpenApiDocument } from '../openapi.ts';
import type { RouteDependencies } from '../route-dependencies.ts';

/** The package's name and version, from its package.json. */
export function packageInfo(): { name: string; version: string } {
  const manifest = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: manifest.name, version: manifest.version };
}

/** Health, version, the OpenAPI document and Prometheus metrics. */
export function registerSystemRoutes(app: Hono, { registry, metrics, consolidation }: RouteDependencies): void {
  const info = packageInfo();
  const document = buildOpenApiDocument(API_OPERATIONS, { title: 'Hippocampus HTTP API', version: info.version });
  app.get('/health', (context) => context.json({ status: 'ok' }));
  app.get('/version', (context) => context.json(info));
  app.get('/openapi.json', (context) => context.json(document));
  app.get('/metrics', async (context) => {
    context.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    return context.body(await metrics.render(registry, consolidation));
  });
  app.get('/consolidation', (context) => context.json({ schedule: consolidation.schedule, nextRunAt: consolidation.nextRunAt(), lastPass: consolidation.lastPass() }));
}

import type { Hono } from 'hono';
import type { RouteDependencies } from '../route-dependencies.ts';
import { watcherStatusResponseSchema } from '../response-schemas.ts';
import { agentOf } from '../validate.ts';
import { watcherStatus } from '../watcher-status.ts';

/** The live watcher's progress per conversation source: watermark and lag. */
export function registerWatcherRoutes(app: Hono, { registry }: RouteDependencies): void {
  app.get('/agents/:agent/watcher', async (context) => {
    const engine = await registry.get(agentOf(context));
    return context.json(watcherStatusResponseSchema.parse({ sources: await watcherStatus(engine) }));
  });
}

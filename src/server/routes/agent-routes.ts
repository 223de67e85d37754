import type { Hono } from 'hono';
import type { MemoryRecord } from '../../spec/memory-record.ts';
import type { RouteDependencies } from '../route-dependencies.ts';
import { toMarkdown } from '../export-format.ts';
import { consolidationsQuerySchema, exportQuerySchema } from '../schemas.ts';
import { agentOf, validQuery } from '../validate.ts';

const EXPORT_PAGE = 1000;

/** Agents: the list, each one's statistics, consolidation runs and a full export. */
export function registerAgentRoutes(app: Hono, { registry }: RouteDependencies): void {
  app.get('/agents', async (context) => context.json({ agents: (await registry.listAgents()).map((id) => ({ id })) }));

  app.get('/agents/:agent/stats', async (context) => {
    const engine = await registry.get(agentOf(context));
    const [stats, vectors] = await Promise.all([engine.stats(), engine.vectorStats()]);
    return context.json({ stats, vectors });
  });

  app.get('/agents/:agent/consolidations', async (context) => {
    const engine = await registry.get(agentOf(context));
    const { limit } = validQuery(context, consolidationsQuerySchema);
    return context.json({ runs: await engine.store.listConsolidationRuns({ agentId: engine.agentId }, limit) });
  });

  app.get('/agents/:agent/export', async (context) => {
    const engine = await registry.get(agentOf(context));
    const { format } = validQuery(context, exportQuerySchema);
    const scope = { agentId: engine.agentId };
    const records: MemoryRecord[] = [];
    // Keyset pages keep each statement small however large the memory is.
    for (let afterId: string | undefined; ; ) {
      const page = await engine.store.query(scope, { includeSuperseded: true, orderBy: 'id', direction: 'asc', limit: EXPORT_PAGE, ...(afterId ? { afterId } : {}) });
      records.push(...page);
      if (page.length < EXPORT_PAGE) break;
      afterId = page.at(-1)!.id;
    }
    const exportedAt = engine.clock.now();
    const name = `${engine.agentId}-memories.${format === 'json' ? 'json' : 'md'}`;
    context.header('Content-Disposition', `attachment; filename="${name}"`);
    if (format === 'markdown') {
      context.header('Content-Type', 'text/markdown; charset=utf-8');
      return context.body(toMarkdown(engine.agentId, records, exportedAt));
    }
    return context.json({ agentId: engine.agentId, exportedAt, count: records.length, memories: records });
  });
}

import type { Hono } from 'hono';
import { NotFoundError } from '../../errors/not-found-error.ts';
import type { RouteDependencies } from '../route-dependencies.ts';
import { viewsOf } from '../route-dependencies.ts';
import { listStoreQuery } from '../memory-list-query.ts';
import { createMemoryBodySchema, listMemoriesQuerySchema, strengthQuerySchema, updateMemoryBodySchema } from '../schemas.ts';
import { strengthCurve } from '../strength-curve.ts';
import { agentOf, memoryIdOf, validBody, validQuery } from '../validate.ts';
import { forgetIdsNamingBlockLines } from '../../forget/forget-ids.ts';

/** Memories: list (filters + cursor), get, create, update, delete, history and the strength curve. */
export function registerMemoryRoutes(app: Hono, { registry }: RouteDependencies): void {
  app.get('/agents/:agent/memories', async (context) => {
    const engine = await registry.get(agentOf(context));
    const input = validQuery(context, listMemoriesQuerySchema);
    const { query, countQuery } = listStoreQuery(input);
    const scope = { agentId: engine.agentId };
    // Reads the store directly: looking at memories in the dashboard is not the agent recalling them, so no access is recorded.
    const [rows, total] = await Promise.all([engine.store.query(scope, query), engine.store.count(scope, countQuery)]);
    const page = rows.slice(0, input.limit);
    return context.json({ memories: viewsOf(engine, page), nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null, total });
  });

  app.post('/agents/:agent/memories', async (context) => {
    const agentId = agentOf(context);
    const body = await validBody(context, createMemoryBodySchema);
    const engine = await registry.get(agentId, { create: true });
    const result = await engine.remember(body);
    return context.json({ memory: viewsOf(engine, [result.memory])[0], duplicateOf: result.duplicateOf }, result.duplicateOf ? 200 : 201);
  });

  app.get('/agents/:agent/memories/:id', async (context) => {
    const engine = await registry.get(agentOf(context));
    return context.json({ memory: viewsOf(engine, [await engine.get(memoryIdOf(context))])[0] });
  });

  app.patch('/agents/:agent/memories/:id', async (context) => {
    const engine = await registry.get(agentOf(context));
    const id = memoryIdOf(context);
    const patch = await validBody(context, updateMemoryBodySchema);
    return context.json({ memory: viewsOf(engine, [await engine.update(id, patch)])[0] });
  });

  app.delete('/agents/:agent/memories/:id', async (context) => {
    const engine = await registry.get(agentOf(context));
    const id = memoryIdOf(context);
    const { deleted, conversations, ...inBlocks } = await forgetIdsNamingBlockLines(engine, [id]);
    if (!deleted.includes(id)) throw new NotFoundError({ what: 'Memory', id });
    // The working-memory conversations that went with it are deleted too, named as POST …/forget names them.
    return context.json({ deleted: [...deleted, ...conversations], ...inBlocks });
  });

  app.get('/agents/:agent/memories/:id/history', async (context) => {
    const engine = await registry.get(agentOf(context));
    return context.json({ events: await engine.history(memoryIdOf(context)) });
  });

  app.get('/agents/:agent/memories/:id/strength', async (context) => {
    const engine = await registry.get(agentOf(context));
    const memory = await engine.get(memoryIdOf(context));
    const options = validQuery(context, strengthQuerySchema);
    return context.json(strengthCurve(memory, engine.clock.now(), { decayRate: engine.config.recall.decayRate, ...options }));
  });
}

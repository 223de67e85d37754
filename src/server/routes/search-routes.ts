import type { Hono } from 'hono';
import { forgetByDescription } from '../../forget/forget-by-description.ts';
import type { StillInBlocksReport } from '../../forget/still-in-blocks.ts';
import type { RouteDependencies } from '../route-dependencies.ts';
import { viewsOf } from '../route-dependencies.ts';
import { forgetIdsNamingBlockLines } from '../../forget/forget-ids.ts';
import { conversationsNamed, conversationsSaying } from '../../forget/working-conversations.ts';
import { toolboxOf } from '../agent-tools.ts';
import { forgetRequestBodySchema, searchBodySchema } from '../schemas.ts';
import { agentOf, validBody } from '../validate.ts';
import type { Hippocampus } from '../../memory/hippocampus.ts';
import { routeOnce } from '../../layers/agent-layers.ts';

/** Hybrid recall with its score breakdown, and forgetting (by ids with a preview of exactly what goes, or by description). */
export function registerSearchRoutes(app: Hono, { registry, metrics }: RouteDependencies): void {
  app.post('/agents/:agent/search', async (context) => {
    const engine = await registry.get(agentOf(context));
    const { query, route, ...options } = await validBody(context, searchBodySchema);
    if (route) return context.json(await routedSearch(engine, query));
    const started = performance.now();
    const results = await engine.recallRelevant(query, options);
    const seconds = (performance.now() - started) / 1000;
    metrics.recallLatency.observe(seconds, { mode: options.mode });
    const views = viewsOf(engine, results.map((result) => result.memory));
    return context.json({ results: results.map((result, index) => ({ memory: views[index], score: result.score, explain: result.explain })), tookMs: seconds * 1000 });
  });

  app.post('/agents/:agent/forget/preview', async (context) => {
    const engine = await registry.get(agentOf(context));
    const body = await validBody(context, forgetRequestBodySchema);
    if ('description' in body) {
      // The same match forget_memory runs, without deleting: the confirmation lists exactly what the description would take.
      const report = await forgetByDescription(engine, body.description, { dryRun: true });
      const order = new Map(report.deleted.map((memory, index) => [memory.id, index]));
      const found = await engine.store.getMany({ agentId: engine.agentId }, [...order.keys()]);
      found.sort((left, right) => order.get(left.id)! - order.get(right.id)!);
      // Not sure what it means: forget deletes nothing and answers these to confirm by ids, so the preview lists them too.
      const candidates = [...report.candidates.map(({ id, content, why, similarity }) => ({ id, content, why, similarity })), ...(await conversationsSaying(engine, body.description))];
      return context.json({ memories: viewsOf(engine, found), missing: [], similarities: Object.fromEntries(report.deleted.map((memory) => [memory.id, memory.similarity])), candidates });
    }
    const { ids } = body;
    // What was derived from them (facts, watcher memories) goes too: the preview lists it after them.
    const found = await engine.store.getMany({ agentId: engine.agentId }, [...ids, ...(await engine.derivedFrom(ids))]);
    const foundIds = new Set(found.map((memory) => memory.id));
    // Working-memory conversations a description offered go by their ids too.
    const { ids: conversations } = await conversationsNamed(engine, ids.filter((id) => !foundIds.has(id)));
    return context.json({ memories: viewsOf(engine, found), missing: ids.filter((id) => !foundIds.has(id) && !conversations.includes(id)), ...(conversations.length > 0 ? { conversations } : {}) });
  });

  app.post('/agents/:agent/forget', async (context) => {
    const engine = await registry.get(agentOf(context));
    const body = await validBody(context, forgetRequestBodySchema);
    if ('description' in body) {
      const report = (await toolboxOf(engine).run('forget_memory', body)) as { forgotten?: { id: string; kind: string; content: string }[]; candidates?: { id: string; content: string; why: string }[] } & StillInBlocksReport;
      const forgotten = report.forgotten ?? [];
      // Not sure what the description means: nothing deleted, the candidates come back to confirm by ids.
      if (report.candidates && forgotten.length === 0) return context.json({ deleted: [], missing: [], forgotten: [], candidates: report.candidates });
      // Memory blocks are not rewritten; the lines that still say it are named, as forget_memory names them. So are
      // the working-memory conversations that still say it (candidates, to confirm by ids).
      const stillSaying = { ...(report.stillInBlocks ? { stillInBlocks: report.stillInBlocks } : {}), ...(report.candidates ? { candidates: report.candidates } : {}) };
      return context.json({ deleted: forgotten.map((memory) => memory.id), missing: [], forgotten, ...stillSaying, ...(report.next && Object.keys(stillSaying).length > 0 ? { next: report.next } : {}) });
    }
    const { ids } = body;
    // Working-memory conversations a description offered (candidates) go by their ids too; dropped first, as forget_memory drops them.
    const conversations = await conversationsNamed(engine, ids);
    const dropped = await conversations.forget();
    const memoryIds = ids.filter((id) => !conversations.ids.includes(id));
    const { deleted, conversations: alsoDropped, ...inBlocks } = memoryIds.length > 0 ? await forgetIdsNamingBlockLines(engine, memoryIds) : { deleted: [] as string[], conversations: [] as string[] };
    return context.json({ deleted: [...deleted, ...dropped, ...alsoDropped], missing: memoryIds.filter((id) => !deleted.includes(id)), ...inBlocks });
  });
}

/** POST search with `route: true`: the router's answer, with the layer that answered and why. */
async function routedSearch(engine: Hippocampus, query: string) {
  const answer = await routeOnce(engine, query);
  const views = viewsOf(engine, answer.memories.map((entry) => entry.memory));
  return {
    layer: answer.layer,
    consulted: answer.consulted,
    results: answer.memories.map((entry, index) => ({ memory: views[index], score: entry.score })),
    working: answer.working.map((match) => ({ conversationId: match.conversation.conversationId, score: match.score, excerpt: match.conversation.fullText.slice(0, 500) })),
    skills: answer.skills.map((match) => ({ name: match.skill.name, description: match.skill.description, score: match.score })),
    relations: answer.relations.map((relation) => ({ subject: relation.subject.name, predicate: relation.predicate, object: relation.object.name })),
  };
}

import type { Hono } from 'hono';
import { parseWith } from '../../config/parse.ts';
import { NotFoundError } from '../../errors/not-found-error.ts';
import type { GraphRelation } from '../../spec/knowledge-graph.ts';
import { graphOf } from '../graph-of-engine.ts';
import type { RouteDependencies } from '../route-dependencies.ts';
import { graphEntitiesResponseSchema, graphNeighborsResponseSchema } from '../response-schemas.ts';
import { graphEntitiesQuerySchema, graphEntityParamSchema } from '../schemas.ts';
import { agentOf, validQuery } from '../validate.ts';

/** A name search scans this many of the most-mentioned entities: plenty for one agent's graph, bounded for a huge one. */
const SEARCHED_ENTITIES = 10_000;

/** The knowledge graph: entities (most-mentioned first, searchable) and one entity's relations with the memories they came from. */
export function registerGraphRoutes(app: Hono, { registry }: RouteDependencies): void {
  app.get('/agents/:agent/graph/entities', async (context) => {
    const engine = await registry.get(agentOf(context));
    const { query, limit } = validQuery(context, graphEntitiesQuerySchema);
    const needle = query?.toLowerCase() ?? '';
    const listed = await graphOf(engine).entities({ limit: needle === '' ? limit : SEARCHED_ENTITIES });
    const matching = needle === '' ? listed : listed.filter((entity) => [entity.name, ...entity.aliases].some((name) => name.toLowerCase().includes(needle)));
    return context.json(graphEntitiesResponseSchema.parse({ entities: matching.slice(0, limit) }));
  });

  app.get('/agents/:agent/graph/neighbors/:entity', async (context) => {
    const engine = await registry.get(agentOf(context));
    const name = parseWith(graphEntityParamSchema, context.req.param('entity'), 'entity');
    const graph = graphOf(engine);
    const [entity] = await graph.store.findEntities({ agentId: engine.agentId }, [name]);
    if (!entity) throw new NotFoundError({ what: 'Entity', id: name });
    // A relation of the entity with itself comes back from both ends.
    const relations = [...new Map((await graph.neighbors(entity.name)).map((relation) => [relation.id, relation])).values()];
    const memoryIds = [...new Set(relations.flatMap((relation) => relation.memoryIds))];
    const memories = await engine.store.getMany({ agentId: engine.agentId }, memoryIds);
    const now = engine.clock.now();
    return context.json(
      graphNeighborsResponseSchema.parse({
        entity,
        relations: relations.map((relation: GraphRelation) => ({ ...relation, closed: relation.validTo !== null && relation.validTo <= now })),
        memories: memories.map(({ id, content, type, timestamp }) => ({ id, content, type, timestamp })),
      }),
    );
  });
}

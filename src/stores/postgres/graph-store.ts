import { canonicalPredicate, entityKey, isSingleValuedPredicate } from '../../graph/names.ts';
import type { Clock } from '../../spec/clock.ts';
import type { EntityInput, GraphEdge, GraphEntity, GraphEntityType, GraphRelation, KnowledgeGraphStore, LinkReport, MemoryExtraction, RelationInput } from '../../spec/knowledge-graph.ts';
import type { PostgresDatabase, Queryable } from './postgres-database.ts';

interface EntityRow {
  id: string;
  name: string;
  type: GraphEntityType;
  created_at: string;
  aliases: string[];
}

interface RelationRow {
  id: string;
  object_id: string;
  confidence: number;
  valid_from: string | null;
  valid_to: string | null;
}

const ENTITY_COLUMNS = `e.id, e.name, e.type, e.created_at,
  coalesce((SELECT array_agg(a.alias ORDER BY a.alias) FROM graph_aliases a WHERE a.entity_id = e.id AND a.alias <> e.name), '{}') AS aliases`;
const DEFAULT_CONFIDENCE = 0.6;
// A recogniser that typed an entity beats one that could not (as SQLite's linking).
const VAGUE_TYPES = new Set<GraphEntityType>(['thing', 'other', 'concept']);
const nullableNumber = (value: string | null) => (value === null ? null : Number(value));
const toEntity = (row: EntityRow): GraphEntity => ({ id: Number(row.id), name: row.name, type: row.type, createdAt: Number(row.created_at), aliases: row.aliases });

/** Writes extractions into the graph tables inside the caller's transaction: SQLite's linking rules, on PostgreSQL. */
async function linkExtractions(client: Queryable, agentId: string, extractions: MemoryExtraction[], now: number): Promise<LinkReport> {
  const report: LinkReport = { entitiesCreated: 0, mentionsAdded: 0, relationsCreated: 0, relationsReinforced: 0, relationsClosed: 0 };
  const close = (id: string, at: number) => client.rows('UPDATE graph_relations SET valid_to = $1 WHERE id = $2', [at, id]);
  const source = (id: string, memoryId: string) => client.rows('INSERT INTO graph_relation_provenance (agent_id, relation_id, memory_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [agentId, id, memoryId]);

  async function resolveEntity(input: EntityInput, memoryId: string): Promise<string | undefined> {
    const key = entityKey(input.name);
    if (key === '') return undefined;
    const type = input.type ?? 'thing';
    const [found] = await client.rows<{ id: string; type: GraphEntityType }>('SELECT a.entity_id AS id, e.type FROM graph_aliases a JOIN graph_entities e ON e.id = a.entity_id WHERE a.agent_id = $1 AND a.key = $2', [agentId, key]);
    let id: string;
    if (found) {
      id = found.id;
      if (VAGUE_TYPES.has(found.type) && !VAGUE_TYPES.has(type)) await client.rows('UPDATE graph_entities SET type = $1 WHERE id = $2', [type, id]);
    } else {
      id = (await client.rows<{ id: string }>('INSERT INTO graph_entities (agent_id, name, type, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [agentId, input.name.trim(), type, now]))[0]!.id;
      await client.rows('INSERT INTO graph_aliases (agent_id, key, entity_id, alias) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [agentId, key, id, input.name.trim()]);
      report.entitiesCreated++;
    }
    // The memory said the name it mentions the entity by, and the aliases it gives: their sources (schema 12).
    const said = (aliasKey: string) => client.rows('INSERT INTO graph_alias_sources (agent_id, key, memory_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [agentId, aliasKey, memoryId]);
    await said(key);
    for (const alias of input.aliases ?? []) {
      const aliasKey = entityKey(alias);
      if (aliasKey === '') continue;
      await client.rows('INSERT INTO graph_aliases (agent_id, key, entity_id, alias) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [agentId, aliasKey, id, alias.trim()]);
      await said(aliasKey);
    }
    report.mentionsAdded += (await client.rows('INSERT INTO graph_entity_provenance (agent_id, entity_id, memory_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1', [agentId, id, memoryId])).length;
    return id;
  }

  const holdsAt = (row: RelationRow, at: number) => (row.valid_from === null || Number(row.valid_from) <= at) && (row.valid_to === null || at < Number(row.valid_to));

  async function linkRelation(relation: RelationInput, memoryId: string, timestamp: number): Promise<void> {
    const subjectId = await resolveEntity(relation.subject, memoryId);
    const objectId = await resolveEntity(relation.object, memoryId);
    const predicate = canonicalPredicate(relation.predicate);
    if (subjectId === undefined || objectId === undefined || predicate === '' || subjectId === objectId) return;
    const from = relation.validFrom === undefined ? timestamp : relation.validFrom;
    const at = from ?? timestamp;
    const same = await client.rows<RelationRow>(
      'SELECT id, object_id, confidence, valid_from, valid_to FROM graph_relations WHERE agent_id = $1 AND subject_id = $2 AND predicate = $3 AND object_id = $4 ORDER BY valid_to IS NOT NULL, valid_from DESC',
      [agentId, subjectId, predicate, objectId],
    );
    if (relation.negated) {
      for (const row of same.filter((candidate) => candidate.valid_to === null && (candidate.valid_from === null || Number(candidate.valid_from) <= at))) {
        await close(row.id, at);
        await source(row.id, memoryId);
        report.relationsClosed++;
      }
      return;
    }
    const confidence = relation.confidence ?? DEFAULT_CONFIDENCE;
    const existing = same.find((row) => holdsAt(row, at)) ?? same.find((row) => row.valid_to === null && row.valid_from !== null && at < Number(row.valid_from));
    if (existing) {
      const existingFrom = nullableNumber(existing.valid_from);
      const earliest = existingFrom === null || from === null ? existingFrom : Math.min(existingFrom, from);
      await client.rows('UPDATE graph_relations SET confidence = $1, valid_from = $2 WHERE id = $3', [1 - (1 - existing.confidence) * (1 - confidence), earliest, existing.id]);
      await source(existing.id, memoryId);
      report.relationsReinforced++;
      return;
    }
    let validTo = relation.validTo ?? null;
    if (relation.singleValued ?? isSingleValuedPredicate(relation.predicate)) {
      const open = await client.rows<RelationRow>('SELECT id, object_id, confidence, valid_from, valid_to FROM graph_relations WHERE agent_id = $1 AND subject_id = $2 AND predicate = $3 AND valid_to IS NULL', [agentId, subjectId, predicate]);
      for (const row of open) {
        if (row.valid_from === null || Number(row.valid_from) <= at) {
          await close(row.id, at);
          report.relationsClosed++;
        } else {
          validTo = validTo === null ? Number(row.valid_from) : Math.min(validTo, Number(row.valid_from));
        }
      }
    }
    const [created] = await client.rows<{ id: string }>(
      'INSERT INTO graph_relations (agent_id, subject_id, predicate, object_id, confidence, valid_from, valid_to, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id',
      [agentId, subjectId, predicate, objectId, confidence, from, validTo, now],
    );
    await source(created!.id, memoryId);
    report.relationsCreated++;
  }

  for (const extraction of extractions) {
    const linked = await client.rows('INSERT INTO graph_linked_memories (agent_id, memory_id, linked_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1', [agentId, extraction.memoryId, now]);
    if (linked.length === 0) continue;
    for (const entity of extraction.entities) await resolveEntity(entity, extraction.memoryId);
    for (const relation of extraction.relations) await linkRelation(relation, extraction.memoryId, extraction.timestamp);
  }
  return report;
}

/**
 * The knowledge graph of many agents in PostgreSQL, provenance cascading from `memories` as in SQLite.
 *
 * @example
 * const graph = createPostgresGraphStore({ database, clock });
 * await graph.relations({ agentId: 'ada' }, { subject: 'user', predicate: 'lives_in' });
 */
export function createPostgresGraphStore(options: { database: PostgresDatabase; clock?: Clock }): KnowledgeGraphStore {
  const { database } = options;
  const now = () => options.clock?.now() ?? Date.now();
  const entitiesById = async (agentId: string, ids: number[]) =>
    new Map((await database.rows<EntityRow>(`SELECT ${ENTITY_COLUMNS} FROM graph_entities e WHERE e.agent_id = $1 AND e.id = ANY($2::bigint[])`, [agentId, ids])).map((row) => [Number(row.id), toEntity(row)]));
  const entityIdsNamed = async (agentId: string, name: string) =>
    (await database.rows<{ entity_id: string }>('SELECT entity_id FROM graph_aliases WHERE agent_id = $1 AND key = $2', [agentId, entityKey(name)])).map((row) => row.entity_id);

  return {
    async link(scope, extractions) {
      return database.writeTransaction(scope.agentId, (client) => linkExtractions(client, scope.agentId, extractions, now()));
    },

    async findEntities(scope, names) {
      const keys = [...new Set(names.map(entityKey).filter((key) => key !== ''))];
      if (keys.length === 0) return [];
      const rows = await database.rows<EntityRow>(`SELECT DISTINCT ${ENTITY_COLUMNS} FROM graph_aliases k JOIN graph_entities e ON e.id = k.entity_id WHERE k.agent_id = $1 AND k.key = ANY($2::text[])`, [scope.agentId, keys]);
      return rows.map(toEntity);
    },

    async listEntities(scope, listOptions = {}) {
      const rows = await database.rows<EntityRow & { mentions: string }>(
        `SELECT ${ENTITY_COLUMNS}, (SELECT count(*) FROM graph_entity_provenance p WHERE p.entity_id = e.id) AS mentions
         FROM graph_entities e WHERE e.agent_id = $1 AND ($2::text IS NULL OR e.type = $2) ORDER BY mentions DESC, e.name LIMIT $3`,
        [scope.agentId, listOptions.type ?? null, listOptions.limit ?? 50],
      );
      return rows.map((row) => ({ ...toEntity(row), mentions: Number(row.mentions) }));
    },

    async relations(scope, query) {
      const clauses = ['r.agent_id = $1'];
      const params: unknown[] = [scope.agentId];
      const add = (value: unknown) => `$${params.push(value)}`;
      for (const [column, name] of [['subject_id', query.subject], ['object_id', query.object]] as const) {
        if (name !== undefined) clauses.push(`r.${column} = ANY(${add(await entityIdsNamed(scope.agentId, name))}::bigint[])`);
      }
      if (query.predicate !== undefined) clauses.push(`r.predicate = ${add(canonicalPredicate(query.predicate))}`);
      if (query.asOf !== undefined) {
        const at = add(query.asOf);
        clauses.push(`(r.valid_from IS NULL OR r.valid_from <= ${at}) AND (r.valid_to IS NULL OR r.valid_to > ${at})`);
      }
      if (query.during !== undefined) clauses.push(`(r.valid_from IS NULL OR r.valid_from < ${add(query.during.to)}) AND (r.valid_to IS NULL OR r.valid_to > ${add(query.during.from)})`);
      const rows = await database.rows<{ id: string; subject_id: string; predicate: string; object_id: string; confidence: number; valid_from: string | null; valid_to: string | null; memory_ids: string[] }>(
        `SELECT r.id, r.subject_id, r.predicate, r.object_id, r.confidence, r.valid_from, r.valid_to,
           coalesce((SELECT array_agg(p.memory_id) FROM graph_relation_provenance p WHERE p.relation_id = r.id), '{}') AS memory_ids
         FROM graph_relations r WHERE ${clauses.join(' AND ')} ORDER BY r.valid_from IS NULL, r.valid_from DESC, r.id DESC LIMIT ${add(query.limit ?? 200)}`,
        params,
      );
      const entities = await entitiesById(scope.agentId, [...new Set(rows.flatMap((row) => [Number(row.subject_id), Number(row.object_id)]))]);
      return rows.map(
        (row): GraphRelation => ({
          id: Number(row.id),
          subject: entities.get(Number(row.subject_id))!,
          predicate: row.predicate,
          object: entities.get(Number(row.object_id))!,
          confidence: row.confidence,
          validFrom: nullableNumber(row.valid_from),
          validTo: nullableNumber(row.valid_to),
          memoryIds: row.memory_ids,
        }),
      );
    },

    async neighborhood(scope, seedEntityIds, neighborhoodOptions = {}) {
      const hops = neighborhoodOptions.hops ?? 2;
      const maxMemories = neighborhoodOptions.maxMemories ?? 5000;
      const asOf = neighborhoodOptions.asOf ?? null;
      const mentionsOf = async (entityIds: number[]) =>
        database.rows<{ memory_id: string }>('SELECT memory_id FROM graph_entity_provenance WHERE agent_id = $1 AND entity_id = ANY($2::bigint[]) LIMIT $3', [scope.agentId, entityIds, maxMemories]);
      const entitiesIn = async (memoryIds: string[]) =>
        (await database.rows<{ entity_id: string; memory_id: string }>('SELECT entity_id, memory_id FROM graph_entity_provenance WHERE agent_id = $1 AND memory_id = ANY($2::text[])', [scope.agentId, memoryIds])).map((row) => ({ entityId: Number(row.entity_id), memoryId: row.memory_id }));
      const relationsOf = async (entityIds: number[]) =>
        (
          await database.rows<{ subject_id: string; object_id: string; confidence: number }>(
            `SELECT subject_id, object_id, confidence FROM graph_relations WHERE agent_id = $1 AND (subject_id = ANY($2::bigint[]) OR object_id = ANY($2::bigint[]))
               AND ($3::bigint IS NULL OR ((valid_from IS NULL OR valid_from <= $3) AND (valid_to IS NULL OR valid_to > $3)))`,
            [scope.agentId, entityIds, asOf],
          )
        ).map((row) => ({ subjectId: Number(row.subject_id), objectId: Number(row.object_id), confidence: row.confidence }));
      const entityIds = new Set(seedEntityIds);
      const memoryIds = new Set<string>(neighborhoodOptions.seedMemoryIds ?? []);
      for (const row of await entitiesIn([...memoryIds])) entityIds.add(row.entityId);
      let frontier = [...entityIds];
      for (let hop = 0; hop < hops && frontier.length > 0; hop++) {
        const reached = await mentionsOf(frontier);
        const fresh = [...new Set(reached.map((row) => row.memory_id))].filter((id) => !memoryIds.has(id)).slice(0, Math.max(0, maxMemories - memoryIds.size));
        for (const id of fresh) memoryIds.add(id);
        const next = new Set<number>();
        for (const row of await entitiesIn(fresh)) if (!entityIds.has(row.entityId)) next.add(row.entityId);
        for (const row of await relationsOf(frontier)) for (const id of [row.subjectId, row.objectId]) if (!entityIds.has(id)) next.add(id);
        for (const id of next) entityIds.add(id);
        frontier = [...next];
      }
      const edges: GraphEdge[] = [];
      for (const row of await entitiesIn([...memoryIds])) if (entityIds.has(row.entityId)) edges.push({ kind: 'mention', entityId: row.entityId, memoryId: row.memoryId, weight: 1 });
      for (const row of await relationsOf([...entityIds])) {
        if (entityIds.has(row.subjectId) && entityIds.has(row.objectId)) edges.push({ kind: 'relation', subjectId: row.subjectId, objectId: row.objectId, weight: row.confidence });
      }
      return { entities: [...(await entitiesById(scope.agentId, [...entityIds])).values()], memoryIds: [...memoryIds], edges };
    },

    async mentionCounts(scope, entityIds) {
      const rows = await database.rows<{ entity_id: string; mentions: string }>('SELECT entity_id, count(*) AS mentions FROM graph_entity_provenance WHERE agent_id = $1 AND entity_id = ANY($2::bigint[]) GROUP BY entity_id', [scope.agentId, entityIds]);
      return new Map(rows.map((row) => [Number(row.entity_id), Number(row.mentions)]));
    },

    async unlinkedMemoryIds(scope, limit) {
      const rows = await database.rows<{ id: string }>(
        `SELECT m.id FROM memories m WHERE m.agent_id = $1 AND m.consolidated_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM graph_linked_memories l WHERE l.agent_id = m.agent_id AND l.memory_id = m.id) ORDER BY m.id LIMIT $2`,
        [scope.agentId, limit],
      );
      return rows.map((row) => row.id);
    },

    async linkedMemoryIds(scope, memoryIds) {
      if (memoryIds.length === 0) return new Set();
      const rows = await database.rows<{ memory_id: string }>('SELECT memory_id FROM graph_linked_memories WHERE agent_id = $1 AND memory_id = ANY($2::text[])', [scope.agentId, memoryIds]);
      return new Set(rows.map((row) => row.memory_id));
    },

    async relinkedBy(scope, memoryIds) {
      if (memoryIds.length === 0) return [];
      // The relations of schema 11's hippocampus_graph_history, the one the triggers drop.
      const rows = await database.rows<{ memory_id: string }>(
        `SELECT DISTINCT p.memory_id FROM memories m CROSS JOIN LATERAL hippocampus_graph_history(m.agent_id, m.id, m.occurred_at) AS h(relation_id)
           JOIN graph_relation_provenance p ON p.relation_id = h.relation_id
         WHERE m.agent_id = $1 AND m.id = ANY($2::text[])`,
        [scope.agentId, memoryIds],
      );
      return rows.map((row) => row.memory_id);
    },

    async statistics(scope) {
      const [row] = await database.rows<{ entities: string; relations: string; open_relations: string; mentions: string }>(
        `SELECT (SELECT count(*) FROM graph_entities WHERE agent_id = $1) AS entities, (SELECT count(*) FROM graph_relations WHERE agent_id = $1) AS relations,
           (SELECT count(*) FROM graph_relations WHERE agent_id = $1 AND valid_to IS NULL) AS open_relations, (SELECT count(*) FROM graph_entity_provenance WHERE agent_id = $1) AS mentions`,
        [scope.agentId],
      );
      return { entities: Number(row?.entities ?? 0), relations: Number(row?.relations ?? 0), openRelations: Number(row?.open_relations ?? 0), mentions: Number(row?.mentions ?? 0) };
    },
  };
}

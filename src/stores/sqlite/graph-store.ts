import type Database from 'better-sqlite3';
import { canonicalPredicate, entityKey } from '../../graph/names.ts';
import type { Clock } from '../../spec/clock.ts';
import type { GraphEdge, GraphEntity, GraphEntityType, GraphRelation, KnowledgeGraphStore, RelationQuery } from '../../spec/knowledge-graph.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { runOnAgent } from './run-on-agent.ts';
import { linkExtractions } from './graph-link.ts';
import { GROUP_OF } from './layer-schema.ts';

interface EntityRow {
  id: number;
  name: string;
  type: GraphEntityType;
  created_at: number;
  aliases: string;
}

interface RelationRow {
  id: number;
  subject_id: number;
  predicate: string;
  object_id: number;
  confidence: number;
  valid_from: number | null;
  valid_to: number | null;
  memory_ids: string;
}

// Aliases come back as a JSON array so one query reads an entity whole.
const ENTITY_COLUMNS = `e.id, e.name, e.type, e.created_at,
  (SELECT json_group_array(a.alias) FROM graph_aliases a WHERE a.entity_id = e.id AND a.alias <> e.name) AS aliases`;
const IN_JSON = 'IN (SELECT value FROM json_each(?))';

function toEntity(row: EntityRow): GraphEntity {
  return { id: row.id, name: row.name, type: row.type, createdAt: row.created_at, aliases: JSON.parse(row.aliases) as string[] };
}

/**
 * The knowledge graph in the agent's own SQLite file (schema version 5), on
 * the pool's shared connection, so provenance can cascade from `memories`.
 *
 * @example
 * const graph = createSqliteGraphStore({ pool: backend.pool });
 * await graph.link({ agentId: 'ada' }, [{ memoryId, timestamp, entities: [{ name: 'Lisbon', type: 'place' }], relations: [] }]);
 * await graph.relations({ agentId: 'ada' }, { subject: 'user', predicate: 'lives_in', asOf: Date.UTC(2023, 5) });
 */
export function createSqliteGraphStore(options: { pool: SqliteConnectionPool; clock?: Clock }): KnowledgeGraphStore {
  const { pool } = options;
  const now = () => options.clock?.now() ?? Date.now();

  const run = <T>(agentId: string, label: string, work: (db: Database.Database) => T): T => runOnAgent(pool, agentId, label, work);

  function entitiesById(db: Database.Database, ids: number[]): Map<number, GraphEntity> {
    const rows = db.prepare(`SELECT ${ENTITY_COLUMNS} FROM graph_entities e WHERE e.id ${IN_JSON}`).all(JSON.stringify(ids)) as EntityRow[];
    return new Map(rows.map((row) => [row.id, toEntity(row)]));
  }

  function entityIdsNamed(db: Database.Database, agentId: string, name: string): number[] {
    return (db.prepare('SELECT entity_id FROM graph_aliases WHERE agent_id = ? AND key = ?').all(agentId, entityKey(name)) as { entity_id: number }[]).map((row) => row.entity_id);
  }

  return {
    async link(scope, extractions) {
      return run(scope.agentId, 'graph link', (db) => db.transaction(() => linkExtractions(db, scope.agentId, extractions, now())).immediate());
    },

    async findEntities(scope, names) {
      const keys = [...new Set(names.map(entityKey).filter((key) => key !== ''))];
      if (keys.length === 0) return [];
      return run(scope.agentId, 'find entities', (db) => {
        const rows = db
          .prepare(`SELECT DISTINCT ${ENTITY_COLUMNS} FROM graph_aliases k JOIN graph_entities e ON e.id = k.entity_id WHERE k.agent_id = ? AND k.key ${IN_JSON}`)
          .all(scope.agentId, JSON.stringify(keys)) as EntityRow[];
        return rows.map(toEntity);
      });
    },

    async listEntities(scope, listOptions = {}) {
      return run(scope.agentId, 'list entities', (db) => {
        const typeClause = listOptions.type === undefined ? '' : 'AND e.type = ?';
        const params: unknown[] = [scope.agentId, ...(listOptions.type === undefined ? [] : [listOptions.type]), listOptions.limit ?? 50];
        const rows = db
          .prepare(
            `SELECT ${ENTITY_COLUMNS}, (SELECT count(*) FROM graph_entity_provenance p WHERE p.entity_id = e.id) AS mentions
             FROM graph_entities e WHERE e.agent_id = ? ${typeClause} ORDER BY mentions DESC, e.name LIMIT ?`,
          )
          .all(...params) as (EntityRow & { mentions: number })[];
        return rows.map((row) => ({ ...toEntity(row), mentions: row.mentions }));
      });
    },

    async relations(scope, query: RelationQuery) {
      return run(scope.agentId, 'relations', (db) => {
        const clauses = ['r.agent_id = ?'];
        const params: unknown[] = [scope.agentId];
        for (const [column, name] of [['subject_id', query.subject], ['object_id', query.object]] as const) {
          if (name === undefined) continue;
          clauses.push(`r.${column} ${IN_JSON}`);
          params.push(JSON.stringify(entityIdsNamed(db, scope.agentId, name)));
        }
        if (query.predicate !== undefined) {
          clauses.push('r.predicate = ?');
          params.push(canonicalPredicate(query.predicate));
        }
        if (query.asOf !== undefined) {
          clauses.push('(r.valid_from IS NULL OR r.valid_from <= ?) AND (r.valid_to IS NULL OR r.valid_to > ?)');
          params.push(query.asOf, query.asOf);
        }
        if (query.during !== undefined) {
          clauses.push('(r.valid_from IS NULL OR r.valid_from < ?) AND (r.valid_to IS NULL OR r.valid_to > ?)');
          params.push(query.during.to, query.during.from);
        }
        params.push(query.limit ?? 200);
        const rows = db
          .prepare(
            `SELECT r.id, r.subject_id, r.predicate, r.object_id, r.confidence, r.valid_from, r.valid_to,
               (SELECT json_group_array(p.memory_id) FROM graph_relation_provenance p WHERE p.relation_id = r.id) AS memory_ids
             FROM graph_relations r WHERE ${clauses.join(' AND ')} ORDER BY r.valid_from IS NULL, r.valid_from DESC, r.id DESC LIMIT ?`,
          )
          .all(...params) as RelationRow[];
        const entities = entitiesById(db, [...new Set(rows.flatMap((row) => [row.subject_id, row.object_id]))]);
        return rows.map(
          (row): GraphRelation => ({
            id: row.id,
            subject: entities.get(row.subject_id)!,
            predicate: row.predicate,
            object: entities.get(row.object_id)!,
            confidence: row.confidence,
            validFrom: row.valid_from,
            validTo: row.valid_to,
            memoryIds: JSON.parse(row.memory_ids) as string[],
          }),
        );
      });
    },

    async neighborhood(scope, seedEntityIds, neighborhoodOptions = {}) {
      const hops = neighborhoodOptions.hops ?? 2;
      const maxMemories = neighborhoodOptions.maxMemories ?? 5000;
      const asOf = neighborhoodOptions.asOf;
      return run(scope.agentId, 'graph neighborhood', (db) => {
        const mentionsOf = db.prepare(`SELECT entity_id, memory_id FROM graph_entity_provenance WHERE entity_id ${IN_JSON} LIMIT ?`);
        const entitiesIn = db.prepare(`SELECT entity_id, memory_id FROM graph_entity_provenance WHERE memory_id ${IN_JSON}`);
        const validity = asOf === undefined ? '' : 'AND (valid_from IS NULL OR valid_from <= ?) AND (valid_to IS NULL OR valid_to > ?)';
        const relationsOf = db.prepare(
          `SELECT subject_id, object_id, confidence FROM graph_relations WHERE agent_id = ? AND (subject_id ${IN_JSON} OR object_id ${IN_JSON}) ${validity}`,
        );
        const entityIds = new Set(seedEntityIds);
        const memoryIds = new Set<string>();
        const seedMemories = neighborhoodOptions.seedMemoryIds ?? [];
        for (const id of seedMemories) memoryIds.add(id);
        for (const row of entitiesIn.all(JSON.stringify(seedMemories)) as { entity_id: number }[]) entityIds.add(row.entity_id);
        let frontier = [...entityIds];
        for (let hop = 0; hop < hops && frontier.length > 0; hop++) {
          const frontierJson = JSON.stringify(frontier);
          const reached = mentionsOf.all(frontierJson, maxMemories) as { memory_id: string }[];
          const fresh = [...new Set(reached.map((row) => row.memory_id))].filter((id) => !memoryIds.has(id)).slice(0, Math.max(0, maxMemories - memoryIds.size));
          for (const id of fresh) memoryIds.add(id);
          const next = new Set<number>();
          for (const row of entitiesIn.all(JSON.stringify(fresh)) as { entity_id: number }[]) if (!entityIds.has(row.entity_id)) next.add(row.entity_id);
          const relationParams = [scope.agentId, frontierJson, frontierJson, ...(asOf === undefined ? [] : [asOf, asOf])];
          for (const row of relationsOf.all(...relationParams) as { subject_id: number; object_id: number }[]) {
            for (const id of [row.subject_id, row.object_id]) if (!entityIds.has(id)) next.add(id);
          }
          for (const id of next) entityIds.add(id);
          frontier = [...next];
        }
        const entityJson = JSON.stringify([...entityIds]);
        const edges: GraphEdge[] = [];
        for (const row of entitiesIn.all(JSON.stringify([...memoryIds])) as { entity_id: number; memory_id: string }[]) {
          if (entityIds.has(row.entity_id)) edges.push({ kind: 'mention', entityId: row.entity_id, memoryId: row.memory_id, weight: 1 });
        }
        for (const row of relationsOf.all(scope.agentId, entityJson, entityJson, ...(asOf === undefined ? [] : [asOf, asOf])) as { subject_id: number; object_id: number; confidence: number }[]) {
          if (entityIds.has(row.subject_id) && entityIds.has(row.object_id)) edges.push({ kind: 'relation', subjectId: row.subject_id, objectId: row.object_id, weight: row.confidence });
        }
        return { entities: [...entitiesById(db, [...entityIds]).values()], memoryIds: [...memoryIds], edges };
      });
    },

    async mentionCounts(scope, entityIds) {
      return run(scope.agentId, 'mention counts', (db) => {
        const rows = db
          .prepare(`SELECT entity_id, count(*) AS mentions FROM graph_entity_provenance WHERE entity_id ${IN_JSON} GROUP BY entity_id`)
          .all(JSON.stringify(entityIds)) as { entity_id: number; mentions: number }[];
        return new Map(rows.map((row) => [row.entity_id, row.mentions]));
      });
    },

    async unlinkedMemoryIds(scope, limit) {
      return run(scope.agentId, 'unlinked memories', (db) =>
        (
          db
            .prepare(
              `SELECT m.id FROM memories m WHERE m.agent_id = ? AND m.consolidated_at IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM graph_linked_memories l WHERE l.memory_id = m.id) ORDER BY m.id LIMIT ?`,
            )
            .all(scope.agentId, limit) as { id: string }[]
        ).map((row) => row.id),
      );
    },

    async linkedMemoryIds(scope, memoryIds) {
      if (memoryIds.length === 0) return new Set();
      return run(scope.agentId, 'linked memories', (db) => {
        const rows = db.prepare(`SELECT memory_id FROM graph_linked_memories WHERE memory_id ${IN_JSON}`).all(JSON.stringify(memoryIds)) as { memory_id: string }[];
        return new Set(rows.map((row) => row.memory_id));
      });
    },

    async relinkedBy(scope, memoryIds) {
      if (memoryIds.length === 0) return [];
      return run(scope.agentId, 'memories a change relinks', (db) =>
        (
          db
            .prepare(
              `SELECT DISTINCT p.memory_id FROM memories m JOIN graph_relation_provenance p ON p.relation_id IN (${GROUP_OF('m.id', 'm.timestamp')})
               WHERE m.id ${IN_JSON} AND m.agent_id = ?`,
            )
            .all(JSON.stringify(memoryIds), scope.agentId) as { memory_id: string }[]
        ).map((row) => row.memory_id),
      );
    },

    async statistics(scope) {
      return run(scope.agentId, 'graph statistics', (db) => {
        const count = (sql: string) => (db.prepare(sql).get(scope.agentId) as { n: number }).n;
        return {
          entities: count('SELECT count(*) AS n FROM graph_entities WHERE agent_id = ?'),
          relations: count('SELECT count(*) AS n FROM graph_relations WHERE agent_id = ?'),
          openRelations: count('SELECT count(*) AS n FROM graph_relations WHERE agent_id = ? AND valid_to IS NULL'),
          mentions: count('SELECT count(*) AS n FROM graph_entity_provenance p JOIN graph_entities e ON e.id = p.entity_id WHERE e.agent_id = ?'),
        };
      });
    },
  };
}

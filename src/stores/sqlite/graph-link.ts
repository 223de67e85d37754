import type Database from 'better-sqlite3';
import { canonicalPredicate, entityKey, isSingleValuedPredicate } from '../../graph/names.ts';
import type { EntityInput, GraphEntityType, LinkReport, MemoryExtraction, RelationInput } from '../../spec/knowledge-graph.ts';

const DEFAULT_CONFIDENCE = 0.6;
// A recogniser that typed an entity beats one that could not.
const VAGUE_TYPES = new Set<GraphEntityType>(['thing', 'other', 'concept']);

interface OpenRelationRow {
  id: number;
  object_id: number;
  confidence: number;
  valid_from: number | null;
  valid_to: number | null;
}

/** Writes extractions into the graph tables; the caller wraps it in a transaction. */
export function linkExtractions(db: Database.Database, agentId: string, extractions: MemoryExtraction[], now: number): LinkReport {
  const report: LinkReport = { entitiesCreated: 0, mentionsAdded: 0, relationsCreated: 0, relationsReinforced: 0, relationsClosed: 0 };
  const statements = {
    markLinked: db.prepare('INSERT OR IGNORE INTO graph_linked_memories (memory_id, linked_at) VALUES (?, ?)'),
    findAlias: db.prepare('SELECT a.entity_id AS id, e.type AS type FROM graph_aliases a JOIN graph_entities e ON e.id = a.entity_id WHERE a.agent_id = ? AND a.key = ?'),
    insertEntity: db.prepare('INSERT INTO graph_entities (agent_id, name, type, created_at) VALUES (?, ?, ?, ?)'),
    retype: db.prepare('UPDATE graph_entities SET type = ? WHERE id = ?'),
    insertAlias: db.prepare('INSERT OR IGNORE INTO graph_aliases (agent_id, key, entity_id, alias) VALUES (?, ?, ?, ?)'),
    mention: db.prepare('INSERT OR IGNORE INTO graph_entity_provenance (entity_id, memory_id) VALUES (?, ?)'),
    aliasSaid: db.prepare('INSERT OR IGNORE INTO graph_alias_sources (agent_id, key, memory_id) VALUES (?, ?, ?)'),
    sameTriple: db.prepare(
      'SELECT id, object_id, confidence, valid_from, valid_to FROM graph_relations WHERE agent_id = ? AND subject_id = ? AND predicate = ? AND object_id = ? ORDER BY valid_to IS NOT NULL, valid_from DESC',
    ),
    openForSubject: db.prepare('SELECT id, object_id, confidence, valid_from, valid_to FROM graph_relations WHERE agent_id = ? AND subject_id = ? AND predicate = ? AND valid_to IS NULL'),
    insertRelation: db.prepare(
      'INSERT INTO graph_relations (agent_id, subject_id, predicate, object_id, confidence, valid_from, valid_to, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    reinforce: db.prepare('UPDATE graph_relations SET confidence = ?, valid_from = ? WHERE id = ?'),
    close: db.prepare('UPDATE graph_relations SET valid_to = ? WHERE id = ?'),
    source: db.prepare('INSERT OR IGNORE INTO graph_relation_provenance (relation_id, memory_id) VALUES (?, ?)'),
  };

  function resolveEntity(input: EntityInput, memoryId: string): number | undefined {
    const key = entityKey(input.name);
    if (key === '') return undefined;
    const type = input.type ?? 'thing';
    const found = statements.findAlias.get(agentId, key) as { id: number; type: GraphEntityType } | undefined;
    let id: number;
    if (found) {
      id = found.id;
      if (VAGUE_TYPES.has(found.type) && !VAGUE_TYPES.has(type)) statements.retype.run(type, id);
    } else {
      id = Number(statements.insertEntity.run(agentId, input.name.trim(), type, now).lastInsertRowid);
      statements.insertAlias.run(agentId, key, id, input.name.trim());
      report.entitiesCreated++;
    }
    // The memory said the name it mentions the entity by, and the aliases it gives: their sources (schema 13).
    statements.aliasSaid.run(agentId, key, memoryId);
    for (const alias of input.aliases ?? []) {
      const aliasKey = entityKey(alias);
      if (aliasKey === '') continue;
      statements.insertAlias.run(agentId, aliasKey, id, alias.trim());
      statements.aliasSaid.run(agentId, aliasKey, memoryId);
    }
    report.mentionsAdded += statements.mention.run(id, memoryId).changes;
    return id;
  }

  function holdsAt(row: OpenRelationRow, at: number): boolean {
    return (row.valid_from === null || row.valid_from <= at) && (row.valid_to === null || at < row.valid_to);
  }

  function linkRelation(relation: RelationInput, memoryId: string, timestamp: number): void {
    const subjectId = resolveEntity(relation.subject, memoryId);
    const objectId = resolveEntity(relation.object, memoryId);
    const predicate = canonicalPredicate(relation.predicate);
    if (subjectId === undefined || objectId === undefined || predicate === '' || subjectId === objectId) return;
    const from = relation.validFrom === undefined ? timestamp : relation.validFrom;
    const at = from ?? timestamp;
    const same = statements.sameTriple.all(agentId, subjectId, predicate, objectId) as OpenRelationRow[];

    if (relation.negated) {
      for (const row of same.filter((candidate) => candidate.valid_to === null && (candidate.valid_from === null || candidate.valid_from <= at))) {
        statements.close.run(at, row.id);
        statements.source.run(row.id, memoryId);
        report.relationsClosed++;
      }
      return;
    }

    const confidence = relation.confidence ?? DEFAULT_CONFIDENCE;
    const existing = same.find((row) => holdsAt(row, at)) ?? same.find((row) => row.valid_to === null && row.valid_from !== null && at < row.valid_from);
    if (existing) {
      // Said again: more certain, and known to hold since the earliest saying.
      const earliest = existing.valid_from === null || from === null ? existing.valid_from : Math.min(existing.valid_from, from);
      statements.reinforce.run(1 - (1 - existing.confidence) * (1 - confidence), earliest, existing.id);
      statements.source.run(existing.id, memoryId);
      report.relationsReinforced++;
      return;
    }

    let validTo = relation.validTo ?? null;
    if (relation.singleValued ?? isSingleValuedPredicate(relation.predicate)) {
      for (const row of statements.openForSubject.all(agentId, subjectId, predicate) as OpenRelationRow[]) {
        if (row.valid_from === null || row.valid_from <= at) {
          statements.close.run(at, row.id);
          report.relationsClosed++;
        } else {
          // Older news than what is known: it held until the newer value began.
          validTo = validTo === null ? row.valid_from : Math.min(validTo, row.valid_from);
        }
      }
    }
    const id = Number(statements.insertRelation.run(agentId, subjectId, predicate, objectId, confidence, from, validTo, now).lastInsertRowid);
    statements.source.run(id, memoryId);
    report.relationsCreated++;
  }

  for (const extraction of extractions) {
    if (statements.markLinked.run(extraction.memoryId, now).changes === 0) continue;
    for (const entity of extraction.entities) resolveEntity(entity, extraction.memoryId);
    for (const relation of extraction.relations) linkRelation(relation, extraction.memoryId, extraction.timestamp);
  }
  return report;
}

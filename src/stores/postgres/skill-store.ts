import type { Skill, SkillParameter, SkillStore, StoredSkill } from '../../spec/skill-library.ts';
import type { PostgresDatabase, Queryable } from './postgres-database.ts';

interface SkillRow {
  id: string;
  agent_id: string;
  name: string;
  description: string;
  code: string;
  language: string;
  inputs: SkillParameter[];
  created_from: string[];
  version: number;
  success_count: number;
  failure_count: number;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
  embedding: Buffer | null;
  embedding_model: string | null;
}

function toStored(row: SkillRow): StoredSkill {
  return {
    skill: {
      id: row.id,
      agentId: row.agent_id,
      name: row.name,
      description: row.description,
      code: row.code,
      language: row.language,
      inputs: row.inputs,
      createdFrom: row.created_from,
      version: row.version,
      successCount: row.success_count,
      failureCount: row.failure_count,
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    },
    embedding: row.embedding ? new Float32Array(row.embedding.buffer.slice(row.embedding.byteOffset, row.embedding.byteOffset + row.embedding.byteLength)) : null,
    embeddingModel: row.embedding_model,
  };
}

const vectorBytes = (vector: Float32Array | null) => (vector ? Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength) : null);

async function insertVersion(client: Queryable, agentId: string, skill: Skill, reason: string | null): Promise<void> {
  await client.rows('INSERT INTO skill_versions (agent_id, skill_id, version, description, code, language, inputs, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)', [
    agentId, skill.id, skill.version, skill.description, skill.code, skill.language, JSON.stringify(skill.inputs), reason, skill.updatedAt,
  ]);
}

/**
 * The skill library's storage in PostgreSQL: skills of many agents, keyed by (agent_id, id), with every
 * version's text and every outcome kept.
 *
 * @example
 * const library = createSkillLibrary({ store: createPostgresSkillStore({ database }), agentId: 'ada', embedder });
 */
export function createPostgresSkillStore(options: { database: PostgresDatabase }): SkillStore {
  const { database } = options;
  const selectOne = async (client: Queryable, agentId: string, column: 'id' | 'name', value: string) =>
    (await client.rows<SkillRow>(`SELECT * FROM skills WHERE agent_id = $1 AND ${column} = $2`, [agentId, value]))[0];

  return {
    async insert(scope, { skill, embedding, embeddingModel }) {
      await database.writeTransaction(scope.agentId, async (client) => {
        await client.rows(
          `INSERT INTO skills (id, agent_id, name, description, code, language, inputs, created_from, version, success_count, failure_count, last_used_at, created_at, updated_at, embedding, embedding_model)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12, $13, $14, $15, $16)`,
          [
            skill.id, scope.agentId, skill.name, skill.description, skill.code, skill.language, JSON.stringify(skill.inputs), JSON.stringify(skill.createdFrom),
            skill.version, skill.successCount, skill.failureCount, skill.lastUsedAt, skill.createdAt, skill.updatedAt, vectorBytes(embedding), embeddingModel,
          ],
        );
        await insertVersion(client, scope.agentId, skill, null);
      });
    },

    async saveVersion(scope, { skill, embedding, embeddingModel }, reason) {
      await database.writeTransaction(scope.agentId, async (client) => {
        await client.rows(
          `UPDATE skills SET description = $1, code = $2, language = $3, inputs = $4::jsonb, version = $5, success_count = $6, failure_count = $7, updated_at = $8, embedding = $9, embedding_model = $10
           WHERE agent_id = $11 AND id = $12`,
          [skill.description, skill.code, skill.language, JSON.stringify(skill.inputs), skill.version, skill.successCount, skill.failureCount, skill.updatedAt, vectorBytes(embedding), embeddingModel, scope.agentId, skill.id],
        );
        await insertVersion(client, scope.agentId, skill, reason);
      });
    },

    async get(scope, skillId) {
      const row = await selectOne(database, scope.agentId, 'id', skillId);
      return row ? toStored(row) : null;
    },

    async findByName(scope, name) {
      const row = await selectOne(database, scope.agentId, 'name', name);
      return row ? toStored(row) : null;
    },

    async list(scope) {
      return (await database.rows<SkillRow>('SELECT * FROM skills WHERE agent_id = $1 ORDER BY created_at, id', [scope.agentId])).map(toStored);
    },

    async recordOutcome(scope, skillId, success, notes, at) {
      return database.writeTransaction(scope.agentId, async (client) => {
        const counter = success ? 'success_count' : 'failure_count';
        const [row] = await client.rows<SkillRow>(`UPDATE skills SET ${counter} = ${counter} + 1, last_used_at = $1 WHERE agent_id = $2 AND id = $3 RETURNING *`, [at, scope.agentId, skillId]);
        if (row === undefined) return null;
        await client.rows('INSERT INTO skill_outcomes (agent_id, skill_id, version, success, notes, at) VALUES ($1, $2, $3, $4, $5, $6)', [scope.agentId, skillId, row.version, success, notes, at]);
        return toStored(row).skill;
      });
    },

    async versions(scope, skillId) {
      const rows = await database.rows<{ skill_id: string; version: number; description: string; code: string; language: string; inputs: SkillParameter[]; reason: string | null; created_at: string; successes: string; failures: string }>(
        `SELECT v.*, (SELECT count(*) FROM skill_outcomes o WHERE o.agent_id = v.agent_id AND o.skill_id = v.skill_id AND o.version = v.version AND o.success) AS successes,
           (SELECT count(*) FROM skill_outcomes o WHERE o.agent_id = v.agent_id AND o.skill_id = v.skill_id AND o.version = v.version AND NOT o.success) AS failures
         FROM skill_versions v WHERE v.agent_id = $1 AND v.skill_id = $2 ORDER BY v.version`,
        [scope.agentId, skillId],
      );
      return rows.map((row) => ({
        skillId: row.skill_id,
        version: row.version,
        description: row.description,
        code: row.code,
        language: row.language,
        inputs: row.inputs,
        reason: row.reason,
        createdAt: Number(row.created_at),
        successCount: Number(row.successes),
        failureCount: Number(row.failures),
      }));
    },

    async outcomes(scope, skillId, limit) {
      const rows = await database.rows<{ skill_id: string; version: number; success: boolean; notes: string | null; at: string }>(
        'SELECT skill_id, version, success, notes, at FROM skill_outcomes WHERE agent_id = $1 AND skill_id = $2 ORDER BY at DESC, id DESC LIMIT $3',
        [scope.agentId, skillId, limit],
      );
      return rows.map((row) => ({ skillId: row.skill_id, version: row.version, success: row.success, notes: row.notes, at: Number(row.at) }));
    },
  };
}

import type Database from 'better-sqlite3';
import type { Skill, SkillParameter, SkillStore, StoredSkill } from '../../spec/skill-library.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { runOnAgent } from './run-on-agent.ts';

interface SkillRow {
  id: string;
  agent_id: string;
  name: string;
  description: string;
  code: string;
  language: string;
  inputs: string;
  created_from: string;
  version: number;
  success_count: number;
  failure_count: number;
  last_used_at: number | null;
  created_at: number;
  updated_at: number;
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
      inputs: JSON.parse(row.inputs) as SkillParameter[],
      createdFrom: JSON.parse(row.created_from) as string[],
      version: row.version,
      successCount: row.success_count,
      failureCount: row.failure_count,
      lastUsedAt: row.last_used_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    embedding: row.embedding ? new Float32Array(row.embedding.buffer.slice(row.embedding.byteOffset, row.embedding.byteOffset + row.embedding.byteLength)) : null,
    embeddingModel: row.embedding_model,
  };
}

const vectorBlob = (vector: Float32Array | null) => (vector ? Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength) : null);

/**
 * Skills in the agent's own SQLite file (schema version 5).
 *
 * @example
 * const skills = createSqliteSkillStore({ pool: backend.pool });
 * const library = createSkillLibrary({ store: skills, agentId: 'ada', embedder });
 */
export function createSqliteSkillStore(options: { pool: SqliteConnectionPool }): SkillStore {
  const { pool } = options;

  const run = <T>(agentId: string, label: string, work: (db: Database.Database) => T): T => runOnAgent(pool, agentId, label, work);

  const insertVersion = (db: Database.Database, skill: Skill, reason: string | null) =>
    db
      .prepare('INSERT INTO skill_versions (skill_id, version, description, code, language, inputs, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(skill.id, skill.version, skill.description, skill.code, skill.language, JSON.stringify(skill.inputs), reason, skill.updatedAt);
  const selectOne = (db: Database.Database, agentId: string, column: 'id' | 'name', value: string) =>
    db.prepare(`SELECT * FROM skills WHERE agent_id = ? AND ${column} = ?`).get(agentId, value) as SkillRow | undefined;

  return {
    async insert(scope, { skill, embedding, embeddingModel }) {
      run(scope.agentId, 'insert skill', (db) =>
        db.transaction(() => {
          db.prepare(
            `INSERT INTO skills (id, agent_id, name, description, code, language, inputs, created_from, version, success_count, failure_count, last_used_at, created_at, updated_at, embedding, embedding_model)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            skill.id, scope.agentId, skill.name, skill.description, skill.code, skill.language, JSON.stringify(skill.inputs), JSON.stringify(skill.createdFrom),
            skill.version, skill.successCount, skill.failureCount, skill.lastUsedAt, skill.createdAt, skill.updatedAt, vectorBlob(embedding), embeddingModel,
          );
          insertVersion(db, skill, null);
        })(),
      );
    },

    async saveVersion(scope, { skill, embedding, embeddingModel }, reason) {
      run(scope.agentId, 'save skill version', (db) =>
        db.transaction(() => {
          db.prepare(
            `UPDATE skills SET description = ?, code = ?, language = ?, inputs = ?, version = ?, success_count = ?, failure_count = ?, updated_at = ?, embedding = ?, embedding_model = ?
             WHERE agent_id = ? AND id = ?`,
          ).run(skill.description, skill.code, skill.language, JSON.stringify(skill.inputs), skill.version, skill.successCount, skill.failureCount, skill.updatedAt, vectorBlob(embedding), embeddingModel, scope.agentId, skill.id);
          insertVersion(db, skill, reason);
        })(),
      );
    },

    async get(scope, skillId) {
      return run(scope.agentId, 'get skill', (db) => {
        const row = selectOne(db, scope.agentId, 'id', skillId);
        return row ? toStored(row) : null;
      });
    },

    async findByName(scope, name) {
      return run(scope.agentId, 'find skill', (db) => {
        const row = selectOne(db, scope.agentId, 'name', name);
        return row ? toStored(row) : null;
      });
    },

    async list(scope) {
      return run(scope.agentId, 'list skills', (db) => (db.prepare('SELECT * FROM skills WHERE agent_id = ? ORDER BY created_at, id').all(scope.agentId) as SkillRow[]).map(toStored));
    },

    async recordOutcome(scope, skillId, success, notes, at) {
      return run(scope.agentId, 'record skill outcome', (db) =>
        db.transaction(() => {
          const counter = success ? 'success_count' : 'failure_count';
          const changed = db.prepare(`UPDATE skills SET ${counter} = ${counter} + 1, last_used_at = ? WHERE agent_id = ? AND id = ?`).run(at, scope.agentId, skillId).changes;
          if (changed === 0) return null;
          const row = selectOne(db, scope.agentId, 'id', skillId)!;
          db.prepare('INSERT INTO skill_outcomes (skill_id, version, success, notes, at) VALUES (?, ?, ?, ?, ?)').run(skillId, row.version, success ? 1 : 0, notes, at);
          return toStored(row).skill;
        })(),
      );
    },

    async versions(scope, skillId) {
      return run(scope.agentId, 'skill versions', (db) => {
        const rows = db
          .prepare(
            `SELECT v.*, (SELECT count(*) FROM skill_outcomes o WHERE o.skill_id = v.skill_id AND o.version = v.version AND o.success = 1) AS successes,
               (SELECT count(*) FROM skill_outcomes o WHERE o.skill_id = v.skill_id AND o.version = v.version AND o.success = 0) AS failures
             FROM skill_versions v JOIN skills s ON s.id = v.skill_id WHERE s.agent_id = ? AND v.skill_id = ? ORDER BY v.version`,
          )
          .all(scope.agentId, skillId) as { skill_id: string; version: number; description: string; code: string; language: string; inputs: string; reason: string | null; created_at: number; successes: number; failures: number }[];
        return rows.map((row) => ({
          skillId: row.skill_id,
          version: row.version,
          description: row.description,
          code: row.code,
          language: row.language,
          inputs: JSON.parse(row.inputs) as SkillParameter[],
          reason: row.reason,
          createdAt: row.created_at,
          successCount: row.successes,
          failureCount: row.failures,
        }));
      });
    },

    async outcomes(scope, skillId, limit) {
      return run(scope.agentId, 'skill outcomes', (db) =>
        (
          db
            .prepare('SELECT o.* FROM skill_outcomes o JOIN skills s ON s.id = o.skill_id WHERE s.agent_id = ? AND o.skill_id = ? ORDER BY o.at DESC, o.id DESC LIMIT ?')
            .all(scope.agentId, skillId, limit) as { skill_id: string; version: number; success: number; notes: string | null; at: number }[]
        ).map((row) => ({ skillId: row.skill_id, version: row.version, success: row.success === 1, notes: row.notes, at: row.at })),
      );
    },
  };
}

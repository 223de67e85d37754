import { createUlidGenerator } from '../core/ids.ts';
import { systemClock } from '../core/system-clock.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { storableText, storableValue } from '../core/stored-text.ts';
import { ValidationError } from '../errors/validation-error.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { extractKeywords } from '../nlp/index.ts';
import type { Clock, IdGenerator } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { Skill, SkillInput, SkillLibrary, SkillMatch, SkillRewrite } from '../spec/skill-library.ts';
import type { SkillStore, StoredSkill } from '../spec/skill-library.ts';
import { cosineSimilarity, jaccardSimilarity } from '../working/similarity.ts';

export interface SkillLibraryOptions {
  agentId: string;
  store: SkillStore;
  /** Embeds name + description for findSkills; null falls back to keyword overlap. */
  embedder: Embedder | null;
  clock?: Clock;
  generateId?: IdGenerator;
}

/**
 * Laplace-smoothed success rate: an untried skill scores 0.5, one success out
 * of one 0.67, not 1; ten out of ten 0.92.
 *
 * @example
 * successRate(3, 1) // 0.666…
 */
export function successRate(successes: number, failures: number): number {
  return (successes + 1) / (successes + failures + 2);
}

const searchText = (skill: Pick<Skill, 'name' | 'description'>) => `${skill.name.replace(/[_-]+/g, ' ')}: ${skill.description}`;

/**
 * The most a skill's fields may hold, in UTF-8 bytes: a name and a language are labels; a description is text as a
 * memory is (64 KiB, the engine's default `maxContentBytes`); code and the inputs' JSON get four times that. Both
 * stores took a 5 MB `code` and a 100,000-character name, re-embedded and listed on every `findSkills`.
 */
export const SKILL_LIMITS = { name: 200, language: 64, description: 64 * 1024, code: 256 * 1024, inputs: 256 * 1024, notes: 64 * 1024, task: 64 * 1024 } as const;

/** CONTENT_TOO_LARGE when a text is over its limit; nothing is written. */
function checkSize(field: keyof typeof SKILL_LIMITS, value: string): void {
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > SKILL_LIMITS[field]) {
    throw new ValidationError({ code: 'CONTENT_TOO_LARGE', message: `A skill's ${field} is ${bytes} bytes; the limit is ${SKILL_LIMITS[field]}`, issues: [{ path: field, message: 'too large' }] });
  }
}

/** A text field of a skill: a non-empty string within its limit. */
function checkText(field: 'name' | 'description' | 'code' | 'language', value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') throw new ValidationError({ message: `A skill needs a non-empty ${field}` });
  checkSize(field, value);
}

/** A skill's parameters, when given: a list within its limit. */
function checkParameters(inputs: unknown): void {
  if (inputs === undefined) return;
  if (!Array.isArray(inputs)) throw new ValidationError({ message: "A skill's inputs are a list of parameters" });
  checkSize('inputs', JSON.stringify(inputs));
}

function checkInput(input: SkillInput): void {
  for (const field of ['name', 'description', 'code', 'language'] as const) checkText(field, input[field]);
  checkParameters(input.inputs);
}

/** What a rewrite would change, each field given as an added skill's must be. */
function checkChange(change: SkillRewrite): void {
  for (const field of ['description', 'code', 'language'] as const) if (change[field] !== undefined) checkText(field, change[field]);
  checkParameters(change.inputs);
}

/**
 * Voyager-style procedural memory: skills found by how close their
 * description is to the task, times how often they worked.
 *
 * @example
 * const library = createSkillLibrary({ agentId: 'ada', store: createSqliteSkillStore({ pool }), embedder });
 * const { skill } = await library.addSkill({ name: 'deploy-staging', description: 'Deploy the billing service to staging', code: 'make deploy ENV=staging', language: 'shell' });
 * await library.recordOutcome(skill.id, true);
 * const [best] = await library.findSkills('how do I deploy billing to staging?');
 */
export function createSkillLibrary(options: SkillLibraryOptions): SkillLibrary {
  const { store, embedder } = options;
  const scope = { agentId: options.agentId };
  const clock = options.clock ?? systemClock;
  const generateId = options.generateId ?? createUlidGenerator();

  async function embed(texts: string[]): Promise<Float32Array[] | null> {
    if (embedder === null || texts.length === 0) return null;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += embedder.maxBatchSize) {
      vectors.push(...(await embedder.doEmbed({ values: texts.slice(start, start + embedder.maxBatchSize) })).embeddings);
    }
    return vectors;
  }

  async function stored(skill: Skill): Promise<StoredSkill> {
    const [embedding] = (await embed([searchText(skill)])) ?? [];
    return { skill, embedding: embedding ?? null, embeddingModel: embedder?.modelId ?? null };
  }

  // No stored skill id holds U+0000 (ids are generated): PostgreSQL refused one in a query as a STORE_ERROR where
  // SQLite answered SKILL_NOT_FOUND. Such an id, or one that is no string, names no skill on either.
  const cannotExist = (skillId: unknown) => typeof skillId !== 'string' || skillId.includes('\u0000');

  async function mustGet(skillId: string): Promise<StoredSkill> {
    const found = cannotExist(skillId) ? null : await store.get(scope, skillId);
    if (!found) throw new NotFoundError({ what: 'Skill', id: skillId, code: 'SKILL_NOT_FOUND' });
    return found;
  }

  async function rewrite(current: Skill, change: SkillRewrite, reason: string | null): Promise<Skill> {
    const next: Skill = { ...current, ...change, version: current.version + 1, successCount: 0, failureCount: 0, updatedAt: clock.now() };
    await store.saveVersion(scope, await stored(next), reason);
    return next;
  }

  const library: SkillLibrary = {
    async addSkill(given) {
      checkInput(given);
      // As every backend can store it: PostgreSQL refused U+0000 (a STORE_ERROR) where SQLite kept it.
      const input = { ...given, ...storableValue({ name: given.name, description: given.description, code: given.code, language: given.language }), ...(given.inputs ? { inputs: storableValue(given.inputs) } : {}) };
      const existing = await store.findByName(scope, input.name);
      if (existing) {
        const current = existing.skill;
        const change = { description: input.description, code: input.code, language: input.language, inputs: input.inputs ?? current.inputs };
        const same = change.description === current.description && change.code === current.code && change.language === current.language && JSON.stringify(change.inputs) === JSON.stringify(current.inputs);
        if (same) return { skill: current, status: 'unchanged' };
        return { skill: await rewrite(current, change, 'added again under the same name'), status: 'rewritten' };
      }
      const now = clock.now();
      const skill: Skill = {
        id: generateId(now),
        agentId: options.agentId,
        name: input.name,
        description: input.description,
        code: input.code,
        language: input.language,
        inputs: input.inputs ?? [],
        version: 1,
        successCount: 0,
        failureCount: 0,
        lastUsedAt: null,
        createdFrom: input.createdFrom ?? [],
        createdAt: now,
        updatedAt: now,
      };
      await store.insert(scope, await stored(skill));
      return { skill, status: 'created' };
    },

    async rewriteSkill(skillId, change, reason) {
      if (typeof change !== 'object' || change === null) throw new ValidationError({ message: 'rewriteSkill needs the fields to change' });
      checkChange(change);
      if (typeof reason === 'string') checkSize('notes', reason);
      return rewrite((await mustGet(skillId)).skill, storableValue(change), reason === undefined || reason === null ? null : storableText(reason));
    },

    async recordOutcome(skillId, success, notes) {
      if (typeof success !== 'boolean') throw new ValidationError({ message: 'recordOutcome needs success: true or false' });
      if (typeof notes === 'string') checkSize('notes', notes);
      const skill = cannotExist(skillId) ? null : await store.recordOutcome(scope, skillId, success, typeof notes === 'string' ? storableText(notes) : null, clock.now());
      if (!skill) throw new NotFoundError({ what: 'Skill', id: skillId, code: 'SKILL_NOT_FOUND' });
      return skill;
    },

    async findSkills(taskDescription, topK = 5) {
      if (typeof taskDescription !== 'string' || taskDescription.trim() === '') throw new ValidationError({ message: 'findSkills needs a task description' });
      checkSize('task', taskDescription);
      const skills = await store.list(scope);
      if (skills.length === 0) return [];
      const [query] = (await embed([taskDescription])) ?? [];
      const queryWords = extractKeywords(taskDescription, 20);
      const matches = await Promise.all(
        skills.map(async (entry): Promise<SkillMatch> => {
          // A vector from another model cannot be compared: re-embed it now (and keep the new one on the next rewrite).
          const vector = query && entry.embeddingModel === embedder?.modelId ? entry.embedding : ((await embed([searchText(entry.skill)])) ?? [])[0];
          const similarity = query && vector ? Math.max(0, cosineSimilarity(query, vector)) : jaccardSimilarity(queryWords, extractKeywords(searchText(entry.skill), 20));
          const rate = successRate(entry.skill.successCount, entry.skill.failureCount);
          return { skill: entry.skill, similarity, successRate: rate, score: similarity * rate };
        }),
      );
      return matches
        .filter((match) => match.similarity > 0)
        .sort((left, right) => right.score - left.score)
        .slice(0, topK);
    },

    async getSkill(skillId) {
      return (await mustGet(skillId)).skill;
    },
    versions: async (skillId) => {
      await mustGet(skillId);
      return store.versions(scope, skillId);
    },
    outcomes: async (skillId, limit = 20) => {
      await mustGet(skillId);
      return store.outcomes(scope, skillId, limit);
    },
  };
  return library;
}

/**
 * The skill library of an engine's agent, with its embedder and clock: what the agent's layers and the CLI open.
 * `store` is the engine's (`memory.backend.skills`), whose writes the engine holds behind its own (holdBackendWrites).
 *
 * @example
 * const library = engineSkillLibrary(memory, memory.backend.skills!);
 */
export function engineSkillLibrary(memory: Hippocampus, store: SkillStore): SkillLibrary {
  return createSkillLibrary({ agentId: memory.agentId, store, embedder: memory.embedder, clock: memory.clock });
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { SkillLibrary } from '../spec/skill-library.ts';
import { createSqliteConnectionPool, type SqliteConnectionPool } from '../stores/sqlite/connection-pool.ts';
import { createSqliteSkillStore } from '../stores/sqlite/skill-store.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createSkillLibrary, successRate } from './skill-library.ts';

let pool: SqliteConnectionPool;
let cleanup: () => void;
let library: SkillLibrary;
let time = Date.UTC(2025, 0, 1);

beforeEach(() => {
  const temp = createTempHome('hippocampus-skills-');
  cleanup = temp.cleanup;
  pool = createSqliteConnectionPool({ home: temp.home });
  library = createSkillLibrary({ agentId: 'builder', store: createSqliteSkillStore({ pool }), embedder: createHashEmbedder({ dimensions: 256 }), clock: { now: () => time++ } });
});

afterEach(() => {
  pool.close();
  cleanup();
});

describe('skill library', () => {
  it('smooths the success rate (Laplace): untried 0.5, 1/1 is 2/3, 10/10 is 11/12', () => {
    expect(successRate(0, 0)).toBe(0.5);
    expect(successRate(1, 0)).toBeCloseTo(2 / 3, 10);
    expect(successRate(10, 0)).toBeCloseTo(11 / 12, 10);
    expect(successRate(0, 3)).toBe(0.2);
  });

  it('ranks a skill that keeps working above an equally relevant one that keeps failing', async () => {
    const flaky = (await library.addSkill({ name: 'deploy-billing-fast', description: 'deploy the billing service to staging', code: 'kubectl apply -f billing.yaml', language: 'shell' })).skill;
    const solid = (await library.addSkill({ name: 'deploy-billing-safe', description: 'deploy the billing service to staging', code: 'make deploy ENV=staging', language: 'shell' })).skill;
    await library.addSkill({ name: 'rotate-keys', description: 'rotate the API keys of the payment gateway', code: 'vault rotate payments', language: 'shell' });

    const untried = await library.findSkills('deploy billing service to staging', 3);
    expect(untried.slice(0, 2).map((match) => match.skill.name).sort()).toEqual(['deploy-billing-fast', 'deploy-billing-safe']);
    expect(untried[0]!.score).toBeCloseTo(untried[1]!.score, 1);

    for (let attempt = 0; attempt < 3; attempt++) await library.recordOutcome(flaky.id, false, 'timed out');
    for (let attempt = 0; attempt < 4; attempt++) await library.recordOutcome(solid.id, true);
    const ranked = await library.findSkills('deploy billing service to staging', 3);
    expect(ranked.map((match) => match.skill.name).slice(0, 2)).toEqual(['deploy-billing-safe', 'deploy-billing-fast']);
    expect(ranked[0]!.successRate).toBeCloseTo(5 / 6, 10);
    expect(ranked[1]!.successRate).toBeCloseTo(1 / 5, 10);
    expect(ranked[0]!.score).toBeCloseTo(ranked[0]!.similarity * ranked[0]!.successRate, 10);
    expect(ranked.map((match) => match.skill.name)).not.toContain('rotate-keys');
  });

  it('keeps every version: a rewrite restarts the counts, the old version keeps its outcomes', async () => {
    const { skill } = await library.addSkill({ name: 'backup-db', description: 'back up the database', code: 'pg_dump app > app.sql', language: 'shell', createdFrom: ['task-17'] });
    await library.recordOutcome(skill.id, false, 'disk full');
    await library.recordOutcome(skill.id, true);

    const again = await library.addSkill({ name: 'backup-db', description: 'back up the database', code: 'pg_dump app > app.sql', language: 'shell' });
    expect(again.status).toBe('unchanged');
    const rewritten = await library.addSkill({ name: 'backup-db', description: 'back up the database, compressed', code: 'pg_dump app | gzip > app.sql.gz', language: 'shell' });
    expect(rewritten.status).toBe('rewritten');
    expect(rewritten.skill).toMatchObject({ id: skill.id, version: 2, successCount: 0, failureCount: 0, createdFrom: ['task-17'] });

    await library.recordOutcome(skill.id, true);
    const third = await library.rewriteSkill(skill.id, { code: 'pg_dump -Fc app > app.dump' }, 'custom format restores faster');
    expect(third.version).toBe(3);
    const versions = await library.versions(skill.id);
    expect(versions.map((version) => [version.version, version.successCount, version.failureCount, version.reason])).toEqual([
      [1, 1, 1, null],
      [2, 1, 0, 'added again under the same name'],
      [3, 0, 0, 'custom format restores faster'],
    ]);
    expect(versions[0]!.code).toBe('pg_dump app > app.sql');
    expect((await library.outcomes(skill.id)).map((outcome) => [outcome.version, outcome.success, outcome.notes])).toEqual([
      [2, true, null],
      [1, true, null],
      [1, false, 'disk full'],
    ]);
    expect((await library.getSkill(skill.id)).code).toBe('pg_dump -Fc app > app.dump');
  });

  it('refuses an outcome for an unknown skill with SKILL_NOT_FOUND, and a skill without code', async () => {
    await expect(library.recordOutcome('nope', true)).rejects.toSatisfy((error) => HippocampusError.isInstance(error) && error.code === 'SKILL_NOT_FOUND');
    await expect(library.addSkill({ name: 'x', description: 'y', code: ' ', language: 'shell' })).rejects.toSatisfy((error) => HippocampusError.isInstance(error) && error.code === 'VALIDATION_ERROR');
  });
});

describe('skill sizes', () => {
  const base = { name: 'deploy-staging', description: 'Deploy the billing service to staging', code: 'make deploy ENV=staging', language: 'shell' };
  const tooLarge = async (work: Promise<unknown>, field: string) => {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(HippocampusError.isInstance(error) && error.code).toBe('CONTENT_TOO_LARGE');
    expect((error as Error).message).toContain(field);
  };

  it('a field over its limit is CONTENT_TOO_LARGE and nothing is written, on add, rewrite, outcome and search', async () => {
    await tooLarge(library.addSkill({ ...base, code: 'x'.repeat(5_000_000) }), 'code');
    await tooLarge(library.addSkill({ ...base, name: 'n'.repeat(100_000) }), 'name');
    await tooLarge(library.addSkill({ ...base, description: 'd'.repeat(70_000) }), 'description');
    await tooLarge(library.addSkill({ ...base, inputs: [{ name: 'target', description: 'i'.repeat(300_000) }] as never }), 'inputs');
    expect(await library.findSkills('deploy billing to staging')).toEqual([]);
    const { skill } = await library.addSkill(base);
    await tooLarge(library.rewriteSkill(skill.id, { code: 'x'.repeat(300_000) }), 'code');
    await tooLarge(library.recordOutcome(skill.id, true, 'n'.repeat(70_000)), 'notes');
    await tooLarge(library.findSkills('t'.repeat(70_000)), 'task');
    expect(await library.getSkill(skill.id)).toMatchObject({ version: 1, code: base.code, successCount: 0 });
    expect(await library.versions(skill.id)).toHaveLength(1);
  });

  it('a rewrite to an empty field is a VALIDATION_ERROR, as an add with one is', async () => {
    const { skill } = await library.addSkill(base);
    await expect(library.rewriteSkill(skill.id, { code: '  ' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await library.getSkill(skill.id)).toMatchObject({ version: 1, code: base.code });
  });

  it('the limits themselves are accepted', async () => {
    const { skill, status } = await library.addSkill({ ...base, name: 'n'.repeat(200), code: 'x'.repeat(256 * 1024) });
    expect(status).toBe('created');
    expect(skill.code).toHaveLength(256 * 1024);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeGraph } from '../graph/knowledge-graph.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createSkillLibrary } from '../skills/skill-library.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createSqliteSkillStore } from '../stores/sqlite/skill-store.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { describeConversation } from '../working/conversation-features.ts';
import { createInProcessWorkingMemory } from '../working/in-process-store.ts';
import { isHowToQuery } from './how-to.ts';
import { createQueryRouter, type QueryRouter } from './query-router.ts';

const NOW = Date.UTC(2025, 0, 10);
const embedder = createHashEmbedder({ dimensions: 256 });
const RECENT = 'Can you book the Lisbon offsite venue for March? Priya wants the riverside hall.';

describe('query router', () => {
  let memory: Hippocampus;
  let router: QueryRouter;
  let routerWithoutSkills: QueryRouter;
  let cleanup: () => void;

  beforeAll(async () => {
    const temp = createTempHome('hippocampus-router-');
    cleanup = temp.cleanup;
    memory = await createHippocampus({ home: temp.home, agentId: 'router', embedder, clock: { now: () => NOW } });
    await memory.rememberMany(
      [
        { type: 'observation', content: 'The billing service moved to the Frankfurt cluster in 2024.' },
        { type: 'chat', content: 'I live in Berlin.', timestamp: Date.UTC(2021, 2, 1) },
        { type: 'chat', content: 'I moved to Lisbon.', timestamp: Date.UTC(2023, 3, 1) },
      ],
      { longTerm: true },
    );
    const working = createInProcessWorkingMemory({ embedder, clock: { now: () => NOW } });
    await working.store({ agentId: 'router' }, await describeConversation({ conversationId: 'offsite', timestamp: NOW - 3_600_000, turns: [{ role: 'user', content: RECENT }] }, embedder));
    const skills = createSkillLibrary({ agentId: 'router', store: createSqliteSkillStore({ pool: (memory.backend as SqliteBackend).pool }), embedder });
    await skills.addSkill({ name: 'deploy-billing', description: 'deploy the billing service to staging', code: 'make deploy SERVICE=billing ENV=staging', language: 'shell' });
    const graph = createKnowledgeGraph({ memory });
    await graph.linkMemories();
    router = createQueryRouter({ memory, working, graph, skills });
    routerWithoutSkills = createQueryRouter({ memory, working });
  });

  afterAll(async () => {
    await memory.stop();
    cleanup();
  });

  it('answers from working memory when a recent conversation matches above 0.85', async () => {
    const answer = await router.route(RECENT);
    expect(answer.layer).toBe('working');
    expect(answer.working[0]!.conversation.conversationId).toBe('offsite');
    expect(answer.consulted.map((entry) => [entry.layer, entry.served])).toEqual([['working', true]]);
  });

  it('falls through to semantic memory when working memory is not close enough', async () => {
    const answer = await router.route('Which cluster runs the billing service?');
    expect(answer.layer).toBe('semantic');
    expect(answer.consulted[0]).toMatchObject({ layer: 'working', served: false });
    expect(answer.consulted.at(-1)).toMatchObject({ layer: 'semantic', served: true, note: 'graph + hybrid recall' });
    expect(answer.memories[0]!.memory.content).toContain('Frankfurt');
  });

  it('answers a question about a past year from the graph relations valid then', async () => {
    const answer = await router.route('Where did I live in 2023?');
    expect(answer.layer).toBe('semantic');
    expect(answer.relations.map((relation) => relation.object.name).sort()).toEqual(['Berlin', 'Lisbon']);
  });

  it('serves a how-to question from a learned skill, with the memories as support', async () => {
    const answer = await router.route('How do I deploy the billing service to staging?');
    expect(answer.layer).toBe('procedural');
    expect(answer.skills[0]!.skill.name).toBe('deploy-billing');
    expect(answer.consulted.map((entry) => entry.layer)).toEqual(['working', 'procedural', 'semantic']);
  });

  it('falls through from procedural to semantic when no skill fits or there is no library', async () => {
    expect((await router.route('How do I water the office plants?')).layer).toBe('semantic');
    expect((await routerWithoutSkills.route('How do I deploy the billing service to staging?')).layer).toBe('semantic');
  });

  it('recognises how-to questions', () => {
    expect(['How do I rotate keys?', 'what is the best way to back up the db', 'walk me through the release', 'steps to reset a password'].every(isHowToQuery)).toBe(true);
    expect(['Where is the billing service?', 'Who showed up?'].some(isHowToQuery)).toBe(false);
  });
});

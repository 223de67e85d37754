import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Similarities decide here, so the test runs with the model the rules were measured on (USE-lite, offline).
const agent = useLiteAgentPerTest();
const contentsOf = (matches: { content: string }[]) => matches.map((match) => match.content).sort();
const STORED = ['I like coffee', 'I do not like coffee anymore'];

describe('a statement and its negation are two things', () => {
  it('"that I like coffee" deletes "I like coffee" and not "I do not like coffee anymore"', async () => {
    await agent.remember(STORED);
    expect(contentsOf((await forgetByDescription(agent.memory(), 'that I like coffee')).deleted)).toEqual(['I like coffee']);
    expect((await agent.memory().store.query({ agentId: 'ada' }, {})).map((record) => record.content)).toEqual(['I do not like coffee anymore']);
  });

  it('a negated description takes the negated memory', async () => {
    await agent.remember(STORED);
    expect(contentsOf((await forgetByDescription(agent.memory(), "that I don't like coffee", { dryRun: true })).deleted)).toEqual(['I do not like coffee anymore']);
  });

  it('a memory saying the opposite of the description alone is offered, not deleted', async () => {
    await agent.remember(['I do not like coffee anymore', 'I drink tea every morning']);
    const report = await forgetByDescription(agent.memory(), 'that I like coffee', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toContain('I do not like coffee anymore');
  });

  it('a description that states neither asks', async () => {
    await agent.remember(STORED);
    const report = await forgetByDescription(agent.memory(), 'coffee', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual([...STORED].sort());
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { FORGET_SCENARIOS } from './fixtures/forget-cases.ts';

// With USE-lite, as the forget bench runs: which memory leads depends on the real model's similarities.
let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
beforeAll(async () => {
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'ada' });
  // Fresh batch 12's memories: two of them name Leonie.
  const scenarios = FORGET_SCENARIOS.slice(180, 192);
  await memory.rememberMany(scenarios.flatMap((scenario) => [scenario.target, ...scenario.nearMisses]).map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
});
afterAll(async () => {
  await memory.stop();
  home.cleanup();
});

describe('a memory chosen among several naming the name, by holding more of the words', () => {
  it('is not sure when the description names a thing it neither holds nor says in other words', async () => {
    const naming = (await memory.store.query({ agentId: 'ada' }, { orderBy: 'id', direction: 'asc' })).filter((record) => record.content.includes('Leonie'));
    expect(naming.length).toBeGreaterThan(1);
    const report = await forgetByDescription(memory, "my sister Leonie's wedding", { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((candidate) => candidate.content)).toContain('My sister Leonie is being treated for anorexia');
  });

  it('is still deleted when it holds the words the description names', async () => {
    const report = await forgetByDescription(memory, 'that my sister Leonie is being treated for anorexia', { dryRun: true });
    expect(report.deleted.map((entry) => entry.content)).toEqual(['My sister Leonie is being treated for anorexia']);
  });
});

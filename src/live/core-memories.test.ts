import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { listArchivalCandidates } from './archival-review.ts';
import { loadCoreMemories } from './core-memories.ts';
import { openTestMemory } from './live-test-helpers.ts';

describe('loadCoreMemories options', () => {
  let temp: ReturnType<typeof createTempHome>;
  let memory: Hippocampus;
  beforeEach(async () => {
    temp = createTempHome();
    memory = await openTestMemory(temp.home);
    await memory.rememberMany([{ type: 'chat', kind: 'fact', content: 'User prefers oolong tea', domain: 'user', importance: 0.95 }], { longTerm: true });
  });
  afterEach(async () => {
    await memory.stop();
    temp.cleanup();
  });

  it('refuses a budget that is negative, zero, fractional, NaN, infinite or not a number, naming the option', async () => {
    for (const budgetTokens of [-1, 0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '800', 1_000_001]) {
      await expect(loadCoreMemories(memory, { budgetTokens: budgetTokens as number }), String(budgetTokens)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('budgetTokens') });
    }
  });

  it('refuses a time that is not a finite number and a title that is not a string', async () => {
    await expect(loadCoreMemories(memory, { now: Number.NaN })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('now') });
    await expect(loadCoreMemories(memory, { title: 42 as unknown as string })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('title') });
  });

  it('takes a budget of whole tokens and says so in the block', async () => {
    const block = await loadCoreMemories(memory, { budgetTokens: 800, title: 'What I know' });
    expect(block.text).toContain('## What I know');
    expect(block.text).toContain('User prefers oolong tea');
  });

  it('listArchivalCandidates refuses a time that is not a finite number, which listed nothing', async () => {
    await expect(listArchivalCandidates(memory, Number.NaN)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('now') });
    await expect(listArchivalCandidates(memory, '2026-01-01' as unknown as number)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

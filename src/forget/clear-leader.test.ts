import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { forgetByDescription } from './forget-by-description.ts';

// The rule reads similarities, so it runs with the model it was calibrated on (USE-lite, offline).
let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
beforeEach(async () => {
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'ada' });
});
afterEach(async () => {
  await memory.stop();
  home.cleanup();
});

async function remember(contents: string[]): Promise<void> {
  await memory.rememberMany(contents.map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
}

const contentsOf = (matches: { content: string }[]) => matches.map((match) => match.content).sort();

describe('a clear leader by meaning', () => {
  it('deletes the memory a paraphrase means when it is clearly closest and the other words bring it closer', async () => {
    await remember(['My salary at Nordbank is 84,000 euros a year', 'Nordbank moved its headquarters to Hamburg', 'My rent is 1,200 euros a month']);
    const report = await forgetByDescription(memory, 'what I earn at Nordbank');
    expect(contentsOf(report.deleted)).toEqual(['My salary at Nordbank is 84,000 euros a year']);
    expect(report.deleted[0]!.why).toMatch(/^closest in meaning/);
  });

  it('deletes nothing when a word of the description names something the closest memory is not about', async () => {
    await remember(['I lost the spare key to my car', 'The blue flowerpot came from my aunt']);
    const report = await forgetByDescription(memory, 'the spare key to the garage');
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toContain('I lost the spare key to my car');
  });

  it('leaves two memories holding every word to the confirm step, however their similarities differ', async () => {
    await remember(['My neighbour Gustav borrowed my ladder and never returned it', 'The ladder in the shed is broken']);
    const report = await forgetByDescription(memory, 'my ladder');
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual(['My neighbour Gustav borrowed my ladder and never returned it', 'The ladder in the shed is broken']);
  });

  it('does not take the only memory holding a word when another is closer in meaning', async () => {
    await remember(['I am taking sertraline 50 mg every morning', 'ADHD medication shortages were in the news']);
    const report = await forgetByDescription(memory, 'my medication');
    expect(report.deleted).toEqual([]);
  });
});

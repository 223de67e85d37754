import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';

// The rule reads similarities, so it runs with the model it was calibrated on (USE-lite, offline).
const agent = useLiteAgentPerTest();
const remember = (contents: string[]) => agent.remember(contents);
const forget = (description: string, options?: Parameters<typeof forgetByDescription>[2]) => forgetByDescription(agent.memory(), description, options);

const contentsOf = (matches: { content: string }[]) => matches.map((match) => match.content).sort();

describe('a clear leader by meaning', () => {
  it('deletes the memory a paraphrase means when it is clearly closest and the other words bring it closer', async () => {
    // ("what I earn at Nordbank" was the example here; "earn" and "salary" are now synonyms and it holds every word.)
    await remember(['I am taking sertraline 50 mg every morning', 'I take vitamin D in winter', 'Every morning I walk the dog']);
    const report = await forget('the sertraline dose');
    expect(contentsOf(report.deleted)).toEqual(['I am taking sertraline 50 mg every morning']);
    expect(report.deleted[0]!.why).toMatch(/^closest in meaning/);
  });

  it('deletes nothing when a word of the description names something the closest memory is not about', async () => {
    await remember(['I lost the spare key to my car', 'The blue flowerpot came from my aunt']);
    const report = await forget('the spare key to the garage');
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toContain('I lost the spare key to my car');
  });

  it('leaves two memories holding every word to the confirm step, however their similarities differ', async () => {
    await remember(['My neighbour Gustav borrowed my ladder and never returned it', 'The ladder in the shed is broken']);
    const report = await forget('my ladder');
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual(['My neighbour Gustav borrowed my ladder and never returned it', 'The ladder in the shed is broken']);
  });

  it('lets a leader lack only verbs, whose gain says nothing, but not a noun beside the one name it holds', async () => {
    await remember(['I got a speeding ticket on the A9 last Friday', 'The A9 is closed for roadworks this weekend', 'I bought a ticket for the Friday concert']);
    expect(contentsOf((await forget('that I got caught speeding', { dryRun: true })).deleted)).toEqual(['I got a speeding ticket on the A9 last Friday']);
    await remember(['I was fired from Delmar Logistics in 2021', 'Delmar Logistics opened a warehouse near the airport']);
    expect((await forget('my Delmar pension', { dryRun: true })).deleted).toEqual([]);
  });

  it('does not take the only memory holding a word when another is closer in meaning', async () => {
    await remember(['I am taking sertraline 50 mg every morning', 'ADHD medication shortages were in the news']);
    const report = await forget('my medication');
    expect(report.deleted).toEqual([]);
  });
});

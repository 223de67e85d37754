import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Similarities decide here, so the test runs with the model the rules were measured on (USE-lite, offline).
const agent = useLiteAgentPerTest();
const contentsOf = (matches: { content: string }[]) => matches.map((match) => match.content).sort();
/** As the probe stored them: chat memories, one by one (the type is part of what is embedded, so similarities differ from observations). */
const rememberChat = async (contents: string[]) => {
  for (const content of contents) await agent.memory().remember({ type: 'chat', content, importance: 0.9 });
};

describe('a sure match beside a close rival holding the same words', () => {
  it('"my password" with a bank and a laptop password: deletes neither and offers both', async () => {
    // The laptop one is 0.73 close (over the 0.7 cut with every word held), the bank one 0.68: a probe saw the laptop one deleted alone.
    await rememberChat(['My bank password is tulip88', 'My laptop password is orange42']);
    const report = await forgetByDescription(agent.memory(), 'my password');
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual(['My bank password is tulip88', 'My laptop password is orange42']);
    expect(report.candidates.every((candidate) => candidate.why.length > 0)).toBe(true);
  });

  it('"my password" with "My password for the bank" beside the laptop login password: a qualified subject is one of several, so it asks', async () => {
    await rememberChat(['My password for the bank is tulip88', 'My laptop login password is orange42']);
    const report = await forgetByDescription(agent.memory(), 'my password', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual(['My laptop login password is orange42', 'My password for the bank is tulip88']);
  });

  it('still deletes the one named when the description says which', async () => {
    await rememberChat(['My bank password is tulip88', 'My laptop password is orange42']);
    expect(contentsOf((await forgetByDescription(agent.memory(), 'my laptop password', { dryRun: true })).deleted)).toEqual(['My laptop password is orange42']);
  });
});

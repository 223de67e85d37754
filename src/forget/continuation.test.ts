import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { goesOnAgainstStopped } from './continuation.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('a deed that goes on against one that stopped', () => {
  it('reads still and again against stopped, quit, gave up, no longer, used to, paid back', () => {
    expect(goesOnAgainstStopped('that I still bite my nails', 'I bit my nails until I quit at twenty')).toBe(true);
    expect(goesOnAgainstStopped('that I play the drums again', 'I gave up the drums after college')).toBe(true);
    expect(goesOnAgainstStopped('that I still owe the garage', 'I paid the garage back in May')).toBe(true);
    expect(goesOnAgainstStopped('that I stopped playing the drums', 'I still play the drums on Fridays')).toBe(true);
    // Both sides going on, or neither saying so, or a bus stop: no contrast.
    expect(goesOnAgainstStopped('that I still owe Ruth', 'I still have not paid back the money Ruth lent me')).toBe(false);
    expect(goesOnAgainstStopped('that I bite my nails', 'I bit my nails until I quit at twenty')).toBe(false);
    expect(goesOnAgainstStopped('that I still take the bus', 'The bus stop on my street moved')).toBe(false);
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting a deed that goes on', () => {
  it('offers the memory of the deed stopped instead of deleting it, and deletes it when asked for it', async () => {
    await agent.remember(['I stopped singing in the church choir in 2019', 'The lawnmower needs petrol', 'My nephew collects stamps']);
    const report = await forget('that I still sing in the church choir');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('I stopped singing in the church choir in 2019');
    expect((await forget('that I stopped singing in the church choir')).deleted.map((match) => match.content)).toEqual(['I stopped singing in the church choir in 2019']);
  });
});

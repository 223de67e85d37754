import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { swappedVerb } from './swapped-verb.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('a verb swapped in the same frame', () => {
  it('reads a statement that is the memory with its verb changed, before the same word, or two phrasal verbs', () => {
    expect(swappedVerb('that I drive to the library', 'I walk to the library when it rains')).toEqual({ asked: 'drive', told: 'walk' });
    expect(swappedVerb('that we paid off the loan', 'We took out a loan with Hallbank in 2019')).toEqual({ asked: 'paid off', told: 'took out' });
  });

  it('is no swap for a related verb, a phrasal verb against one word, the subject alone as frame, or a memory of two deeds', () => {
    expect(swappedVerb('that I gave up coffee', 'I quit coffee in May')).toBeUndefined();
    expect(swappedVerb('that I cooked the dinner', 'I baked the dinner')).toBeUndefined();
    expect(swappedVerb('that I bought gold', 'I invested 5,000 euros in gold')).toBeUndefined();
    expect(swappedVerb('that I wrecked my van', 'I crashed my van into a wall and it was scrapped')).toBeUndefined();
    expect(swappedVerb('the library I walk to', 'I walk to the library when it rains')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting with the verb swapped', () => {
  it('offers the memory of the other deed instead of deleting it, and still deletes the deed said', async () => {
    await agent.remember(['I walk to the library when it rains', 'The bus drivers are on strike', 'I hate my commute on the tram']);
    const report = await forget('that I drive to the library');
    expect(report.deleted).toEqual([]);
    // Sure by a rule before the guard ("but …"): deleted without it.
    expect(report.candidates.find((match) => match.content === 'I walk to the library when it rains')?.why).toMatch(/; but it says "walk" where the description says "drive"$/u);
    expect((await forget('that I walk to the library')).deleted.map((match) => match.content)).toEqual(['I walk to the library when it rains']);
  });
});

import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Whose thing a possessive names (forget-by-description.ts, lacksOwner), with USE-lite as the forget bench runs.
const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });
const contentsOf = (matches: { content: string }[]) => matches.map((match) => match.content);

describe('a hyphenated owner', () => {
  it('is the memory\'s hyphenated word: "my father-in-law\'s diagnosis" is the father-in-law\'s, not the father\'s', async () => {
    await agent.remember(['My father-in-law Anders was diagnosed with diabetes in May', 'My father has glaucoma', 'Anders sings in a church choir', 'My brother-in-law Pavel is moving to Prague']);
    expect(contentsOf((await forget("my father-in-law's diagnosis")).deleted)).toEqual(['My father-in-law Anders was diagnosed with diabetes in May']);
    expect(contentsOf((await forget("my brother-in-law's move")).deleted)).toEqual(['My brother-in-law Pavel is moving to Prague']);
    // Another owner is still another owner.
    expect((await forget("my father's diagnosis")).deleted).toEqual([]);
    expect((await forget("my father-in-law's move")).deleted).toEqual([]);
  });
});

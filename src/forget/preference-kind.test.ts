import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';

// A preference asked for is a liking stated (round 18 of issue #11 item 4): of the memories holding every word, the
// only one of the user's own life is not taken when it states no liking. USE-lite, offline; memories of their own.
const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('a preference among the holders of its words', () => {
  it('is not the one memory of the user\'s life holding the word when that memory states no liking: it asks', async () => {
    // Before, the thriller was deleted: it holds "reading" and is the only holder where the user speaks.
    await agent.remember(['The thriller I am reading has a twist at the end', 'My book group is reading Jane Eyre in March', 'I prefer window seats on long flights']);
    const report = await forget('my reading preferences');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('The thriller I am reading has a twist at the end');
  });

  it('is the one memory of the user\'s life holding the word when that memory states a liking', async () => {
    await agent.remember(['I love reading science fiction before bed', 'My book group is reading Jane Eyre in March', 'The library van comes on Thursdays']);
    expect((await forget('my reading preferences')).deleted.map((match) => match.content)).toEqual(['I love reading science fiction before bed']);
  });
});

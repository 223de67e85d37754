import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { timeDirection } from './time-direction.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('where a statement points in time', () => {
  it('reads ahead, back, or neither — the telling and a text pointing both ways aside', () => {
    expect(timeDirection('that I will sell the caravan next year')).toBe('ahead');
    expect(timeDirection('We are planning a party for Mum in June')).toBe('ahead');
    expect(timeDirection('I sold the caravan two years ago')).toBe('back');
    expect(timeDirection('our holiday in Crete last August')).toBe('back');
    expect(timeDirection('that we postponed the party')).toBe('back');
    expect(timeDirection('what I told you about the party next month')).toBe('ahead');
    expect(timeDirection('my holiday in Crete')).toBeUndefined();
    expect(timeDirection('I moved here last year and will leave next year')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting at another time', () => {
  it('offers a plan for the deed done, and the deed for the plan, and deletes each for itself', async () => {
    await agent.remember(['We are planning a holiday in Crete in August', 'The dishwasher leaks', 'My cousin plays the trumpet']);
    const report = await forget('our holiday in Crete last August');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('We are planning a holiday in Crete in August');
    expect((await forget('the holiday in Crete we are planning')).deleted.map((match) => match.content)).toEqual(['We are planning a holiday in Crete in August']);
  });
});

describe('another one of the same period', () => {
  it('"this spring" is not "last spring": offered, not deleted; the same one still is', async () => {
    await agent.remember(['We put a sauna in the cellar last spring', 'The cellar flooded in the storm']);
    const report = await forget('the sauna in the cellar this spring');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('We put a sauna in the cellar last spring');
    expect((await forget('the sauna in the cellar last spring')).deleted.map((match) => match.content)).toEqual(['We put a sauna in the cellar last spring']);
    // A description naming no period says nothing of it.
    expect((await forget('the sauna in the cellar')).deleted.map((match) => match.content)).toEqual(['We put a sauna in the cellar last spring']);
  });
});

import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { othersForUs } from './we-and-others.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('"we" against others', () => {
  it("reads \"we\" against people outside the user's household, either way round, never against a partner or a child", () => {
    expect(othersForUs('that we moved to Malaga in 1990', 'My grandparents moved to Malaga in 1990')).toBe(true);
    expect(othersForUs('that my grandparents moved to Malaga', 'We moved to Malaga in 1990')).toBe(true);
    expect(othersForUs('that we moved to Malaga', 'My husband and I moved to Malaga in 1990')).toBe(false);
    expect(othersForUs('that we are adopting a puppy', 'My wife Ilka is adopting a puppy')).toBe(false);
    expect(othersForUs('that we moved to Malaga', 'We moved to Malaga in 1990')).toBe(false);
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting what "we" did', () => {
  it("offers the others' deed instead of deleting it, and still deletes it when they are named", async () => {
    await agent.remember(['My grandparents moved to Malaga in 1990', 'My cousin sells kitchens', 'The dishwasher leaks']);
    const report = await forget('that we moved to Malaga in 1990');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'My grandparents moved to Malaga in 1990')?.why).toMatch(/; but others do it there, not "we"$/u);
    expect((await forget('that my grandparents moved to Malaga')).deleted.map((match) => match.content)).toEqual(['My grandparents moved to Malaga in 1990']);
  });
});

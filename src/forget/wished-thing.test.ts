import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { wishedThing } from './wished-thing.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe("the user's thing against a wish for it", () => {
  it("reads a noun phrase of the user's against a memory where the user only wishes, never a description speaking of the wish or a statement", () => {
    expect(wishedThing('my Kilimanjaro time', 'I would like to climb Kilimanjaro one day')).toBe(true);
    expect(wishedThing('our trip to Oslo', 'We want to visit Oslo next winter')).toBe(true);
    // The wished deed named as a noun of its stem is the goal wished for.
    expect(wishedThing('my fat loss', 'I want to lose some belly fat before the wedding')).toBe(false);
    expect(wishedThing('my Kilimanjaro dream', 'I would like to climb Kilimanjaro one day')).toBe(false);
    expect(wishedThing('my plan to climb Kilimanjaro', 'I would like to climb Kilimanjaro one day')).toBe(false);
    expect(wishedThing('that I climbed Kilimanjaro', 'I would like to climb Kilimanjaro one day')).toBe(false);
    expect(wishedThing('my Kilimanjaro time', 'I climbed Kilimanjaro in 2015')).toBe(false);
    expect(wishedThing('my Kilimanjaro time', 'My brother wants to climb Kilimanjaro')).toBe(false);
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting a thing only wished for', () => {
  it('offers the wish instead of deleting it, and still deletes it when the wish is named', async () => {
    await agent.remember(['We want to visit Oslo next winter', 'My uncle keeps pigeons', 'The boiler makes a noise']);
    const report = await forget('our trip to Oslo');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'We want to visit Oslo next winter')?.why).toMatch(/; but it only wishes for it$/u);
    expect((await forget('our wish to visit Oslo')).deleted.map((match) => match.content)).toEqual(['We want to visit Oslo next winter']);
  });
});

import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { wishedThing, wishForDone } from './wished-thing.ts';

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

describe('a wish for a thing against the deed done', () => {
  it("reads the user's wish for a thing against the user's deed, never a wish to do one, a wish stored, or another's deed", () => {
    expect(wishForDone('that I want an anchor tattoo', 'I got a tattoo of an anchor on my ankle')).toBe(true);
    expect(wishForDone('that I would like a new bike', 'I bought a new bike in March')).toBe(true);
    expect(wishForDone('that I want to become Danish', 'I applied for Danish citizenship')).toBe(false);
    expect(wishForDone('that I want a new bike', 'I want a new bike for my birthday')).toBe(false);
    expect(wishForDone('that I want a new bike', 'My brother bought a new bike')).toBe(false);
    expect(wishForDone('that I got an anchor tattoo', 'I got a tattoo of an anchor on my ankle')).toBe(false);
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

  it('offers the deed done instead of deleting it for a wish of the thing, and still deletes it when named', async () => {
    await agent.remember(['I got a tattoo of an anchor on my ankle', 'My uncle keeps pigeons', 'The boiler makes a noise']);
    const report = await forget('that I want an anchor tattoo');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'I got a tattoo of an anchor on my ankle')?.why).toMatch(/; but it says it was done, not wished for$/u);
    expect((await forget('my anchor tattoo')).deleted.map((match) => match.content)).toEqual(['I got a tattoo of an anchor on my ankle']);
  });
});

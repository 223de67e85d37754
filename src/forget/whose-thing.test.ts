import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { anothersThing } from './whose-thing.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe("the user's thing against another's", () => {
  it("reads a person's possessive or next door before the thing, never a kind's possessive or the user's own", () => {
    expect(anothersThing('that my bike got a flat tyre', "My cousin's bike got a flat tyre")).toBe('bike');
    expect(anothersThing('that our cat scratched the door', "Lotte's cat scratched the door")).toBe('cat');
    expect(anothersThing('that our hedge is too tall', 'The hedge next door is too tall')).toBe('hedge');
    expect(anothersThing('that my degree took four years', "My master's degree took four years")).toBeUndefined();
    expect(anothersThing('that my bike got a flat tyre', 'My bike got a flat tyre')).toBeUndefined();
    expect(anothersThing('the bike that got a flat tyre', "My cousin's bike got a flat tyre")).toBeUndefined();
  });
  it("reads a fact's \"User's\" (how remember_facts writes the user's own thing) as the user's, not another person's", () => {
    expect(anothersThing('my vault combination', "User's vault combination is zebra-quokka-7731")).toBeUndefined();
    expect(anothersThing('my dentist', "User's dentist is Dr. Wobblethorpe on Kestrel Street")).toBeUndefined();
    expect(anothersThing('my dentist', "Ana's dentist is Dr. Wobblethorpe on Kestrel Street")).toBe('dentist');
  });
  it('reads a thing after his, her or their as another\'s, the whole noun phrase, unless the memory also makes it the user\'s', () => {
    expect(anothersThing('my sleeping bag', 'My son Felix lost his sleeping bag at scout camp')).toBe('sleeping');
    expect(anothersThing('that my car was towed', 'My sister sold her old car last week')).toBe('car');
    expect(anothersThing('my garden', 'The neighbours water their garden at night')).toBe('garden');
    expect(anothersThing('my helmet', 'My brother borrowed my helmet and his gloves')).toBeUndefined();
    expect(anothersThing('my car', `${'We drove for hours. '.repeat(120)}My sister sold her old car`)).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe("forgetting the user's thing", () => {
  it('deletes a fact remember_facts wrote of the user\'s thing for "my" that thing', async () => {
    await agent.remember(["User's dentist is Dr. Wobblethorpe on Kestrel Street", 'The printer is out of ink', 'We booked a table for Friday']);
    expect((await forget('my dentist')).deleted.map((match) => match.content)).toEqual(["User's dentist is Dr. Wobblethorpe on Kestrel Street"]);
  });
  it("offers another's thing instead of deleting it, and deletes it when it is named so", async () => {
    await agent.remember(["Lotte's cat scratched the front door", 'The printer is out of ink', 'We booked a table for Friday']);
    const report = await forget('that our cat scratched the front door');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain("Lotte's cat scratched the front door");
    expect((await forget("that Lotte's cat scratched the front door")).deleted.map((match) => match.content)).toEqual(["Lotte's cat scratched the front door"]);
  });
  it('offers a thing a pronoun gives to another person instead of deleting it for "my"', async () => {
    await agent.remember(['My daughter Wilma left her rain jacket at school', 'The printer is out of ink', 'We booked a table for Friday']);
    const report = await forget('my rain jacket');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('My daughter Wilma left her rain jacket at school');
  });
});

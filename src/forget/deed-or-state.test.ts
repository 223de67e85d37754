import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { deedForState } from './deed-or-state.ts';
import { forgetByDescription, holdsDeed as holds } from './forget-by-description.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('a deed against a state', () => {
  it('reads a deed of a person the memory only says is or has something, never a light verb, a deed going on or one held', () => {
    expect(deedForState('that Yannick opened a bakery', 'My neighbour Yannick is a baker', holds)).toBe(true);
    expect(deedForState('that I married Rosa', 'I have a crush on my colleague Rosa', holds)).toBe(true);
    expect(deedForState('that Yannick got pregnant', 'My neighbour Yannick is pregnant', holds)).toBe(false);
    // A get-passive says what happened to the person: a memory of what they had may tell it.
    expect(deedForState('my neighbour Yannick getting sterilised', 'My neighbour Yannick had a vasectomy in May', holds)).toBe(false);
    expect(deedForState('that Yannick sterilised the jars', 'My neighbour Yannick had a vasectomy in May', holds)).toBe(true);
    expect(deedForState('that Yannick cannot have gluten', 'My neighbour Yannick is coeliac', holds)).toBe(false);
    expect(deedForState('that I cannot sleep', 'I have been struggling with insomnia', holds)).toBe(false);
    expect(deedForState('that Yannick opened a bakery', 'My sister Hedda is a baker', holds)).toBe(false);
    expect(deedForState('that Yannick opened a bakery', 'My neighbour Yannick opened a bakery', holds)).toBe(false);
  });
  it('reads "had a …" as something that happened, against a state, but not "have" nor the same thing had (round 15)', () => {
    expect(deedForState('that Yannick had a heart attack', 'My neighbour Yannick is diabetic', holds)).toBe(true);
    expect(deedForState('that Yannick had a heart attack', 'My neighbour Yannick had a heart attack in May', holds)).toBe(false);
    expect(deedForState('that Yannick cannot have bread', 'My neighbour Yannick is coeliac', holds)).toBe(false);
    expect(deedForState('that Yannick had a heart attack', 'My sister Hedda is diabetic', holds)).toBe(false);
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting a deed of someone the store only describes', () => {
  it('offers the state instead of deleting it, and still deletes it when the state is said', async () => {
    await agent.remember(['My neighbour Yannick is a baker', 'My uncle keeps pigeons', 'The boiler makes a noise']);
    const report = await forget('that Yannick opened a bakery');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'My neighbour Yannick is a baker')?.why).toMatch(/; but it says what they are or have, not that deed$/u);
    expect((await forget('that Yannick is a baker')).deleted.map((match) => match.content)).toEqual(['My neighbour Yannick is a baker']);
  });
});

import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { usersPartMissing } from './users-part.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe("the user's part in a deed", () => {
  it('reads the user as the object of another\'s deed, or the receiver of their own, against a memory without that part', () => {
    expect(usersPartMissing('that Ivo lied to me', 'Ivo lied about the football score')).toBe('it does not speak of the user');
    expect(usersPartMissing('that I baked myself a birthday cake', 'I baked my niece Lotta a birthday cake')).toBe('it is for someone else');
    expect(usersPartMissing('that Ivo lied to me', 'Ivo lied to my sister about the score')).toBeUndefined();
    expect(usersPartMissing('that Ivo lied about the score', 'Ivo lied about the football score')).toBeUndefined();
    expect(usersPartMissing('that I baked myself a cake', 'I baked a cake for my birthday')).toBeUndefined();
    expect(usersPartMissing('the money Ivo owes me', 'Ivo owes me 50 euros')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe("forgetting with the user's part", () => {
  it('offers a memory without the part instead of deleting it, and still deletes it when it is said', async () => {
    await agent.remember(['Ivo lied about the football score', 'My cousin sells kitchens', 'The dishwasher leaks']);
    const report = await forget('that Ivo lied to me');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'Ivo lied about the football score')?.why).toMatch(/; but it does not speak of the user$/u);
    expect((await forget('that Ivo lied about the score')).deleted.map((match) => match.content)).toEqual(['Ivo lied about the football score']);
  });
});

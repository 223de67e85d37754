import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { crossedRoles, relativeStatement } from './crossed-roles.ts';
import { forgetByDescription, holdsDeed as holds } from './forget-by-description.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('roles crossed by another deed', () => {
  it('reads each side\'s people in the other by two deeds that are not one event, never an opposite verb or the same deed', () => {
    expect(crossedRoles('that I taught Arlo the piano', 'My nephew Arlo plays the piano in the church', holds)).toBe(true);
    expect(crossedRoles('that Arlo borrowed my bike', 'I lent my bike to my nephew Arlo', holds)).toBe(false);
    expect(crossedRoles('that Arlo plays the piano', 'My nephew Arlo plays the piano in the church', holds)).toBe(false);
    expect(crossedRoles('that I taught Arlo to sing', 'My nephew Arlo sings in the choir', holds)).toBe(false);
  });

  it('reads a noun with the user\'s deed after it as the statement it is, not with words after the verb', () => {
    expect(relativeStatement('the festival in Montreux I missed')).toBe('I missed the festival in Montreux');
    expect(relativeStatement('the ficus I let die')).toBeUndefined();
    expect(relativeStatement('that I missed the festival')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting with the roles crossed', () => {
  it("offers the other's deed instead of deleting it, and still deletes it when it is said", async () => {
    await agent.remember(['My nephew Arlo plays the piano in the church', 'My uncle keeps pigeons', 'The boiler makes a noise']);
    const report = await forget('that I taught Arlo the piano');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'My nephew Arlo plays the piano in the church')?.why).toMatch(/; but another does another thing there$/u);
    expect((await forget('that Arlo plays the piano')).deleted.map((match) => match.content)).toEqual(['My nephew Arlo plays the piano in the church']);
  });

  it('offers a memory of another deed than the one a noun phrase names', async () => {
    await agent.remember(['I went to the jazz festival in Montreux', 'My uncle keeps pigeons', 'The boiler makes a noise']);
    const report = await forget('the festival in Montreux I missed');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'I went to the jazz festival in Montreux')?.why).toMatch(/; but it says another deed than "I missed the festival in Montreux"$/u);
    expect((await forget('the Montreux jazz festival')).deleted.map((match) => match.content)).toEqual(['I went to the jazz festival in Montreux']);
  });
});

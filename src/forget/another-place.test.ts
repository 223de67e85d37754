import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { anotherPlace } from './another-place.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('another place', () => {
  it("reads the one word a memory lacks after a preposition of place, against the memory's own place", () => {
    expect(anotherPlace('the hornet nest in the barn', 'There is a hornet nest in the garage')).toEqual({ asked: 'barn', told: 'garage' });
    expect(anotherPlace('that I met Oskar at a wedding', 'I met my husband Oskar on a dating app')).toEqual({ asked: 'wedding', told: 'dating app' });
  });

  it('is no other place for a place WordNet relates, the same place, a word not after a preposition, or a second word missing', () => {
    expect(anotherPlace('the hornet nest in the loft', 'There is a hornet nest in the attic')).toBeUndefined();
    expect(anotherPlace('the hornet nest in the garage', 'There is a hornet nest in the garage')).toBeUndefined();
    expect(anotherPlace('the hornet nest we burned', 'There is a hornet nest in the garage')).toBeUndefined();
    expect(anotherPlace('the big hornet nest in the barn', 'There is a hornet nest in the garage')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting with another place', () => {
  it('offers the memory of the other place instead of deleting it, and still deletes it without a place', async () => {
    await agent.remember(['I met my husband Oskar on a dating app', 'My uncle keeps pigeons', 'The boiler makes a noise']);
    const report = await forget('that I met Oskar at a wedding');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((match) => match.content === 'I met my husband Oskar on a dating app')?.why).toMatch(/; but it says "dating app" where the description says "wedding"$/u);
    expect((await forget('how I met Oskar')).deleted.map((match) => match.content)).toEqual(['I met my husband Oskar on a dating app']);
  });
});

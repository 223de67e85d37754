import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { oppositeParticle } from './particle-opposites.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('the same verb with the opposite particle', () => {
  it('is read with the particle after the verb or after its object, and only for the same verb', () => {
    expect(oppositeParticle('that I logged off early', 'I logged on early to finish the report')).toEqual({ verb: 'log', asked: 'off', told: 'on' });
    expect(oppositeParticle('that I switched the lights off', 'I switched the lights on at six')).toEqual({ verb: 'switch', asked: 'off', told: 'on' });
    expect(oppositeParticle('that the price of bread went up', 'The price of bread went down in May')).toEqual({ verb: 'go', asked: 'up', told: 'down' });
    expect(oppositeParticle('that Ana moved out', 'Ana moved in last week')).toEqual({ verb: 'move', asked: 'out', told: 'in' });
    // Another verb, the same particle, or a particle after a preposition's phrase: no opposite.
    expect(oppositeParticle('that I picked up the parcel', 'I dropped off the parcel')).toBeUndefined();
    expect(oppositeParticle('that I logged on early', 'I logged on early to finish the report')).toBeUndefined();
    expect(oppositeParticle('that I moved to Leeds in May', 'I moved out in May')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting the opposite deed', () => {
  it('does not delete a memory of the opposite particle, though it holds every word, and still deletes the deed itself', async () => {
    await agent.remember(['I switched the porch lights on for the party', 'The garden gate squeaks', 'We painted the shed green']);
    const report = await forget('that I switched the porch lights off');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('I switched the porch lights on for the party');
    expect((await forget('that I switched the porch lights on')).deleted.map((match) => match.content)).toEqual(['I switched the porch lights on for the party']);
  });
});

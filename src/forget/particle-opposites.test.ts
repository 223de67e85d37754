import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { oppositeParticle, oppositeWay } from './particle-opposites.ts';

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

describe('the same journey the other way', () => {
  it('reads out or there against home or back, after the same noun only', () => {
    expect(oppositeWay('that my train out was cancelled', 'My train home was cancelled because of the storm')).toEqual({ noun: 'train', asked: 'out', told: 'home' });
    expect(oppositeWay('the drive there', 'The drive back took six hours')).toEqual({ noun: 'drive', asked: 'there', told: 'back' });
    expect(oppositeWay('my train home', 'My train home was cancelled')).toBeUndefined();
    expect(oppositeWay('my train back', 'My train home was cancelled')).toBeUndefined();
    expect(oppositeWay('my bus out', 'My train home was cancelled')).toBeUndefined();
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
  it('does not delete the journey home for the journey out, though it holds every word', async () => {
    await agent.remember(['My train home was cancelled because of the storm', 'The garden gate squeaks', 'We painted the shed green']);
    expect((await forget('that my train out was cancelled')).deleted).toEqual([]);
    expect((await forget('that my train home was cancelled')).deleted.map((match) => match.content)).toEqual(['My train home was cancelled because of the storm']);
  });
});

import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { otherKin } from './kin.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('two kin words', () => {
  it('name two people unless synonyms or one covers the other', () => {
    expect(otherKin('uncle', 'father')).toBe(true);
    expect(otherKin('niece', 'daughter')).toBe(true);
    expect(otherKin('brother', 'brother-in-law')).toBe(true);
    expect(otherKin('stepmother', 'mother')).toBe(true);
    expect(otherKin('dad', 'father')).toBe(false);
    expect(otherKin('parents', 'father')).toBe(false);
    expect(otherKin('grandchildren', 'granddaughter')).toBe(false);
    expect(otherKin('uncle', 'plumber')).toBe(false);
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting by description: another relative is offered, not deleted', () => {
  it('"my niece in Ghent" does not delete the only memory naming Ghent when it is about the daughter', async () => {
    await agent.remember(['My daughter runs a bakery in Ghent', 'I sold my old bike in April', 'The dentist moved her practice']);
    const report = await forget('my niece in Ghent');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('My daughter runs a bakery in Ghent');
    expect((await forget('my daughter in Ghent')).deleted.map((match) => match.content)).toEqual(['My daughter runs a bakery in Ghent']);
  });
});

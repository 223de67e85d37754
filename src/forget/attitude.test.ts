import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { attitudeForDeed, attitudeOf } from './attitude.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('a fear or a wish at the opening of a statement', () => {
  it('is read right after the people, not in a clause after another deed', () => {
    expect(attitudeOf('I am scared of failing my exam')).toBe('fear');
    expect(attitudeOf('My dad worries about the mortgage')).toBe('fear');
    expect(attitudeOf('that Lena is really afraid of losing her flat')).toBe('fear');
    expect(attitudeOf('My brother wants a motorbike')).toBe('wish');
    expect(attitudeOf('I would like to learn Greek')).toBe('wish');
    expect(attitudeOf('I sold the car I was afraid of crashing')).toBeUndefined();
    expect(attitudeOf('I failed my exam')).toBeUndefined();
  });

  it('stands against a deed the other side states, unless both speak of the fear, and a wish asked is left to the other rules', () => {
    expect(attitudeForDeed('that I failed my exam', 'I am scared of failing my exam')).toBe('fear');
    expect(attitudeForDeed('that Lena lost her flat', 'Lena is afraid of losing her flat')).toBe('fear');
    expect(attitudeForDeed('that Lena is afraid of losing her flat', 'Lena lost her flat in May')).toBe('fear');
    expect(attitudeForDeed('that my brother bought a motorbike', 'My brother wants a motorbike')).toBe('wish');
    expect(attitudeForDeed('my fear of failing my exam', 'I am scared of failing my exam')).toBeUndefined();
    expect(attitudeForDeed('that I am scared of failing', 'I am scared of failing my exam')).toBeUndefined();
    expect(attitudeForDeed('that I want to learn Greek', 'I signed up for Greek classes')).toBeUndefined();
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting a deed beside a fear of it', () => {
  it('offers the fear instead of deleting it for the deed, and deletes it for the fear', async () => {
    await agent.remember(['I am scared of failing my driving exam', 'The car park at work is full by eight', 'My sister bakes bread']);
    const report = await forget('that I failed my driving exam');
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('I am scared of failing my driving exam');
    expect((await forget('my fear of failing the driving exam')).deleted.map((match) => match.content)).toEqual(['I am scared of failing my driving exam']);
  });
});

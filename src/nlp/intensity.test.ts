import { describe, expect, it } from 'vitest';
import { detectContentSignals } from './content-signals.ts';
import { explainIntensity, scoreIntensity } from './intensity.ts';

const score = (text: string): number => scoreIntensity(text, detectContentSignals(text));

describe('scoreIntensity', () => {
  it('scores the seed examples near 0.85 and 0.15', () => {
    expect(score('I NEVER want to use Redux again, it was a nightmare.')).toBeCloseTo(0.85, 1);
    expect(score('Oh and I tried that new café on Sukhumvit.')).toBeCloseTo(0.15, 1);
  });

  it('orders the calibration bands: aside < mild opinion < strong conviction < identity', () => {
    const aside = score('btw I tried sushi yesterday');
    const mild = score('I prefer tea over coffee');
    const strong = score('I love hiking so much!');
    const identity = score("I've been vegan for 10 years, it's who I am.");
    expect(aside).toBeGreaterThanOrEqual(0.1);
    expect(aside).toBeLessThanOrEqual(0.2);
    expect(mild).toBeGreaterThanOrEqual(0.3);
    expect(mild).toBeLessThanOrEqual(0.5);
    expect(strong).toBeGreaterThanOrEqual(0.6);
    expect(strong).toBeLessThanOrEqual(0.8);
    expect(identity).toBeGreaterThanOrEqual(0.85);
  });

  it('rises for an explicit request to remember and falls for hedging', () => {
    expect(score("Remember this: I'm allergic to peanuts")).toBeGreaterThan(score("I'm allergic to peanuts"));
    expect(score('I guess I kind of like jazz')).toBeLessThan(score('I like jazz'));
  });

  it('counts a reversal and repeated mentions', () => {
    expect(score('I changed my mind, I like Redux')).toBeGreaterThan(score('I like Redux'));
    const text = 'I like Redux';
    expect(scoreIntensity(text, detectContentSignals(text), { otherMentions: 2 })).toBeCloseTo(score(text) + 0.1, 5);
  });

  it('stays within 0..1 however much is piled on', () => {
    const loud = 'REMEMBER THIS: I ABSOLUTELY HATE Redux, it was a disaster, I have hated it for 10 years, it is who I am!!!';
    expect(score(loud)).toBe(1);
    expect(score('maybe I guess btw')).toBeGreaterThanOrEqual(0.05);
  });
});

describe('explainIntensity', () => {
  it('lists the cues that make up the score', () => {
    const { intensity, contributions } = explainIntensity('I NEVER want to use Redux again, it was a nightmare.');
    expect(contributions.map((contribution) => contribution.cue).sort()).toEqual(['absolute', 'base', 'consequence', 'preference', 'shouting']);
    const sum = contributions.reduce((total, contribution) => total + contribution.weight, 0);
    expect(intensity).toBeCloseTo(sum, 5);
  });
});

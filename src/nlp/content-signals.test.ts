import { describe, expect, it } from 'vitest';
import type { ContentSignals } from '../spec/content-signals.ts';
import { detectContentSignals, shoutedWords } from './content-signals.ts';

function on(text: string): (keyof ContentSignals)[] {
  const signals = detectContentSignals(text);
  return (Object.keys(signals) as (keyof ContentSignals)[]).filter((key) => signals[key]);
}

describe('detectContentSignals', () => {
  it('reads the seed sentence as a strong aversion with a consequence', () => {
    expect(on('I NEVER want to use Redux again, it was a nightmare.')).toEqual(['preference', 'absolute', 'consequence']);
  });

  it('reads "Oh and ..." as a passing mention and nothing else', () => {
    expect(on('Oh and I tried that new café on Sukhumvit.')).toEqual(['passingMention']);
  });

  it('asks to remember only when the user asks, not when they reminisce', () => {
    expect(detectContentSignals('Please remember that I am allergic to peanuts').explicitRemember).toBe(true);
    expect(detectContentSignals("Don't forget: the deploy key rotates on Fridays").explicitRemember).toBe(true);
    expect(detectContentSignals('I remember that time we went to Paris').explicitRemember).toBe(false);
    expect(detectContentSignals('Do you remember that song?').explicitRemember).toBe(false);
  });

  it('tells identity statements from passing states', () => {
    expect(detectContentSignals("I'm a nurse").identity).toBe(true);
    expect(detectContentSignals('I actually moved to Lisbon').identity).toBe(true);
    expect(detectContentSignals("I've been vegan for ten years").identity).toBe(true);
    expect(detectContentSignals("I'm a bit tired today").identity).toBe(false);
    expect(detectContentSignals("I'm a big fan of jazz").identity).toBe(false);
  });

  it('reads negative preferences', () => {
    expect(detectContentSignals("I don't like coffee").preference).toBe(true);
    expect(detectContentSignals('I kind of like jazz').preference).toBe(true);
    expect(detectContentSignals('The coffee machine is broken').preference).toBe(false);
  });

  it('treats shouting as absolute language but not acronyms', () => {
    expect(detectContentSignals('We deploy to AWS via the API').absolute).toBe(false);
    expect(detectContentSignals('I do NOT want that').absolute).toBe(true);
  });

  it('straightens curly apostrophes', () => {
    expect(detectContentSignals('I’m from Porto').identity).toBe(true);
  });

  it('finds nothing in neutral small talk', () => {
    expect(on('The weather is nice today.')).toEqual([]);
  });
});

describe('shoutedWords', () => {
  it('keeps stressed words and long capitalised words, drops short acronyms', () => {
    expect(shoutedWords('I NEVER want to touch AWS or the API again, SERIOUSLY')).toEqual(['NEVER', 'SERIOUSLY']);
  });
});

import { describe, expect, it } from 'vitest';
import { calculateImportance, TYPE_BASE_IMPORTANCE } from './importance.ts';

describe('calculateImportance', () => {
  it('starts from the base weight of the type', () => {
    for (const [type, base] of Object.entries(TYPE_BASE_IMPORTANCE)) {
      expect(calculateImportance({ type: type as keyof typeof TYPE_BASE_IMPORTANCE, content: 'the build finished' }).importance).toBeCloseTo(base);
    }
  });

  it('adds context bonuses and clamps at 1', () => {
    expect(calculateImportance({ type: 'observation', content: 'the build finished', context: { mentionedMe: true } }).importance).toBeCloseTo(0.6);
    expect(calculateImportance({ type: 'observation', content: 'the build finished', context: { userDirectMessage: true, actionTaken: true } }).importance).toBeCloseTo(0.65);
    expect(calculateImportance({ type: 'error', content: 'the build broke', context: { mentionedMe: true, errorRecovered: true } }).importance).toBe(1);
  });

  it.each([
    ['Remember this: the staging password rotates monthly', 0.9],
    ['I was so scared and overwhelmed after the layoffs', 0.85],
    ['I prefer dark roast over light roast', 0.8],
    ['We decided to drop support for Node 18', 0.75],
  ])('reads content signals: %s → at least %f', (content, level) => {
    expect(calculateImportance({ type: 'observation', content }).importance).toBeGreaterThanOrEqual(level);
  });

  it('caps passing mentions and small talk', () => {
    expect(calculateImportance({ type: 'chat', content: 'btw the coffee machine is broken again' }).importance).toBeCloseTo(0.3);
    expect(calculateImportance({ type: 'chat', content: 'User: good morning! how was your night?' }).importance).toBeCloseTo(0.3);
    expect(calculateImportance({ type: 'chat', content: 'Good morning, the database migration finished overnight' }).importance).toBeCloseTo(0.6);
  });

  it('lets a caller-given importance win', () => {
    expect(calculateImportance({ type: 'error', content: 'Remember this!', importance: 0.1 }).importance).toBe(0.1);
  });
});

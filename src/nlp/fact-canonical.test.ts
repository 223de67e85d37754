import { describe, expect, it } from 'vitest';
import { createOfflineAnalyzer } from '../live/offline-analyzer.ts';
import { canonicalFacts } from './fact-canonical.ts';

describe('canonicalFacts lower-cases shouted words', () => {
  it('as before: only the shouted words, wherever they stand', () => {
    expect(canonicalFacts('User NEVER wants to use Redux again', 0.85)).toEqual(['User strongly dislikes Redux']);
    expect(canonicalFacts('User REALLY loves the SEASIDE and NASA', 0.5)).toEqual(['User really loves the seaside and NASA']);
  });

  it('a shouted run of tens of thousands of capitals is read, not a SyntaxError that failed the watcher’s batch on every poll', async () => {
    const run = 'Q'.repeat(60_000);
    expect(canonicalFacts(`User typed ${run}`, 0.5)).toEqual([`User typed ${run.toLowerCase()}`]);
    const candidates = await createOfflineAnalyzer().analyze([{ id: 't:1', role: 'user', content: `I always type ${run}`, timestamp: 1 }]);
    expect(Array.isArray(candidates)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { sessionRelevance } from './session-relevance.ts';

const MINUTE = 60_000;

describe('session relevance', () => {
  it('is the mean of the best other candidates said in the same sitting, over the top count', () => {
    const rows = [
      { id: 'said-first', timestamp: 0 },
      { id: 'matches', timestamp: 1 * MINUTE },
      { id: 'matches-too', timestamp: 2 * MINUTE },
      { id: 'days-later', timestamp: 3 * 24 * 60 * MINUTE },
    ];
    const relevance = new Map([['said-first', 0.1], ['matches', 0.9], ['matches-too', 0.6], ['days-later', 0.8]]);
    const session = sessionRelevance(rows, relevance, 2);
    expect(session.get('said-first')).toBeCloseTo((0.9 + 0.6) / 2, 10);
    expect(session.get('matches')).toBeCloseTo((0.6 + 0.1) / 2, 10);
    expect(session.get('days-later')).toBe(0);
  });

  it('splits sittings at gaps longer than the window, in whatever order the rows come', () => {
    const rows = [{ id: 'b', timestamp: 31 * MINUTE }, { id: 'a', timestamp: 0 }];
    expect(sessionRelevance(rows, new Map([['a', 1], ['b', 1]]), 1).get('a')).toBe(0);
    expect(sessionRelevance(rows, new Map([['a', 1], ['b', 1]]), 1, 40 * MINUTE).get('a')).toBe(1);
  });
});

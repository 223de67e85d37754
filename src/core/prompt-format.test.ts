import { describe, expect, it } from 'vitest';
import { formatMemoriesForPrompt, timeAgo } from './prompt-format.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 5, 1, 12);

describe('prompt formatting', () => {
  it.each([
    [0.2, 'today'],
    [1.2, 'yesterday'],
    [3, '3 days ago'],
    [15, '2 weeks ago'],
    [125, '4 months ago'],
    [800, '2 years ago'],
  ])('%f days → %s', (days, text) => {
    expect(timeAgo(now - days * DAY, now)).toBe(text);
  });

  it('builds a Relevant Past Experiences block', () => {
    const block = formatMemoriesForPrompt(
      [
        { content: 'Use Postgres\nfor billing', type: 'decision', timestamp: now - DAY },
        { content: 'Deploy failed on a lock', type: 'error', timestamp: now - 3 * DAY },
      ],
      { now },
    );
    expect(block).toBe('## Relevant Past Experiences\n- (yesterday) [decision] Use Postgres for billing\n- (3 days ago) [error] Deploy failed on a lock');
  });
});

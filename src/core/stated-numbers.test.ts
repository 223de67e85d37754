import { describe, expect, it } from 'vitest';
import { sameNumbers, statedNumbers } from './stated-numbers.ts';

describe('the numbers a statement states', () => {
  it('reads codes, ordinals, times and amounts whole', () => {
    expect(statedNumbers('My flight to Rome is on March 9 at 10:30')).toEqual(['10:30', '9']);
    expect(statedNumbers('Locker 5 holds my 5th umbrella, worth 84,000 won.')).toEqual(['5', '5th', '84000']);
    expect(statedNumbers('No numbers here.')).toEqual([]);
  });

  it('tells a changed code from the same one said again', () => {
    expect(sameNumbers("User's locker code is 4471", "User's locker code is 9920 now")).toBe(false);
    expect(sameNumbers("User's locker code is 4471", 'As I said, my locker code is 4471.')).toBe(true);
    expect(sameNumbers('User prefers oolong tea', 'User really prefers oolong tea')).toBe(true);
  });
});

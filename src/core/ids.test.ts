import { decodeTime, isValid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createUlidGenerator } from './ids.ts';

describe('createUlidGenerator', () => {
  it('makes valid ULIDs of the given time, sorted within one millisecond', () => {
    const generate = createUlidGenerator();
    const at = Date.UTC(2026, 10, 27);
    const ids = Array.from({ length: 50 }, () => generate(at));
    for (const id of ids) {
      expect(isValid(id)).toBe(true);
      expect(decodeTime(id)).toBe(at);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('draws every random character evenly across pool refills', () => {
    const generate = createUlidGenerator();
    const counts = new Map<string, number>();
    // 2,000 new milliseconds × 16 random characters: eight refills of the 4 KB pool.
    for (let index = 0; index < 2000; index += 1) {
      for (const character of generate(1_000_000 + index).slice(10)) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    // 1,000 expected each; a stuck or repeating pool would leave some far off.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(200);
  });

  it('does not repeat the random part across generators', () => {
    const first = createUlidGenerator()(1_000_000);
    const second = createUlidGenerator()(1_000_000);
    expect(first.slice(10)).not.toBe(second.slice(10));
  });
});

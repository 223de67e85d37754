import { describe, expect, it } from 'vitest';
import { parseFilter } from './filter-language.ts';

describe('filter language: operand types', () => {
  it('refuses an operand whose type cannot compare with the field, naming the field and the type it needs', () => {
    const refusals: [unknown, string][] = [
      [{ importance: { $gt: '0.5' } }, 'importance'],
      [{ createdAt: { $gte: '2024-01-01' } }, 'createdAt'],
      [{ accessCount: { $lt: true } }, 'accessCount'],
      [{ importance: '0.9' }, 'importance'],
      [{ encounterCount: { $in: [1, '2'] } }, 'encounterCount'],
      [{ type: { $gt: 3 } }, 'type'],
      [{ domain: { $in: ['work', 7] } }, 'domain'],
      [{ sessionId: false }, 'sessionId'],
      // A memory's tags are a set: "greater than a tag" has no meaning (it was read as "has the tag").
      [{ tags: { $gt: 'a' } }, 'tags'],
      [{ tags: 5 }, 'tags'],
    ];
    for (const [filter, field] of refusals) {
      expect(() => parseFilter(filter), JSON.stringify(filter)).toThrow(expect.objectContaining({ code: 'INVALID_FILTER', message: expect.stringContaining(`"${field}"`) }));
    }
    expect(() => parseFilter('{"importance":{"$gt":"0.5"}}')).toThrow(/needs a number/);
  });

  it('keeps what compares: numbers with numbers, strings with strings, null for equality, anything under context.', () => {
    expect(parseFilter({ importance: { $gt: 0.5 }, createdAt: { $lt: 1_700_000_000_000 }, type: { $in: ['error', 'insight'] }, domain: null, lastAccessedAt: { $ne: null }, tags: { $nin: ['x'] } })).toHaveLength(6);
    expect(parseFilter({ source: { $gte: 'live:' }, 'context.level': { $gte: '5' }, 'context.room': { $in: [1, 'r1', true] } })).toHaveLength(3);
  });
});

describe('filter language: size', () => {
  it('refuses more conditions or values than any backend binds (SQLite: too many SQL variables, an expression tree too deep), naming the limit', () => {
    const manyValues = { source: { $in: Array.from({ length: 1_001 }, (_, index) => `s${index}`) } };
    const manyConditions = Object.fromEntries(Array.from({ length: 65 }, (_, index) => [`context.k${index}`, index]));
    const spread = { source: { $in: Array.from({ length: 600 }, (_, index) => `s${index}`) }, sessionId: { $nin: Array.from({ length: 600 }, (_, index) => `t${index}`) } };
    expect(() => parseFilter(manyValues)).toThrow(expect.objectContaining({ code: 'INVALID_FILTER', message: expect.stringContaining('1000 values') }));
    expect(() => parseFilter(manyConditions)).toThrow(expect.objectContaining({ code: 'INVALID_FILTER', message: expect.stringContaining('64 conditions') }));
    expect(() => parseFilter(spread)).toThrow(expect.objectContaining({ code: 'INVALID_FILTER', message: expect.stringContaining('1000 values') }));
    expect(parseFilter({ source: { $in: Array.from({ length: 1_000 }, (_, index) => `s${index}`) } })).toHaveLength(1);
    expect(parseFilter(Object.fromEntries(Array.from({ length: 64 }, (_, index) => [`context.k${index}`, index])))).toHaveLength(64);
  });
});

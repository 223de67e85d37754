import { describe, expect, it } from 'vitest';
import { ShortTermBuffer } from './short-term-buffer.ts';

const entry = (n: number) => ({ id: `m${n}`, n });

describe('ShortTermBuffer', () => {
  it('keeps the newest entries up to capacity and reports each eviction', () => {
    const buffer = new ShortTermBuffer<{ id: string; n: number }>(100);
    const evicted: number[] = [];
    for (let n = 0; n < 150; n += 1) {
      const out = buffer.append(entry(n));
      if (out) evicted.push(out.n);
    }
    expect(buffer.size).toBe(100);
    expect(buffer.entries().map((e) => e.n)).toEqual(Array.from({ length: 100 }, (_, i) => i + 50));
    expect(evicted).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('removes by id without disturbing order, and holes free room', () => {
    const buffer = new ShortTermBuffer<{ id: string; n: number }>(3);
    buffer.append(entry(1));
    buffer.append(entry(2));
    buffer.append(entry(3));
    expect(buffer.remove('m2')?.n).toBe(2);
    expect(buffer.append(entry(4))?.n).toBe(1);
    expect(buffer.entries().map((e) => e.n)).toEqual([3, 4]);
    expect(buffer.search((e) => e.n > 0).map((e) => e.n)).toEqual([4, 3]);
    expect(buffer.get('m3')?.n).toBe(3);
    expect(buffer.get('m1')).toBeUndefined();
  });

  it('stays correct through many removals (compaction)', () => {
    const buffer = new ShortTermBuffer<{ id: string; n: number }>(50);
    for (let n = 0; n < 1000; n += 1) {
      buffer.append(entry(n));
      if (n % 3 === 0) buffer.remove(`m${n}`);
    }
    const live = buffer.entries().map((e) => e.n);
    expect(live.length).toBeLessThanOrEqual(50);
    expect(live.every((n) => n % 3 !== 0)).toBe(true);
    expect(live.at(-1)).toBe(998); // 999 was removed (divisible by 3)
    expect([...live].sort((a, b) => a - b)).toEqual(live);
  });
});

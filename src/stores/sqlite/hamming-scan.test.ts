import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import wabt from 'wabt';
import { HAMMING_WASM, HammingScan } from './hamming-scan.ts';

function randomCode(next: () => number, bytes: number): Uint8Array {
  return Uint8Array.from({ length: bytes }, () => Math.floor(next() * 256));
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Hamming distance the slow, obvious way. */
function distance(left: Uint8Array, right: Uint8Array): number {
  let bits = 0;
  for (let index = 0; index < left.length; index += 1) for (let byte = left[index]! ^ right[index]!; byte !== 0; byte >>= 1) bits += byte & 1;
  return bits;
}

describe('the Hamming scan', () => {
  it('is hamming.wat, compiled', async () => {
    const source = fs.readFileSync(new URL('./hamming.wat', import.meta.url), 'utf8');
    const module = (await wabt()).parseWat('hamming.wat', source);
    expect(Buffer.from(module.toBinary({}).buffer).toString('base64')).toBe(HAMMING_WASM);
  });

  it('returns the seqs of the nearest codes, nearest first, as a brute-force count does', () => {
    const next = seeded(7);
    const scan = new HammingScan(64);
    const codes = new Map<number, Uint8Array>();
    for (let seq = 1; seq <= 5000; seq += 1) {
      const code = randomCode(next, 64);
      codes.set(seq * 3, code);
      scan.set(seq * 3, code); // past the first capacity (1,024): the codes move as the set grows
    }
    for (let query = 0; query < 20; query += 1) {
      const probe = randomCode(next, 64);
      const found = scan.nearest(probe, 50);
      expect(found).toHaveLength(50);
      const distances = found.map((seq) => distance(codes.get(seq)!, probe));
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      const all = [...codes.values()].map((code) => distance(code, probe)).sort((a, b) => a - b);
      expect(distances).toEqual(all.slice(0, 50));
    }
  });

  it('forgets deleted codes and replaces re-set ones, never holding more slots than codes', () => {
    const next = seeded(11);
    const scan = new HammingScan(16);
    const codes = new Map<number, Uint8Array>();
    for (let seq = 0; seq < 3000; seq += 1) codes.set(seq, randomCode(next, 16));
    for (const [seq, code] of codes) scan.set(seq, code);
    for (let seq = 0; seq < 3000; seq += 2) {
      expect(scan.delete(seq)).toBe(true);
      codes.delete(seq);
    }
    expect(scan.delete(0)).toBe(false);
    const replaced = randomCode(next, 16);
    scan.set(1, replaced);
    codes.set(1, replaced);
    expect(scan.size).toBe(1500);
    expect(scan.nearest(replaced, 1)).toEqual([1]);
    const probe = randomCode(next, 16);
    const everything = scan.nearest(probe, 10_000);
    expect(new Set(everything)).toEqual(new Set(codes.keys()));
    expect(everything.map((seq) => distance(codes.get(seq)!, probe))).toEqual([...codes.values()].map((code) => distance(code, probe)).sort((a, b) => a - b));
    scan.clear();
    expect(scan.nearest(probe, 5)).toEqual([]);
  });

  it('breaks ties by the order codes were added, and cuts a bucket of ties at the count asked', () => {
    // Codes from a few patterns: hundreds share each distance, so which of the ties come back (and in
    // what order) is the rule sign-code-vectors relies on for the same results from one search to the next.
    const next = seeded(5);
    const patterns = Array.from({ length: 6 }, () => randomCode(next, 64));
    const scan = new HammingScan(64);
    const added: { seq: number; code: Uint8Array }[] = [];
    for (let seq = 1; seq <= 3000; seq += 1) {
      const code = patterns[Math.floor(next() * patterns.length)]!;
      added.push({ seq: seq * 7, code });
      scan.set(seq * 7, code);
    }
    for (let query = 0; query < 10; query += 1) {
      const probe = query < 5 ? patterns[query]! : randomCode(next, 64);
      // A stable sort keeps the order of adding among ties.
      const expected = added.map(({ seq, code }) => ({ seq, distance: distance(code, probe) })).sort((left, right) => left.distance - right.distance);
      for (const count of [1, 400, 2999, 3000, 5000]) expect(scan.nearest(probe, count)).toEqual(expected.slice(0, count).map((entry) => entry.seq));
    }
  });

  it('refuses codes of another size', () => {
    expect(() => new HammingScan(12)).toThrow(RangeError);
    expect(() => new HammingScan(16).set(1, new Uint8Array(8))).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from '../../working/similarity.ts';
import { cosineToHalfBlob, fromHalfBlob, signCode, signCodeBytes, squaredNorm, toHalfBits, toHalfBlob } from './vector-codes.ts';

function seededVector(seed: number, dimensions: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: dimensions }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  });
}

describe('half-precision vectors', () => {
  it('encodes the IEEE 754 binary16 patterns of exact values, rounding to nearest even', () => {
    expect(toHalfBits(0)).toBe(0x0000);
    expect(toHalfBits(-0)).toBe(0x8000);
    expect(toHalfBits(1)).toBe(0x3c00);
    expect(toHalfBits(-2)).toBe(0xc000);
    expect(toHalfBits(0.5)).toBe(0x3800);
    expect(toHalfBits(65504)).toBe(0x7bff); // the largest half
    expect(toHalfBits(1e6)).toBe(0x7c00); // overflows to infinity
    expect(toHalfBits(2 ** -24)).toBe(0x0001); // the smallest subnormal
    expect(toHalfBits(1 + 2 ** -11)).toBe(0x3c00); // a tie rounds to the even neighbour
    expect(toHalfBits(1 + 3 * 2 ** -11)).toBe(0x3c02);
  });

  it('round-trips every finite half exactly', () => {
    const all = new Uint8Array(65536 * 2);
    for (let bits = 0; bits < 65536; bits += 1) {
      all[bits * 2] = bits & 0xff;
      all[bits * 2 + 1] = bits >> 8;
    }
    const values = fromHalfBlob(all);
    for (let bits = 0; bits < 65536; bits += 1) {
      if ((bits & 0x7c00) === 0x7c00) continue; // infinities and NaN
      expect(toHalfBits(values[bits]!)).toBe(bits);
    }
  });

  it('keeps cosine similarity within 1e-3 of float32 and reads the blob in place', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const left = seededVector(seed, 512);
      const right = seededVector(seed + 1000, 512);
      const blob = toHalfBlob(right);
      expect(blob.byteLength).toBe(1024);
      expect(Math.abs(cosineToHalfBlob(left, squaredNorm(left), blob) - cosineSimilarity(left, right))).toBeLessThan(1e-3);
      expect(Math.abs(cosineSimilarity(left, fromHalfBlob(blob)) - cosineSimilarity(left, right))).toBeLessThan(1e-3);
    }
    expect(cosineToHalfBlob(new Float32Array(4), 0, toHalfBlob(Float32Array.of(1, 2, 3, 4)))).toBe(0);
  });

  it('gives the same cosine to the last bit wherever the blob lies in its buffer, odd lengths too', () => {
    // The blob is read two components at a time where it lies on a 4-byte boundary, else byte by byte:
    // the same components summed in the same order, so a search's scores never depend on where SQLite put them.
    for (const dimensions of [512, 7, 1]) {
      for (let seed = 1; seed <= 20; seed += 1) {
        const query = seededVector(seed, dimensions);
        const blob = toHalfBlob(seededVector(seed + 500, dimensions));
        const values = fromHalfBlob(blob);
        let dot = 0;
        let norm = 0;
        for (let index = 0; index < dimensions; index += 1) {
          dot += values[index]! * query[index]!;
          norm += values[index]! * values[index]!;
        }
        const expected = dot / Math.sqrt(norm * squaredNorm(query));
        for (const offset of [0, 1, 2, 3, 4]) {
          const placed = new Uint8Array(blob.byteLength + 8);
          placed.set(blob, offset);
          expect(cosineToHalfBlob(query, squaredNorm(query), placed.subarray(offset, offset + blob.byteLength))).toBe(expected);
        }
      }
    }
  });
});

describe('sign codes', () => {
  it('sets one bit a positive component, in whole 64-bit words', () => {
    expect(signCodeBytes(512)).toBe(64);
    expect(signCodeBytes(100)).toBe(16);
    const code = signCode(Float32Array.of(1, -1, 0, 2, ...new Array<number>(60).fill(-1), 3));
    expect(code.byteLength).toBe(16);
    expect(code[0]).toBe(0b1001);
    expect(code[8]).toBe(0b1); // component 64
    expect(code.subarray(9).every((byte) => byte === 0)).toBe(true);
  });
});

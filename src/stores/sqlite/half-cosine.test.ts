import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import wabt from 'wabt';
import { HALF_COSINE_WASM } from './half-cosine.ts';
import { cosinesOfConcatenated, cosineToHalfBlob, squaredNorm, toHalfBlob } from './vector-codes.ts';

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('the half-precision dot products in WebAssembly', () => {
  it('is half-cosine.wat, compiled', async () => {
    const source = fs.readFileSync(new URL('./half-cosine.wat', import.meta.url), 'utf8');
    const module = (await wabt()).parseWat('half-cosine.wat', source);
    expect(Buffer.from(module.toBinary({}).buffer).toString('base64')).toBe(HALF_COSINE_WASM);
  });

  it('gives every concatenated vector the cosine the JavaScript loop gives, to the last bit', () => {
    // Zeros, subnormals, large and small components, and a vector of zeros (cosine 0), at two sizes, the
    // second search larger than the first (the memory grows between them), the last in three chunks.
    const next = seeded(3);
    const component = () => {
      const kind = next();
      if (kind < 0.1) return 0;
      if (kind < 0.15) return (next() - 0.5) * 1e-6;
      if (kind < 0.2) return (next() - 0.5) * 300;
      return next() - 0.5;
    };
    for (const [count, dimensions] of [[50, 512], [700, 512], [30, 64], [2500, 64]] as const) {
      const vectors = Array.from({ length: count }, (_, index) => Float32Array.from({ length: dimensions }, () => (index === 7 ? 0 : component())));
      const blobs = vectors.map((vector) => toHalfBlob(vector));
      const query = Float32Array.from({ length: dimensions }, component);
      const row: [string, string, Buffer] = [JSON.stringify(blobs.map((_, index) => index)), JSON.stringify(blobs.map((blob) => blob.byteLength)), Buffer.concat(blobs)];
      const { keys, similarities } = cosinesOfConcatenated<number>(query, row);
      expect(keys).toEqual(blobs.map((_, index) => index));
      expect([...similarities]).toEqual(blobs.map((blob) => cosineToHalfBlob(query, squaredNorm(query), blob)));
      expect(similarities[7]).toBe(0);
    }
  });

  it('scores vectors of another length than the query in JavaScript, as before', () => {
    const query = Float32Array.of(0.5, -0.25, 1, 2);
    const blobs = [toHalfBlob(Float32Array.of(1, 2, 3, 4)), toHalfBlob(Float32Array.of(1, 2, 3)), toHalfBlob(Float32Array.of(-1, 0.5, 2, 1, 7))];
    const row: [string, string, Buffer] = [JSON.stringify(['a', 'b', 'c']), JSON.stringify(blobs.map((blob) => blob.byteLength)), Buffer.concat(blobs)];
    expect([...cosinesOfConcatenated<string>(query, row).similarities]).toEqual(blobs.map((blob) => cosineToHalfBlob(query, squaredNorm(query), blob)));
  });
});

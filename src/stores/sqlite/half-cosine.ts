// Dot products of a float32 query with many half-precision vectors, in WebAssembly (half-cosine.wat): the
// loop of cosinesOfConcatenated (vector-codes.ts), which a search runs over its 400 candidates, summed in the
// same f64 order as the JavaScript loop, so to the same bits.

/** `half-cosine.wat` compiled (wabt 1.0.39); half-cosine.test.ts proves the two agree. */
export const HALF_COSINE_WASM =
  'AGFzbQEAAAABCgFgBn9/f39/fwADAgEABQMBAAEHEQIGbWVtb3J5AgAEZG90cwAACqgBAaUBAgR/A3wgASEIAkADQCAGIAJPDQFEAAAAAAAAAAAhCkQAAAAAAAAAACELIAQhCUEAIQcCQANAIAcgA08NASAAIAgvAQBBAnRqKgIAuyEMIAogDCAJKgIAu6KgIQogCyAMIAyioCELIAhBAmohCCAJQQRqIQkgB0EBaiEHDAALCyAFIAZBBHRqIAo5AwAgBSAGQQR0aiALOQMIIAZBAWohBgwACwsL';

interface HalfCosineExports {
  memory: WebAssembly.Memory;
  dots(table: number, vectors: number, count: number, dimensions: number, query: number, out: number): void;
}

const PAGE = 65536;
const align8 = (value: number) => Math.ceil(value / 8) * 8;
/** The float32 value of each of the 65,536 half bit patterns, at the start of the memory. */
const TABLE_BYTES = 65536 * 4;

/** Vectors scored a call of the WebAssembly function. */
const CHUNK_VECTORS = 1_024;

/** One instance a thread (a module's state is per thread), its table written once. */
let instance: HalfCosineExports | null = null;

/**
 * For each of `count` vectors of `query.length` halves lying one after another in `bytes`: its dot product with
 * `query` and its squared norm, at [2i] and [2i + 1], each component read through `table` (the float32 value of
 * every half bit pattern) and summed in f64 in index order — what a JavaScript loop over them gives, bit for bit.
 *
 * @example
 * const sums = halfDots(halves, concatenated, 400, queryVector); // sums[0] = dot of vector 0, sums[1] = its norm²
 */
export function halfDots(table: Float32Array, bytes: Uint8Array, count: number, query: Float32Array): Float64Array {
  if (instance === null) {
    instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(HALF_COSINE_WASM, 'base64'))).exports as unknown as HalfCosineExports;
    instance.memory.grow(Math.ceil(TABLE_BYTES / PAGE));
    new Float32Array(instance.memory.buffer, 0, 65536).set(table);
  }
  const { memory, dots } = instance;
  const sums = new Float64Array(count * 2);
  const vectorBytes = query.length * 2;
  const queryAt = TABLE_BYTES;
  const vectorsAt = align8(queryAt + query.length * 4);
  // A chunk at a time, so the memory (which never shrinks) stays near 1.3 MB for 512-d vectors whatever a caller
  // scores (fact recognition scores every fact of an agent).
  const chunk = Math.min(count, CHUNK_VECTORS);
  const outAt = align8(vectorsAt + chunk * vectorBytes);
  const needed = outAt + chunk * 16;
  if (needed > memory.buffer.byteLength) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
  new Float32Array(memory.buffer, queryAt, query.length).set(query);
  for (let first = 0; first < count; first += CHUNK_VECTORS) {
    const size = Math.min(CHUNK_VECTORS, count - first);
    new Uint8Array(memory.buffer, vectorsAt, size * vectorBytes).set(bytes.subarray(first * vectorBytes, (first + size) * vectorBytes));
    dots(0, vectorsAt, size, query.length, queryAt, outAt);
    sums.set(new Float64Array(memory.buffer, outAt, size * 2), first * 2);
  }
  return sums;
}

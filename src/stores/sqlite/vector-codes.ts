// The two compact forms an agent's vectors are kept in (issue #16: memory per memory).
//
// - Half-precision floats (IEEE 754 binary16) on disk: 1 KB for a 512-d vector instead of 2 KB. A
//   2 KB float32 row never shares a 4 KB SQLite page with another (the table of float32 copies took
//   4,105 bytes a memory at 10k memories; `dbstat`), three 1 KB rows do. Cosine similarity from the
//   half-precision copy differs from float32 by < 1e-3 (a component keeps 11 significant bits).
// - Sign codes in memory: one bit a dimension (64 bytes for 512-d), scanned by Hamming distance to
//   pick the candidates that are then scored exactly (sign-code-vectors.ts).

import { halfDots } from './half-cosine.ts';

/** float32 value of each of the 65,536 half-precision bit patterns (256 KB, built once). */
let halfTable: Float32Array | null = null;

function decodeHalf(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : Number.NaN;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

function halves(): Float32Array {
  if (halfTable === null) {
    halfTable = new Float32Array(65536);
    for (let bits = 0; bits < 65536; bits += 1) halfTable[bits] = decodeHalf(bits);
  }
  return halfTable;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The nearest half-precision bit pattern of `value` (round half to even; overflow to ±Infinity). */
export function toHalfBits(value: number): number {
  f32[0] = value;
  const bits = u32[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa !== 0 ? 0x200 : 0);
  const halfExponent = exponent - 127 + 15;
  if (halfExponent >= 0x1f) return sign | 0x7c00;
  // Subnormal (|value| < 6.1e-5): a multiple of 2^-24; rounding half up here, one unit at most.
  if (halfExponent <= 0) return sign | Math.round(Math.abs(value) * 2 ** 24);
  let half = sign | (halfExponent << 10) | (mantissa >> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half += 1; // may carry into the exponent: still correct
  return half;
}

/** `vector` as half-precision floats, little-endian, 2 bytes a dimension. */
export function toHalfBlob(vector: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(vector.length * 2);
  for (let index = 0; index < vector.length; index += 1) out.writeUInt16LE(toHalfBits(vector[index]!), index * 2);
  return out;
}

/** The float32 vector a half-precision blob holds. */
export function fromHalfBlob(blob: Uint8Array): Float32Array {
  const table = halves();
  const out = new Float32Array(blob.byteLength >> 1);
  for (let index = 0; index < out.length; index += 1) out[index] = table[blob[index * 2]! | (blob[index * 2 + 1]! << 8)]!;
  return out;
}

/** The squared norm of `vector`, for {@link cosineToHalfBlob}. */
export function squaredNorm(vector: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < vector.length; index += 1) sum += vector[index]! * vector[index]!;
  return sum;
}

/**
 * Cosine similarity of a float32 query and a half-precision blob, read in place (no copy: recall
 * scores a few hundred candidates a query). 0 when either is all zeros.
 */
export function cosineToHalfBlob(query: Float32Array, queryNorm2: number, blob: Uint8Array): number {
  return cosineAt(query, queryNorm2, blob, pairsOf(blob), 0, blob.byteLength);
}

/** `bytes` as little-endian pairs of halves (32-bit words), or null where it does not lie on a 4-byte boundary. */
function pairsOf(bytes: Uint8Array): Uint32Array | null {
  return LITTLE_ENDIAN && (bytes.byteOffset & 3) === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2) : null;
}

/** The cosine of `query` and the half-precision vector at `bytes[start, start + byteLength)`; `pairs` is pairsOf(bytes). */
function cosineAt(query: Float32Array, queryNorm2: number, bytes: Uint8Array, pairs: Uint32Array | null, start: number, byteLength: number): number {
  const table = halves();
  let dot = 0;
  let norm = 0;
  const length = Math.min(query.length, byteLength >> 1);
  if (pairs !== null && (start & 3) === 0) {
    // Two components at a time as a 32-bit word where the vector lies on a 4-byte boundary (a search's vectors
    // come concatenated, at multiples of their size): the same bit patterns and the same sums in the same
    // order, ~30% less time a vector than 16-bit words, ~45% less than bytes.
    const first = start >> 2;
    const count = length >> 1;
    for (let pair = 0; pair < count; pair += 1) {
      const word = pairs[first + pair]!;
      const low = table[word & 0xffff]!;
      const high = table[word >>> 16]!;
      dot += low * query[2 * pair]!;
      norm += low * low;
      dot += high * query[2 * pair + 1]!;
      norm += high * high;
    }
    if ((length & 1) === 1) {
      const value = table[bytes[start + length * 2 - 2]! | (bytes[start + length * 2 - 1]! << 8)]!;
      dot += value * query[length - 1]!;
      norm += value * value;
    }
  } else {
    for (let index = 0; index < length; index += 1) {
      const value = table[bytes[start + index * 2]! | (bytes[start + index * 2 + 1]! << 8)]!;
      dot += value * query[index]!;
      norm += value * value;
    }
  }
  return norm === 0 || queryNorm2 === 0 ? 0 : dot / Math.sqrt(norm * queryNorm2);
}

/** Whether a Uint32Array reads the blobs' little-endian pairs as they are (every platform Node runs on, checked). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Bytes of the sign code of a `dimensions`-d vector: whole 64-bit words, the Hamming scan's unit. */
export function signCodeBytes(dimensions: number): number {
  return Math.ceil(dimensions / 64) * 8;
}

/** One bit a dimension, set where the component is positive; padding bits stay 0. */
export function signCode(vector: Float32Array, out: Uint8Array = new Uint8Array(signCodeBytes(vector.length)), offset = 0): Uint8Array {
  out.fill(0, offset, offset + signCodeBytes(vector.length));
  for (let index = 0; index < vector.length; index += 1) if (vector[index]! > 0) out[offset + (index >> 3)]! |= 1 << (index & 7);
  return out;
}

/**
 * SQL that reads the half-precision vectors of the rows `from` selects as one row: their keys (`key`) and the
 * vectors' byte lengths as JSON arrays, and the vectors themselves, each concatenated by one aggregate pass,
 * so in the same row order. group_concat appends a blob's bytes as they are (its length, not a terminator,
 * bounds them) and the cast gives them back as a blob. A search reads a few hundred vectors; read as rows, each
 * came in a Buffer of its own: 400 at 100k memories 0.81-0.89 ms of CPU, 0.46-0.48 ms this way (same run, the
 * same bytes). `from` names the vector table `v`; score the row with {@link cosinesOfConcatenated}.
 */
export function concatenatedVectorsSql(key: string, from: string): string {
  return `SELECT json_group_array(${key}), json_group_array(length(v.embedding)), CAST(group_concat(v.embedding, x'') AS BLOB) ${from}`;
}

/** A row of {@link concatenatedVectorsSql}: keys and byte lengths as JSON arrays, the bytes (null for no rows). */
export type ConcatenatedVectorsRow = [keys: string, lengths: string, bytes: Buffer | null];

/** The keys of a {@link concatenatedVectorsSql} row and the cosine of `query` with each of its vectors, in its order. */
export function cosinesOfConcatenated<Key>(query: Float32Array, row: ConcatenatedVectorsRow): { keys: Key[]; similarities: Float64Array } {
  const [keyList, lengthList, bytes] = row;
  if (bytes === null) return { keys: [], similarities: new Float64Array(0) };
  const keys = JSON.parse(keyList) as Key[];
  const lengths = JSON.parse(lengthList) as number[];
  const queryNorm2 = squaredNorm(query);
  const similarities = new Float64Array(keys.length);
  if (lengths.every((length) => length === query.length * 2)) {
    // The usual case, every vector of the query's dimensions: the loop in WebAssembly, the same sums.
    const sums = halfDots(halves(), bytes, keys.length, query);
    for (let index = 0; index < keys.length; index += 1) {
      const dot = sums[2 * index]!;
      const norm = sums[2 * index + 1]!;
      similarities[index] = norm === 0 || queryNorm2 === 0 ? 0 : dot / Math.sqrt(norm * queryNorm2);
    }
    return { keys, similarities };
  }
  const pairs = pairsOf(bytes);
  let offset = 0;
  for (let index = 0; index < keys.length; index += 1) {
    const length = lengths[index]!;
    similarities[index] = cosineAt(query, queryNorm2, bytes, pairs, offset, length);
    offset += length;
  }
  return { keys, similarities };
}

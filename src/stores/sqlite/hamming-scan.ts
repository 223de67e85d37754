// A set of sign codes keyed by memory seq, held in WebAssembly memory and scanned for the codes
// nearest a query by Hamming distance. The scan is `hamming.wat` (i64.popcnt over 64-bit words);
// this file holds its compiled bytes.

/** `hamming.wat` compiled (wabt 1.0.39); hamming-scan.test.ts proves the two agree. */
export const HAMMING_WASM =
  'AGFzbQEAAAABCgFgBn9/f39/fwADAwIAAAUDAQABBxsDBm1lbW9yeQIAB2hhbW1pbmcAAARwaWNrAAEKvAMC2QIEBH8BfgF/CH4gBCABQQF0aiEGIAAhByACQQhGBEAgAykDACEMIAMpAwghDSADKQMQIQ4gAykDGCEPIAMpAyAhECADKQMoIREgAykDMCESIAMpAzghEwJAA0AgBCAGTw0BIAcpAwAgDIV7IAcpAwggDYV7fCAHKQMQIA6FeyAHKQMYIA+Fe3x8IAcpAyAgEIV7IAcpAyggEYV7fCAHKQMwIBKFeyAHKQM4IBOFe3x8fCEKIAQgCqc7AQAgBSAKp0ECdGohCyALIAsoAgBBAWo2AgAgB0HAAGohByAEQQJqIQQMAAsLDwsgAyACQQN0aiEJAkADQCAEIAZPDQFCACEKIAMhCANAIAogBykDACAIKQMAhXt8IQogB0EIaiEHIAhBCGohCCAIIAlJDQALIAQgCqc7AQAgBSAKp0ECdGohCyALIAsoAgBBAWo2AgAgBEECaiEEDAALCwtfAQR/AkADQCAGIAFPDQEgACAGQQF0ai8BACEHIAcgAk0EQCADIAdBAnRqIQggCCgCACEJIAkgBEkEQCAFIAlBAnRqIAY2AgAgCCAJQQFqNgIACwsgBkEBaiEGDAALCws=';

interface HammingExports {
  memory: WebAssembly.Memory;
  hamming(codes: number, count: number, words: number, query: number, out: number, histogram: number): void;
  pick(distances: number, count: number, cut: number, starts: number, wanted: number, picks: number): void;
}

let compiled: WebAssembly.Module | null = null;

const PAGE = 65536;
const align8 = (value: number) => Math.ceil(value / 8) * 8;

/**
 * Sign codes of one agent's vectors. Memory: the code (64 bytes for 512-d), 2 bytes of scan output
 * and 8 of seq per slot, and a Map entry from seq to slot; removing moves the last slot into the
 * hole, so the set never holds more slots than codes.
 *
 * @example
 * const set = new HammingScan(64);
 * set.set(4711, signCode(vector));
 * set.nearest(signCode(query), 400); // seqs, nearest first by Hamming distance (ties in slot order)
 */
export class HammingScan {
  readonly #codeBytes: number;
  readonly #exports: HammingExports;
  /** Largest distance between two codes. */
  readonly #maxDistance: number;
  /**
   * Memory layout: the query code at 0, then the histogram of distances and the buckets' starts (u32 each,
   * fixed), then the scan's output (u16 a slot), the codes, and past them the picked slots (u32 each).
   */
  readonly #histogramAt: number;
  readonly #startsAt: number;
  readonly #distancesAt: number;
  #capacity = 0;
  #size = 0;
  #codesAt = 0;
  #seqs = new Float64Array(0);
  readonly #slotOf = new Map<number, number>();

  constructor(codeBytes: number) {
    if (codeBytes <= 0 || codeBytes % 8 !== 0) throw new RangeError(`A sign code takes whole 64-bit words, not ${codeBytes} bytes`);
    this.#codeBytes = codeBytes;
    this.#maxDistance = codeBytes * 8;
    this.#histogramAt = align8(codeBytes);
    this.#startsAt = align8(this.#histogramAt + (this.#maxDistance + 1) * 4);
    this.#distancesAt = align8(this.#startsAt + (this.#maxDistance + 1) * 4);
    compiled ??= new WebAssembly.Module(Buffer.from(HAMMING_WASM, 'base64'));
    this.#exports = new WebAssembly.Instance(compiled).exports as unknown as HammingExports;
    this.#reserve(1024);
  }

  get size(): number {
    return this.#size;
  }

  /** Bytes this set holds: WebAssembly memory plus the seq column (the Map's entries come on top). */
  get bytes(): number {
    return this.#exports.memory.buffer.byteLength + this.#seqs.byteLength;
  }

  has(seq: number): boolean {
    return this.#slotOf.has(seq);
  }

  /** Adds the code of `seq`, or replaces it. */
  set(seq: number, code: Uint8Array): void {
    if (code.byteLength !== this.#codeBytes) throw new RangeError(`A sign code of ${code.byteLength} bytes in a set of ${this.#codeBytes}-byte codes`);
    let slot = this.#slotOf.get(seq);
    if (slot === undefined) {
      if (this.#size === this.#capacity) this.#reserve(this.#capacity * 2);
      slot = this.#size;
      this.#size += 1;
      this.#slotOf.set(seq, slot);
      this.#seqs[slot] = seq;
    }
    new Uint8Array(this.#exports.memory.buffer, this.#codesAt + slot * this.#codeBytes, this.#codeBytes).set(code);
  }

  delete(seq: number): boolean {
    const slot = this.#slotOf.get(seq);
    if (slot === undefined) return false;
    this.#slotOf.delete(seq);
    const last = this.#size - 1;
    if (slot !== last) {
      const moved = this.#seqs[last]!;
      this.#seqs[slot] = moved;
      this.#slotOf.set(moved, slot);
      new Uint8Array(this.#exports.memory.buffer).copyWithin(this.#codesAt + slot * this.#codeBytes, this.#codesAt + last * this.#codeBytes, this.#codesAt + (last + 1) * this.#codeBytes);
    }
    this.#size = last;
    return true;
  }

  clear(): void {
    this.#slotOf.clear();
    this.#size = 0;
  }

  /**
   * The seqs of the `count` codes nearest `query` (fewer when the set is smaller), nearest first.
   * Distances are counted into a histogram, so picking the nearest is linear, not a sort of all.
   */
  nearest(query: Uint8Array, count: number): number[] {
    if (count <= 0 || this.#size === 0) return [];
    const wanted = Math.min(count, this.#size);
    const picksAt = this.#codesAt + this.#capacity * this.#codeBytes;
    const { memory } = this.#exports;
    if (picksAt + wanted * 4 > memory.buffer.byteLength) memory.grow(Math.ceil((picksAt + wanted * 4 - memory.buffer.byteLength) / PAGE));
    new Uint8Array(memory.buffer, 0, this.#codeBytes).set(query);
    const histogram = new Uint32Array(memory.buffer, this.#histogramAt, this.#maxDistance + 1).fill(0);
    this.#exports.hamming(this.#codesAt, this.#size, this.#codeBytes / 8, 0, this.#distancesAt, this.#histogramAt);
    // Bucket start positions for the distances up to the cut, so one pass places each pick in order.
    const starts = new Uint32Array(memory.buffer, this.#startsAt, this.#maxDistance + 1);
    let cut = 0;
    for (let taken = 0; cut <= this.#maxDistance; cut += 1) {
      starts[cut] = taken;
      taken += histogram[cut]!;
      if (taken >= wanted) break;
    }
    this.#exports.pick(this.#distancesAt, this.#size, cut, this.#startsAt, wanted, picksAt);
    const slots = new Uint32Array(memory.buffer, picksAt, wanted);
    const picked = new Array<number>(wanted);
    for (let index = 0; index < wanted; index += 1) picked[index] = this.#seqs[slots[index]!]!;
    return picked;
  }

  /** Makes room for `capacity` codes: scan output sits before the codes, so the codes move up. */
  #reserve(capacity: number): void {
    const codesAt = align8(this.#distancesAt + capacity * 2);
    const needed = codesAt + capacity * this.#codeBytes;
    const { memory } = this.#exports;
    if (needed > memory.buffer.byteLength) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
    if (this.#size > 0) new Uint8Array(memory.buffer).copyWithin(codesAt, this.#codesAt, this.#codesAt + this.#size * this.#codeBytes);
    const seqs = new Float64Array(capacity);
    seqs.set(this.#seqs.subarray(0, this.#size));
    this.#seqs = seqs;
    this.#codesAt = codesAt;
    this.#capacity = capacity;
  }
}

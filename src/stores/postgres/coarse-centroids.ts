/**
 * Coarse centroids for the core PostgreSQL vector path (IVF): spherical k-means on a sample of an
 * agent's vectors, each vector's list = its nearest centroid, and a query probes its nearest lists.
 * Pure functions over Float32Arrays; vector-lists.ts keeps them in the database.
 */

export interface CoarseCentroids {
  centroids: Float32Array[];
  /** Each centroid's sign bits, 32 dimensions a word: the shortlist for assignment. */
  signs: Uint32Array[];
}

/** How many centroids, by Hamming distance of the sign bits, are compared exactly when assigning. */
const SHORTLIST = 8;

/** One bit a dimension, set where the value is positive, packed 32 a word. */
export function signWords(vector: Float32Array): Uint32Array {
  const words = new Uint32Array(Math.ceil(vector.length / 32));
  for (let index = 0; index < vector.length; index += 1) if (vector[index]! > 0) words[index >>> 5]! |= 1 << (index & 31);
  return words;
}

function popcount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function hamming(left: Uint32Array, right: Uint32Array): number {
  let distance = 0;
  for (let index = 0; index < left.length; index += 1) distance += popcount(left[index]! ^ right[index]!);
  return distance;
}

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index]! * right[index]!;
  return sum;
}

function normalized(vector: Float32Array): Float32Array {
  const norm = Math.sqrt(dot(vector, vector));
  if (norm > 0) for (let index = 0; index < vector.length; index += 1) vector[index] = vector[index]! / norm;
  return vector;
}

export function withSigns(centroids: Float32Array[]): CoarseCentroids {
  return { centroids, signs: centroids.map(signWords) };
}

/**
 * The list of `vector`: its most similar centroid among the few nearest by Hamming distance of the
 * sign bits. Comparing every centroid exactly costs lists × d multiply-adds a vector (16 G to assign
 * 100k vectors to 316 lists: ~20 s in V8); the shortlist makes it ~1 s.
 */
export function nearestList(coarse: CoarseCentroids, vector: Float32Array, signs: Uint32Array = signWords(vector)): number {
  const { centroids } = coarse;
  if (centroids.length <= SHORTLIST) return bestOf(coarse.centroids.map((_, list) => list), centroids, vector);
  const distances = coarse.signs.map((centroidSigns, list) => ({ list, distance: hamming(signs, centroidSigns) }));
  distances.sort((left, right) => left.distance - right.distance);
  return bestOf(distances.slice(0, SHORTLIST).map((entry) => entry.list), centroids, vector);
}

function bestOf(lists: number[], centroids: Float32Array[], vector: Float32Array): number {
  let best = lists[0]!;
  let bestSimilarity = -Infinity;
  for (const list of lists) {
    const similarity = dot(centroids[list]!, vector);
    if (similarity > bestSimilarity) [best, bestSimilarity] = [list, similarity];
  }
  return best;
}

/** The `count` lists whose centroids are most similar to the query, compared exactly (a query pays lists × d once). */
export function nearestLists(coarse: CoarseCentroids, query: Float32Array, count: number): number[] {
  return coarse.centroids
    .map((centroid, list) => ({ list, similarity: dot(centroid, query) }))
    .sort((left, right) => right.similarity - left.similarity)
    .slice(0, count)
    .map((entry) => entry.list);
}

/** A deterministic generator: the same sample trains the same centroids. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/**
 * Spherical k-means (cosine): `lists` centroids from distinct sample vectors, then `iterations` rounds
 * of assignment and re-centring on the unit sphere; a list left empty takes a random sample vector.
 * `pause` lets the caller yield between rounds (training runs in a server process beside recalls).
 */
export async function trainCentroids(sample: Float32Array[], lists: number, options: { iterations?: number; seed?: number; pause?: () => Promise<void> } = {}): Promise<CoarseCentroids> {
  const random = seededRandom(options.seed ?? 1);
  const order = sample.map((_, index) => index);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  const count = Math.max(1, Math.min(lists, sample.length));
  let coarse = withSigns(order.slice(0, count).map((index) => normalized(Float32Array.from(sample[index]!))));
  const sampleSigns = sample.map(signWords);
  const dimensions = sample[0]?.length ?? 0;
  for (let round = 0; round < (options.iterations ?? 8); round += 1) {
    const sums = Array.from({ length: count }, () => new Float32Array(dimensions));
    const members = new Uint32Array(count);
    sample.forEach((vector, index) => {
      const list = nearestList(coarse, vector, sampleSigns[index]);
      const sum = sums[list]!;
      for (let dimension = 0; dimension < dimensions; dimension += 1) sum[dimension] = sum[dimension]! + vector[dimension]!;
      members[list]! += 1;
    });
    coarse = withSigns(sums.map((sum, list) => (members[list] === 0 ? Float32Array.from(sample[Math.floor(random() * sample.length)]!) : normalized(sum))));
    await options.pause?.();
  }
  return coarse;
}

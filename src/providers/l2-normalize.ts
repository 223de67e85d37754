/**
 * Scales a vector to unit length in a new Float32Array. Every embedder returns
 * unit vectors so the index can use a dot product as cosine similarity; a
 * zero vector (nothing to point at) is returned as zeros rather than NaN.
 */
export function l2Normalize(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += value * value;
  const norm = Math.sqrt(sumOfSquares);
  if (norm === 0 || !Number.isFinite(norm)) return vector;
  for (let index = 0; index < vector.length; index += 1) vector[index] = vector[index]! / norm;
  return vector;
}

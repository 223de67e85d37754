/** Percentiles and timing helpers shared by the benchmarks. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function summarize(samples: number[]): { p50: number; p95: number; mean: number; n: number } {
  const mean = samples.reduce((total, value) => total + value, 0) / Math.max(1, samples.length);
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), mean: round(mean), n: samples.length };
}

export async function timeEach(count: number, work: (index: number) => unknown | Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    await work(index);
    samples.push(performance.now() - start);
  }
  return samples;
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function verdict(value: number, target: number): string {
  return value <= target ? `OK (≤ ${target})` : `MISSED (target ≤ ${target})`;
}

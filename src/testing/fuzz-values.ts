// Seeded random payloads for fuzzing the tool and HTTP boundaries. A failing payload can be replayed
// from its seed, so every fuzz test and the reliability suite share one generator.

/** mulberry32: a small seeded generator (uniform in [0, 1)). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = ['text', 'content', 'metadata', 'intensity', 'type', 'key', 'find', 'replace', 'query', 'limit', 'kind', 'description', 'ids', 'importance', 'tags', '__proto__', 'constructor', ''];
const ODD_STRINGS = ['', ' ', '\u0000', '../../etc/passwd', "'; DROP TABLE memories; --", '"', 'NEAR(a b)', '🙂'.repeat(3), 'persona', 'human', 'I live in Berlin.', 'fact', 'memory', 'decision', 'x'.repeat(70)];

/** Any JSON-ish value, biased towards the shapes that break validators: nulls, odd numbers, huge and hostile strings. */
export function randomValue(random: () => number, depth = 0): unknown {
  const pick = random();
  if (pick < 0.12) return null;
  if (pick < 0.2) return undefined;
  if (pick < 0.3) return random() < 0.5;
  if (pick < 0.45) return [0, -1, 1, 0.5, 1.5, 1e308, -0, Number.NaN, Number.POSITIVE_INFINITY, 51, 3.7][Math.floor(random() * 11)];
  if (pick < 0.7) return ODD_STRINGS[Math.floor(random() * ODD_STRINGS.length)];
  if (pick < 0.78) return 'y'.repeat(random() < 0.5 ? 20_001 : 100_001);
  if (pick < 0.86 && depth < 2) return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
  if (depth < 2) return randomObject(random, depth + 1);
  return String.fromCharCode(...Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * 0xd7ff)));
}

/** An object of up to three fields drawn from the names the tools and routes read. */
export function randomObject(random: () => number, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let count = Math.floor(random() * 4); count > 0; count -= 1) object[FIELDS[Math.floor(random() * FIELDS.length)]!] = randomValue(random, depth);
  return object;
}

/** One element of a list, uniformly. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

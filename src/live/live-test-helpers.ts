import fs from 'node:fs';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { Clock } from '../spec/clock.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock tests move by hand. */
export function createManualClock(start = Date.UTC(2026, 0, 5, 9)): Clock & { advance(ms: number): void; set(ms: number): void } {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms), set: (ms) => void (now = ms) };
}

/** An engine for live tests: hash embedder (fast, deterministic), optional manual clock. */
export function openTestMemory(home: string, options: { agentId?: string; clock?: Clock } = {}): Promise<Hippocampus> {
  return createHippocampus({ home, agentId: options.agentId ?? 'ada', embedder: createHashEmbedder(), ...(options.clock ? { clock: options.clock } : {}) });
}

/** Appends transcript lines as a writer would: one JSON object per line. */
export function appendLines(file: string, lines: (Record<string, unknown> | string)[]): void {
  fs.appendFileSync(file, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n');
}

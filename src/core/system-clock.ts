import type { Clock } from '../spec/clock.ts';

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export function createManualClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}

import { monotonicFactory } from 'ulid';
import type { IdGenerator } from '../spec/clock.ts';

/** ULIDs that stay sorted even when many are made in the same millisecond. */
export function createUlidGenerator(): IdGenerator {
  const next = monotonicFactory();
  return (time?: number) => next(time);
}

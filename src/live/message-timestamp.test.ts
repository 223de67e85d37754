import { afterEach, describe, expect, it } from 'vitest';
import { storableTimestamp } from './message-timestamp.ts';

describe('a message time written as a date string', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("reads a time without a zone as UTC, whatever the machine's zone: SQLite's CURRENT_TIMESTAMP writes UTC that way", () => {
    process.env.TZ = 'America/New_York';
    const utc = Date.UTC(2025, 10, 24, 10, 0, 0);
    expect(storableTimestamp('2025-11-24 10:00:00')).toEqual({ ms: utc });
    expect(storableTimestamp('2025-11-24T10:00:00')).toEqual({ ms: utc });
    expect(storableTimestamp('2025-11-24 10:00:00.250')).toEqual({ ms: utc + 250 });
    expect(storableTimestamp('2025-11-24 10:00')).toEqual({ ms: utc });
  });

  it('keeps a zone the string names, and a date alone as UTC midnight', () => {
    process.env.TZ = 'America/New_York';
    expect(storableTimestamp('2025-11-24T10:00:00+02:00')).toEqual({ ms: Date.UTC(2025, 10, 24, 8) });
    expect(storableTimestamp('2025-11-24T10:00:00Z')).toEqual({ ms: Date.UTC(2025, 10, 24, 10) });
    expect(storableTimestamp('2025-11-24')).toEqual({ ms: Date.UTC(2025, 10, 24) });
  });
});

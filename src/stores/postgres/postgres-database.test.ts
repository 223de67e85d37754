import { describe, expect, test } from 'vitest';
import { serialConnectionOptions } from './postgres-database.ts';

describe('serialConnectionOptions', () => {
  test("keeps the caller's startup options from the URL and turns parallel workers off after them", () => {
    expect(serialConnectionOptions('postgres://ada@db:5432/memories?options=-c%20search_path%3Dhippo')).toBe('-c search_path=hippo -c max_parallel_workers_per_gather=0');
  });

  test('a URL without options, or no URL at all, gets parallel workers off alone (PGOPTIONS unset)', () => {
    const saved = process.env.PGOPTIONS;
    delete process.env.PGOPTIONS;
    try {
      expect(serialConnectionOptions('postgres://ada@db:5432/memories')).toBe('-c max_parallel_workers_per_gather=0');
      expect(serialConnectionOptions(undefined)).toBe('-c max_parallel_workers_per_gather=0');
      process.env.PGOPTIONS = '-c work_mem=64MB';
      expect(serialConnectionOptions('not a url')).toBe('-c work_mem=64MB -c max_parallel_workers_per_gather=0');
    } finally {
      if (saved === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = saved;
    }
  });
});

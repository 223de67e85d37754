import { defineConfig } from 'vitest/config';

// The standing reliability suite (`npm run test:reliability`): kill -9 trials, concurrent processes,
// fuzzing, browser attacks and a soak. Minutes to an hour, so never part of `npm test`.
export default defineConfig({
  test: {
    include: ['src/**/*.reliability.ts'],
    testTimeout: 5 * 60_000,
    hookTimeout: 5 * 60_000,
    // One file at a time: the soak and the concurrency runs measure the machine, so nothing may run beside them.
    fileParallelism: false,
    maxWorkers: 1,
  },
});

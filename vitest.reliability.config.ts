import { defineConfig } from 'vitest/config';

// The reliability suite (tests/reliability): permissions, bad input, abuse, load and fairness, faults.
// It runs against real PostgreSQL and Redis (DATABASE_URL, REDIS_URL; scripts/reliability.mjs sets the local
// ones when unset) and starts its own app processes. One file at a time: several measure latency.
// RELIABILITY_LONG=1 (npm run reliability) runs the long versions; CI runs the bounded ones.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
    setupFiles: ['tests/support/setup.ts'],
  },
});

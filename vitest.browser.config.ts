import { defineConfig } from 'vitest/config';

// Browser tests: the built app (npm run build) served by the real server, driven in headless Chromium.
// One browser at a time: files run one after another in a single worker.
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    globalSetup: ['tests/browser/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

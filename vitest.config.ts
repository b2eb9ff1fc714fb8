import { defineConfig } from 'vitest/config';

// Server, domain and UI unit tests. Browser tests have their own config (vitest.browser.config.ts).
export default defineConfig({
  test: {
    include: [
      'src/**/__tests__/**/*.test.ts',
      'src/**/__tests__/**/*.test.tsx',
      'migrations/__tests__/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    pool: 'forks',
    maxWorkers: 2,
    // Generous: several suites start real servers and run migrations on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/support/setup.ts'],
  },
});

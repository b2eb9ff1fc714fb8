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
    // Files share their worker's module cache rather than each importing the app anew in a process of its own:
    // the server suite ran in half the time (137 s against 268 s on PostgreSQL, beside the same load). Each file
    // still makes its own database, servers and containers; a file that changes process-wide state (process.env,
    // the working directory, timers) puts it back in its afterAll.
    isolate: false,
    // Generous: several suites start real servers and run migrations on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/support/setup.ts'],
  },
});

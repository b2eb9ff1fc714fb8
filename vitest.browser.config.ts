import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst, SECOND_LANE } from './tests/browser/support/sequencer';

// Browser tests: the built app (npm run build) served by the real server, driven in headless Chromium.
// Two files at a time by default (BROWSER_WORKERS=1 for one): each worker has its own browser and its own shared
// server (support/global-setup.ts), so files that run at the same time never see each other's data.
const workers = Number(process.env.BROWSER_WORKERS ?? 2);
// npm test splits the files in two lanes (support/sequencer.ts, SECOND_LANE); unset, every file.
const lane = process.env.BROWSER_LANE;

export default defineConfig({
  test: {
    include: lane === 'second' ? SECOND_LANE : ['tests/browser/**/*.test.ts'],
    exclude: lane === 'first' ? [...configDefaults.exclude, ...SECOND_LANE] : configDefaults.exclude,
    globalSetup: ['tests/browser/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    sequence: { sequencer: LongestFirst },
    // Two browsers share the machine's cores (and the server suites run beside them in npm test): the screenshot
    // matrices take longer than on a quiet machine.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll waits for the same value, only longer than vitest's 1 s before it gives up: a screen under load
    // can take more than a second to show what the server already answered.
    expect: { poll: { timeout: 10_000 } },
  },
});

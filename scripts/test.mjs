// Runs every test suite and ends with one line: "N passed, N failed".
// - server: unit and integration tests, against DATABASE_URL / REDIS_URL when set (CI), else embedded;
// - server (embedded): the same again on the embedded default, when the first run used real servers;
// - browser: the built app in headless Chromium (vitest.browser.config.ts).
// Before them, the static checks (lint, typecheck, generated API types up to date), one test each.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'artifacts', 'test-results');
mkdirSync(outDir, { recursive: true });
const extraArgs = process.argv.slice(2);

const suites = [{ name: 'server', config: 'vitest.config.ts', env: {} }];
if (process.env.DATABASE_URL || process.env.REDIS_URL) {
  suites.push({ name: 'server-embedded', config: 'vitest.config.ts', env: { DATABASE_URL: '', REDIS_URL: '' } });
}
if (existsSync(path.join(root, 'vitest.browser.config.ts')) && !process.env.SKIP_BROWSER_TESTS) {
  suites.push({ name: 'browser', config: 'vitest.browser.config.ts', env: {}, build: true });
}

let passed = 0;
let failed = 0;

// Static checks first, each counted as one test: lint (boundaries, cycles), types, generated API types.
const checks = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
];
if (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['api:check']) checks.push(['api types fresh', ['run', 'api:check']]);
console.log('\n=== checks ===');
for (const [name, args] of checks) {
  const ok = spawnSync('npm', args, { cwd: root, stdio: 'inherit' }).status === 0;
  console.log(`[check] ${name}: ${ok ? 'passed' : 'FAILED'}`);
  if (ok) passed += 1;
  else failed += 1;
}

for (const suite of suites) {
  if (suite.build) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error(`[${suite.name}] build failed`);
      failed += 1;
      continue;
    }
  }
  const output = path.join(outDir, `${suite.name}.json`);
  rmSync(output, { force: true });
  console.log(`\n=== ${suite.name} ===`);
  const env = { ...process.env, ...suite.env };
  for (const [k, v] of Object.entries(suite.env)) if (v === '') delete env[k];
  spawnSync('npx', ['vitest', 'run', '--config', suite.config, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (!existsSync(output)) {
    console.error(`[${suite.name}] produced no results`);
    failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(output, 'utf8'));
  // A file that fails outside its tests (loading, beforeAll, afterAll) counts as one failure more.
  const brokenFiles = result.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  passed += result.numPassedTests;
  failed += result.numFailedTests + brokenFiles;
  console.log(`[${suite.name}] ${result.numPassedTests} passed, ${result.numFailedTests + brokenFiles} failed`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

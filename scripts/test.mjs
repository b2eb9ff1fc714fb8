// Runs every test suite and ends with one line: "N passed, N failed".
// - server: unit and integration tests, against DATABASE_URL / REDIS_URL when set (CI), else embedded;
// - server (embedded): the same again on the embedded default, when the first run used real servers;
// - reliability: the bounded reliability suite (permissions, bad input, abuse, load, faults), with real servers only;
// - browser: the built app in headless Chromium (vitest.browser.config.ts).
// With a browser suite, the server suites run beside it (one worker each); TEST_SUITES_IN_TURN=1 runs all in turn.
// The static checks (lint, typecheck, generated API types up to date), one test each, come first, or with a browser
// suite at the head of its lane, beside the server suites.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'artifacts', 'test-results');
mkdirSync(outDir, { recursive: true });
const extraArgs = process.argv.slice(2);

const suites = [{ name: 'server', config: 'vitest.config.ts', env: {} }];
if (process.env.DATABASE_URL || process.env.REDIS_URL) {
  // Files that always run on the embedded default (tests/integration/process.test.ts) run in that run only.
  suites[0].env.EMBEDDED_RUN_FOLLOWS = '1';
  suites.push({ name: 'server-embedded', config: 'vitest.config.ts', env: { DATABASE_URL: '', REDIS_URL: '' } });
}
// The reliability suite's bounded versions (tests/reliability), on real PostgreSQL and Redis only (CI): it starts
// app processes of its own and needs both. `npm run reliability` runs the long versions.
const reliabilityDir = path.join(root, 'tests', 'reliability');
if (
  process.env.DATABASE_URL &&
  process.env.REDIS_URL &&
  !process.env.SKIP_RELIABILITY_TESTS &&
  existsSync(reliabilityDir) &&
  readdirSync(reliabilityDir).some((f) => f.endsWith('.test.ts'))
) {
  suites.push({ name: 'reliability', config: 'vitest.reliability.config.ts', env: { RELIABILITY_LONG: '0' } });
}
if (existsSync(path.join(root, 'vitest.browser.config.ts')) && !process.env.SKIP_BROWSER_TESTS) {
  // Beside the server suites (the default below), one browser file at a time: two browsers and their servers next to
  // a server suite overload a 2-core machine (a CI run took longer than one file at a time, and timing-bound tests
  // failed); run alone (TEST_SUITES_IN_TURN=1, or the browser config by itself), two at a time.
  // Beside them, the browser suite's second lane (tests/browser/support/sequencer.ts, SECOND_LANE) waits for the
  // server suites to end and then runs its files next to the first lane, which runs all the others.
  const inTurn = Boolean(process.env.TEST_SUITES_IN_TURN);
  const workers = process.env.BROWSER_WORKERS ?? (inTurn ? '2' : '1');
  const lane = inTurn ? {} : { BROWSER_LANE: 'first' };
  suites.push({
    name: 'browser',
    config: 'vitest.browser.config.ts',
    env: { BROWSER_WORKERS: workers, ...lane },
    build: true,
  });
}

let passed = 0;
let failed = 0;
/** What failed, by suite, file and test: printed again just before the last line, where a log's tail shows it. */
const failures = [];
/** Each suite's wall time (the browser suite's with its build), printed just before the last line. */
const times = [];

// The static checks, each counted as one test: lint (boundaries, cycles), types, generated API types.
// The runtime: npm puts node_modules/.bin first on PATH, so every script and test runs the project's Node
// (the npm package node@24 in devDependencies), whatever Node the machine has.
const runtimeCheck = `console.log('runtime: Node', process.version); process.exit(process.versions.node.startsWith('24.') ? 0 : 1)`;
const checks = [
  ['runtime is Node 24', ['exec', '--', 'node', '-e', runtimeCheck]],
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
];
if (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['api:check'])
  checks.push(['api types fresh', ['run', 'api:check']]);
if (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['api:lint'])
  checks.push(['API document lints clean (Redocly recommended-strict)', ['run', 'api:lint']]);

/** Reads a suite's JSON results into the totals; a suite that wrote none counts as one failure. */
function tally(suite, output) {
  if (!existsSync(output)) {
    console.error(`[${suite.name}] produced no results`);
    failed += 1;
    failures.push(`${suite.name}: no results`);
    return;
  }
  const result = JSON.parse(readFileSync(output, 'utf8'));
  // A file that fails outside its tests (loading, beforeAll, afterAll) counts as one failure more.
  const brokenFiles = result.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  passed += result.numPassedTests;
  failed += result.numFailedTests + brokenFiles;
  for (const file of result.testResults) {
    const name = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    for (const test of failedTests) {
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`${suite.name}: ${name} > ${test.fullName}${why ? ` (${why})` : ''}`);
    }
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${suite.name}: ${name} (${(file.message ?? '').split('\n')[0].slice(0, 300)})`);
  }
  console.log(`[${suite.name}] ${result.numPassedTests} passed, ${result.numFailedTests + brokenFiles} failed`);
}

function vitestArgs(suite, output) {
  return [
    'vitest',
    'run',
    '--config',
    suite.config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
    ...(suite.args ?? []),
    ...extraArgs,
  ];
}

function envOf(suite) {
  const env = { ...process.env, ...suite.env };
  for (const [k, v] of Object.entries(suite.env)) if (v === '') delete env[k];
  return env;
}

const outputOf = (suite) => {
  const output = path.join(outDir, `${suite.name}.json`);
  rmSync(output, { force: true });
  return output;
};

// The browser suite spends much of its time waiting on Chromium and one server, leaving a core mostly idle:
// with a browser suite to run, the server suites run beside it, one after the other on one worker each,
// their output kept in artifacts/test-results/<suite>.log and printed once they are done.
const serverSuites = suites.filter((suite) => !suite.build);
const browserSuite = suites.find((suite) => suite.build);
const beside = Boolean(browserSuite) && !process.env.TEST_SUITES_IN_TURN;

/** Runs a command to its end without blocking the event loop (so a suite beside it keeps going). */
function run(args, options) {
  return new Promise((resolve) => spawn('npx', args, options).on('close', resolve));
}

/**
 * The static checks, one after the other. With a browser suite they open its lane (before the build), beside the
 * server suites: neither waits for the other, and lint and tsc each keep one core busy, not two.
 */
async function runChecks() {
  console.log('\n=== checks ===');
  const checksStarted = Date.now();
  for (const [name, args] of checks) {
    const ok =
      (await new Promise((resolve) => spawn('npm', args, { cwd: root, stdio: 'inherit' }).on('close', resolve))) === 0;
    console.log(`[check] ${name}: ${ok ? 'passed' : 'FAILED'}`);
    if (ok) passed += 1;
    else {
      failed += 1;
      failures.push(`check ${name}`);
    }
  }
  times.push(['checks', Date.now() - checksStarted]);
}

/** Settles with the browser suite's build: true when it was made. */
let buildMade;
const browserBuilt = new Promise((resolve) => (buildMade = resolve));
const secondLane = {
  name: 'browser-second-lane',
  config: 'vitest.browser.config.ts',
  env: { BROWSER_WORKERS: '1', BROWSER_LANE: 'second' },
  afterBuild: true,
};

/** Runs the server suites, then the browser suite's second lane (unless the build failed); answers those it ran. */
async function runServerSuitesBeside() {
  const ran = [];
  for (const suite of [...serverSuites, secondLane]) {
    if (suite.afterBuild && !(await browserBuilt)) break;
    ran.push(suite);
    const output = outputOf(suite);
    // Straight into a file: nothing of this suite waits on this process to read its output.
    const log = openSync(path.join(outDir, `${suite.name}.log`), 'w');
    const started = Date.now();
    await run(vitestArgs({ ...suite, args: ['--maxWorkers=1'] }, output), {
      cwd: root,
      env: envOf(suite),
      stdio: ['ignore', log, log],
    });
    times.push([`${suite.name} (beside the browser suite)`, Date.now() - started]);
    closeSync(log);
  }
  return ran;
}

const besideDone = beside ? runServerSuitesBeside() : null;
await runChecks();

for (const suite of beside ? [browserSuite] : suites) {
  const started = Date.now();
  if (suite.build) {
    const status = await new Promise((resolve) =>
      spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).on('close', resolve),
    );
    if (status !== 0) {
      console.error(`[${suite.name}] build failed`);
      failed += 1;
      failures.push(`${suite.name}: build`);
      times.push([`${suite.name} (build, failed)`, Date.now() - started]);
      buildMade(false);
      continue;
    }
    buildMade(true);
    // The first screen's JavaScript budget (scripts/check-size.mjs, 200 KB gzipped), on the build just made.
    const sized = spawnSync('npm', ['run', '--silent', 'size'], { cwd: root, stdio: 'inherit' }).status === 0;
    console.log(`[check] first screen within its budget: ${sized ? 'passed' : 'FAILED'}`);
    if (sized) passed += 1;
    else {
      failed += 1;
      failures.push('check first screen within its budget (npm run size)');
    }
  }
  const output = outputOf(suite);
  console.log(`\n=== ${suite.name} ===`);
  await run(vitestArgs(suite, output), { cwd: root, stdio: 'inherit', env: envOf(suite) });
  times.push([suite.build ? `${suite.name} (with its build)` : suite.name, Date.now() - started]);
  tally(suite, output);
}

if (besideDone) {
  for (const suite of await besideDone) {
    const logPath = path.join(outDir, `${suite.name}.log`);
    console.log(`\n=== ${suite.name} (ran beside the browser suite) ===`);
    if (existsSync(logPath)) process.stdout.write(readFileSync(logPath, 'utf8'));
    tally(suite, path.join(outDir, `${suite.name}.json`));
  }
}
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const line of failures) console.log(`  ${line}`);
}
console.log('\nSuite times (wall clock):');
const width = Math.max(...times.map(([name]) => name.length));
for (const [name, ms] of times) console.log(`  ${name.padEnd(width)}  ${(ms / 1000).toFixed(0).padStart(5)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

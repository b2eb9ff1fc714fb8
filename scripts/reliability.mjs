// npm run reliability: the long versions of the reliability suite (tests/reliability), against PostgreSQL and
// Redis (the local ones unless DATABASE_URL / REDIS_URL say otherwise), then the table of figures.
// `--bounded` runs the CI versions. Any other argument goes to vitest (a file name, -t ...).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const bounded = args.includes('--bounded');
const figuresFile = path.join(root, 'artifacts', 'reliability', 'figures.jsonl');
rmSync(figuresFile, { force: true });

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  RELIABILITY_LONG: bounded ? '0' : '1',
};
const status = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.reliability.config.ts', ...args.filter((a) => a !== '--bounded')],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
).status;

if (existsSync(figuresFile)) {
  const figures = readFileSync(figuresFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  console.log('\n| Part | Figure | Value |\n| --- | --- | --- |');
  for (const f of figures) console.log(`| ${f.part} | ${f.name} | ${f.value}${f.unit ? ` ${f.unit}` : ''} |`);
}
process.exit(status ?? 1);

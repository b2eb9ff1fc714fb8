// npm run bench: bundles tests/bench/run-bench.ts (as the server build does) and runs it; see that file.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

await build({
  entryPoints: { 'run-bench': 'tests/bench/run-bench.ts' },
  outdir: 'dist/bench',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, ['dist/bench/run-bench.js'], { stdio: 'inherit' });
process.exit(run.status ?? 1);

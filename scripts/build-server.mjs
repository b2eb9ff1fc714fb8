// Bundles the server, worker and migration entry points; packages stay external (installed by npm ci).
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/http/server.ts', worker: 'src/jobs/worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
console.log('server built in dist/server');

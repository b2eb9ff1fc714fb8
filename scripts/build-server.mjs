// Bundles the server, worker and operator CLI entry points.
import { build } from 'esbuild';
import { SERVER_BUNDLE } from './server-bundle.mjs';

await build({
  ...SERVER_BUNDLE,
  entryPoints: { server: 'src/main/server.ts', worker: 'src/main/worker.ts', cli: 'src/main/cli.ts' },
  outdir: 'dist/server',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built in dist/server');

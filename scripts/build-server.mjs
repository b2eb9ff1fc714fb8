// Bundles the server and worker entry points.
import { build } from 'esbuild';
import { SERVER_BUNDLE } from './server-bundle.mjs';

await build({
  ...SERVER_BUNDLE,
  entryPoints: { server: 'src/main/server.ts', worker: 'src/main/worker.ts' },
  outdir: 'dist/server',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built in dist/server');

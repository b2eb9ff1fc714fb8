// How server code is bundled, everywhere it is: the release build, the API types script and the tests.
// package.json's dependencies stay external: what the image installs (its npm prune --omit=dev keeps them) and the
// server loads from node_modules, such as native addons and packages that read their own files. Everything else
// the server imports is inlined, so it can be a devDependency. esbuild handles the decorators.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root: the nearest folder up with a package.json (this file may be bundled into dist/bench). */
function projectRoot() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'tsconfig.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('server-bundle: no package.json above this file');
    dir = parent;
  }
  return dir;
}
const root = projectRoot();
const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** @type {import('esbuild').BuildOptions} */
export const SERVER_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // A package also marks its subpaths (@electric-sql/pglite/contrib/pg_trgm) external.
  external: Object.keys(dependencies),
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'error',
};

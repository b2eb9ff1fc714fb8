import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '../..');

/** Bundles entry points as the release build does (ESM, node20, packages left external), for spawning. */
export async function bundleForTest(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'error',
  });
}

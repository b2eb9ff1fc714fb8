import { build } from 'esbuild';
import { SERVER_BUNDLE } from '../../scripts/server-bundle.mjs';

/** Bundles entry points as the release build does, for spawning. */
export async function bundleForTest(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  await build({ ...SERVER_BUNDLE, entryPoints, outdir });
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { SESSION_SECRET } from '../http/load';
import type { BenchContext } from './section';

export interface BuiltServer {
  url: string;
  /** The server process's id: its memory is read from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/** Builds the app (npm run build) unless dist/ is newer than every source it is built from; whether it built. */
export function ensureBuilt(ctx: BenchContext): boolean {
  const root = process.cwd();
  const outputs = ['dist/ui/index.html', 'dist/server/server.js'].map((f) => path.join(root, f));
  const sources = [
    'src',
    'migrations',
    'vite.config.ts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'scripts/build-server.mjs',
    'scripts/server-bundle.mjs',
  ];
  if (outputs.every(existsSync)) {
    const builtAt = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
    const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
    if (newest <= builtAt) return false;
  }
  ctx.log('dist/ is missing or older than its sources: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  return true;
}

function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

/** dist/server/server.js as `npm run serve` runs it in production, on databaseUrl (migrated and, unless `demo` is false, the demo users seeded on start), jobs in its own process. */
export async function startBuiltServer(databaseUrl: string, options: { demo?: boolean } = {}): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'funil-bench-web-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    SESSION_SECRET,
    DEMO: options.demo === false ? '0' : '1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    TRUST_PROXY: '0',
  };
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(process.execPath, [path.join(process.cwd(), 'dist/server/server.js')], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return { url, pid: child.pid!, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the built server did not become ready (exit code ${child.exitCode})`);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../support/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not become ready within 90 s');
}

/** Starts the built server on a fresh embedded database (demo users seeded) for the whole run. */
export default async function setup(project: TestProject) {
  const entry = path.join(root, 'dist/server/server.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'dist/ui/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funil-browser-'));
  // TRUST_PROXY=1: each browser context sends its own X-Forwarded-For (support/browser.ts newContext).
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: '1' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // The server's log goes to a file, not between the test results.
  mkdirSync(path.join(root, 'artifacts'), { recursive: true });
  const logFile = path.join(root, 'artifacts', 'browser-server.log');
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message} (server log: ${logFile})`, { cause: error });
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Knex } from '../../../src/infrastructure/db/database';
import { freePort } from '../../support/free-port';

const root = path.resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  baseUrl: string;
  /** SIGTERM, then SIGKILL after 10 s: the server's graceful shutdown closes the embedded database cleanly. */
  stop(): Promise<void>;
}

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

/**
 * Starts the built server (npm run build) on the embedded database in `dataDir` (demo users seeded on a new one),
 * with its log in artifacts/<logName>.log rather than between the test results. TRUST_PROXY=1: each browser
 * context sends its own X-Forwarded-For (support/browser.ts newContext).
 */
export async function startBuiltServer(dataDir: string, logName: string): Promise<RunningServer> {
  const entry = path.join(root, 'dist/server/server.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'dist/ui/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    // Reminders are looked for every 2 s rather than 15: notifications.test.ts sees one arrive without waiting.
    REMINDER_SCAN_SECONDS: '2',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  mkdirSync(path.join(root, 'artifacts'), { recursive: true });
  const logFile = path.join(root, 'artifacts', `${logName}.log`);
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message} (server log: ${logFile})`, { cause: error });
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * A migrated embedded database with the demo users, made once per run by global setup (a first start of the built
 * server on an empty directory, then a clean stop): every server of the run starts on a copy of it, so none of them
 * migrates again, and a seed runs on it before its only start.
 */
export async function makeMigratedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funil-browser-migrated-'));
  try {
    await (await startBuiltServer(dataDir, 'browser-migrate-server')).stop();
    return dataDir;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A copy of the run's migrated database (makeMigratedDataDir) in a new directory of its own. */
export function copyDataDir(template: string, name: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), `funil-${name}-`));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A server of its own on a copy of the run's migrated database (demo users in it), filled by `seed` (SQL, before the
 * server starts: the embedded database has one process at a time); `stop` also removes the data. For a test file
 * whose data set would crowd every other test's lists on the shared server, or that needs data no other file touches.
 */
export async function startSeededServer(name: string, seed?: (knex: Knex) => Promise<void>): Promise<RunningServer> {
  const dataDir = copyDataDir(inject('migratedDataDir'), name);
  try {
    if (seed) {
      const db = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
      try {
        await seed(db.knex);
      } finally {
        await db.close();
      }
    }
    const server = await startBuiltServer(dataDir, `browser-${name}-server`);
    return {
      baseUrl: server.baseUrl,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Knex } from '../../../src/infrastructure/db/database';
import { freePort } from '../../support/free-port';
import { databaseUrl, withAdmin } from '../../support/test-database';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Where the browser suite's servers keep their data. Each server has a data directory (DATA_DIR: its session
 * secret, and the embedded database by default). With DATABASE_URL set (CI), the database is instead one of that
 * PostgreSQL server's, named in the directory's `database-url` file: the app's SQL then runs in PostgreSQL's own
 * processes, beside Chromium, rather than in the server's single thread (PGlite), which was about a third of the
 * suite's CPU. The server suites run every integration test on both databases; Redis stays unused here (jobs run in
 * the app's process, as on the embedded default).
 */
const postgresBase = process.env.DATABASE_URL || undefined;
const DATABASE_FILE = 'database-url';
/** Run databases are named by their creation time: one older than a day belongs to no run, and is dropped. */
const DATABASE_PREFIX = 'funil_browser_';
const DAY_SECONDS = 86_400;

const databaseUrlOf = (dataDir: string): string | undefined => {
  const file = path.join(dataDir, DATABASE_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
};

/** A new database for `dataDir` (a copy of `template` when given), named in its `database-url` file. */
async function createDatabase(dataDir: string, template?: string): Promise<void> {
  const name = `${DATABASE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(postgresBase!, (admin) =>
    template ? admin.raw('CREATE DATABASE ?? TEMPLATE ??', [name, template]) : admin.raw('CREATE DATABASE ??', [name]),
  );
  writeFileSync(path.join(dataDir, DATABASE_FILE), databaseUrl(postgresBase!, name));
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

/** Removes a data directory made here, and its PostgreSQL database when it has one. */
export async function removeDataDir(dataDir: string): Promise<void> {
  const url = databaseUrlOf(dataDir);
  if (url)
    await withAdmin(postgresBase!, (admin) =>
      admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [databaseName(url)]),
    );
  rmSync(dataDir, { recursive: true, force: true });
}

/** Drops the databases of runs that ended without removing theirs (a killed run), once they are a day old. */
async function dropAbandonedDatabases(): Promise<void> {
  await withAdmin(postgresBase!, async (admin) => {
    const names: string[] = await admin('pg_database').where('datname', 'like', `${DATABASE_PREFIX}%`).pluck('datname');
    const now = Date.now() / 1000;
    for (const name of names) {
      const created = Number(name.slice(DATABASE_PREFIX.length).split('_')[0]);
      if (Number.isFinite(created) && now - created > DAY_SECONDS)
        await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    }
  });
}

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
 * Starts the built server (npm run build) on the data of `dataDir` (demo users seeded on a new database), with its
 * log in artifacts/<logName>.log rather than between the test results. TRUST_PROXY=1: each browser context sends
 * its own X-Forwarded-For (support/browser.ts newContext).
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
    // The demo users, as on the embedded default (on PostgreSQL the app seeds them only when asked).
    DEMO: '1',
  };
  const ownDatabase = databaseUrlOf(dataDir);
  if (ownDatabase) env.DATABASE_URL = ownDatabase;
  else delete env.DATABASE_URL;
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
 * A migrated database with the demo users, made once per run by global setup (a first start of the built server on
 * an empty one, then a clean stop): every server of the run starts on a copy of it, so none of them migrates again,
 * and a seed runs on it before its only start.
 */
export async function makeMigratedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funil-browser-migrated-'));
  try {
    if (postgresBase) {
      await dropAbandonedDatabases();
      await createDatabase(dataDir);
    }
    await (await startBuiltServer(dataDir, 'browser-migrate-server')).stop();
    return dataDir;
  } catch (error) {
    await removeDataDir(dataDir);
    throw error;
  }
}

/**
 * A copy of the run's migrated data (makeMigratedDataDir) in a new directory of its own: the embedded database's
 * files, or a new PostgreSQL database made from the migrated one (CREATE DATABASE ... TEMPLATE).
 */
export async function copyDataDir(template: string, name: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `funil-${name}-`));
  try {
    const templateUrl = databaseUrlOf(template);
    cpSync(template, dataDir, { recursive: true, filter: (source) => path.basename(source) !== DATABASE_FILE });
    if (templateUrl) await createDatabase(dataDir, databaseName(templateUrl));
    return dataDir;
  } catch (error) {
    await removeDataDir(dataDir);
    throw error;
  }
}

/**
 * A server of its own on a copy of the run's migrated database (demo users in it), filled by `seed` (SQL, before the
 * server starts: the embedded database has one process at a time); `stop` also removes the data. For a test file
 * whose data set would crowd every other test's lists on the shared server, or that needs data no other file touches.
 */
export async function startSeededServer(name: string, seed?: (knex: Knex) => Promise<void>): Promise<RunningServer> {
  const dataDir = await copyDataDir(inject('migratedDataDir'), name);
  try {
    if (seed) {
      const url = databaseUrlOf(dataDir);
      const db = await openDatabase(url ? { url, statementTimeoutMs: 0 } : { dataDir: path.join(dataDir, 'pgdata') });
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
        await removeDataDir(dataDir);
      },
    };
  } catch (error) {
    await removeDataDir(dataDir);
    throw error;
  }
}

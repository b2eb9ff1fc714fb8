import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_QUEUES, QueueName } from '../../src/domain/shared/job-queue.port';
import { bundleForTest } from '../support/bundle';
import { freePort } from '../support/free-port';
import { createTestDatabase, migratedSnapshot, type TestDatabase } from '../support/test-database';

// The image's runtime stage holds package.json, the bundles and what `npm prune --omit=dev` leaves of node_modules:
// the lockfile's packages not marked dev. This file lays the app out so in a temporary folder, outside the
// repository (nothing resolves from its node_modules), and runs it from there: a package the server or the worker
// loads that only the build stage has fails here rather than in production, and so does a production tree grown
// past its budget (issue 32: 407 MiB, when the UI's libraries were dependencies).
const root = path.resolve(__dirname, '../..');
const LIMIT_MIB = 80;
const children: ChildProcess[] = [];
let app: string;
let prepared: Promise<void> | undefined;

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (app) rmSync(app, { recursive: true, force: true });
});

/**
 * Puts `from` at `to` file by file, leaving out `skip`. Hard links: on a loaded 2-core machine, copying the 7,000
 * files took 10 to 15 s, linking them about 1 s. Nothing writes to them. Across file systems, copies.
 */
function placeTree(from: string, to: string, skip?: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (source === skip) continue;
    if (entry.isDirectory()) placeTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        copyFileSync(source, target);
      }
    }
  }
}

/** The app as the runtime stage holds it, made once for whichever part of this file runs. */
function prepare(): Promise<void> {
  return (prepared ??= (async () => {
    app = realpathSync(mkdtempSync(path.join(tmpdir(), 'funil-production-')));
    // "type": "module", which the bundles need, as in the image.
    copyFileSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; optional?: boolean }>;
    };
    for (const [where, entry] of Object.entries(lock.packages)) {
      if (!where || entry.dev) continue;
      const from = path.join(root, where);
      // Other platforms' builds (msgpackr-extract's for macOS and Windows) are not installed here either.
      if (entry.optional && !existsSync(from)) continue;
      // Packages nested in its node_modules are entries of their own, which may be dev ones.
      placeTree(from, path.join(app, where), path.join(from, 'node_modules'));
    }
    await bundleForTest(
      { server: path.join(root, 'src/main/server.ts'), worker: path.join(root, 'src/main/worker.ts') },
      path.join(app, 'dist', 'server'),
    );
  })());
}

/** Bytes allocated under `dir` as du counts them: whole blocks, directories included. */
function diskUsage(dir: string): number {
  let bytes = lstatSync(dir).blocks * 512;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const item = path.join(dir, entry.name);
    bytes += entry.isDirectory() ? diskUsage(item) : lstatSync(item).blocks * 512;
  }
  return bytes;
}

interface Launched {
  child: ChildProcess;
  exited: Promise<number | null>;
  waitFor(text: string, ms?: number): Promise<void>;
}

/** Starts `node dist/server/<entry>.js` in the app's folder, in production, with what `env` adds and nothing else. */
function launch(entry: 'server' | 'worker', env: Record<string, string>): Launched {
  const inherited = { ...process.env };
  // No other place to load modules from, and a database and Redis only where `env` gives them.
  for (const name of ['NODE_PATH', 'NODE_OPTIONS', 'DATABASE_URL', 'REDIS_URL']) delete inherited[name];
  const child = spawn(process.execPath, [path.join(app, 'dist', 'server', `${entry}.js`)], {
    cwd: app,
    env: { ...inherited, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return {
    child,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    async waitFor(text, ms = 30_000) {
      const until = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`no "${text}" from the ${entry}:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

// Once per npm test: in its embedded run, not also in the run on PostgreSQL before it (EMBEDDED_RUN_FOLLOWS).
describe.skipIf(Boolean(process.env.EMBEDDED_RUN_FOLLOWS))(
  'the production dependencies alone',
  { timeout: 180_000 },
  () => {
    beforeAll(prepare);

    it(`fit in ${LIMIT_MIB} MiB on disk, and no other package is within the bundles' reach`, () => {
      const mib = diskUsage(path.join(app, 'node_modules')) / 2 ** 20;
      expect(mib, `production node_modules: ${mib.toFixed(1)} MiB`).toBeLessThanOrEqual(LIMIT_MIB);
      const resolve = createRequire(path.join(app, 'dist', 'server', 'server.js')).resolve;
      expect(resolve('knex').startsWith(path.join(app, 'node_modules'))).toBe(true);
      // The UI's, the build's, and one the bundle inlines.
      for (const name of ['react', 'typescript', 'esbuild', 'inversify'])
        expect(() => resolve(name), name).toThrow(/Cannot find module/);
    });

    it('run the server on the embedded database: readiness, sign-in and a page of contacts answer', async () => {
      // On the test suites' migrated snapshot: a new data directory's initdb and migrations took 25 s more on a loaded
      // machine, and process.test.ts starts on a new one already. What they run is in the bundle (the migrations are
      // imported statically) or in @electric-sql/pglite, which is here whole.
      const dataDir = path.join(app, 'data');
      mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
      execFileSync('tar', ['-xf', await migratedSnapshot(), '-C', path.join(dataDir, 'pgdata')], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = launch('server', {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DEMO: '1',
      });
      await server.waitFor('funil listening', 60_000);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const headers = { 'content-type': 'application/json', origin: url };
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: 'admin', password: 'admin1234' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const created = await fetch(`${url}/api/crm/contacts`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ name: 'Only Production Packages' }),
      });
      expect(created.status).toBe(201);
      const page = await fetch(`${url}/api/crm/contacts`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(((await page.json()) as { items: { name: string }[] }).items.map((c) => c.name)).toEqual([
        'Only Production Packages',
      ]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    });
  },
);

// The worker needs PostgreSQL and Redis (the embedded database belongs to the app process): where npm test has them,
// in its first run, which is also where it runs once.
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!(process.env.DATABASE_URL && redisUrl))(
  'the production dependencies alone, with PostgreSQL and Redis',
  { timeout: 180_000 },
  () => {
    const prefix = `funil-test-${process.pid}-${randomBytes(4).toString('hex')}`;
    let queues: Queue[] = [];
    let db: TestDatabase;

    beforeAll(async () => {
      queues = Object.values(QueueName).map((name) => new Queue(name, { connection: { url: redisUrl }, prefix }));
      [db] = await Promise.all([createTestDatabase(), prepare()]);
    });

    afterAll(async () => {
      for (const queue of queues) {
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
      }
      await db?.drop();
    });

    it('run the worker: it starts, does the job it queues at start, and stops on SIGTERM', async () => {
      const worker = launch('worker', {
        DATABASE_URL: db.url!,
        REDIS_URL: redisUrl!,
        QUEUE_PREFIX: prefix,
        PUBLIC_URL: 'http://127.0.0.1:3000',
      });
      await worker.waitFor('worker started');
      // The reports' refresh: queued by the worker's start, taken from Redis and run on PostgreSQL by this worker.
      const reports = queues.find((queue) => queue.name === JOB_QUEUES['reports.refresh'])!;
      await expect.poll(() => reports.getJobCountByTypes('completed'), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    });
  },
);

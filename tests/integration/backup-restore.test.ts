import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MIGRATIONS } from '../../migrations';
import { backupDatabase, restoreDatabase } from '../../src/infrastructure/operations/database-operations';
import type { BackupManifest } from '../../src/infrastructure/operations/snapshot';
import { runCli } from '../../src/main/cli';
import { PEOPLE, readCrmRecords, seedCrmRecords, signInEveryone } from '../fixtures/backups/crm-records';
import { bundleForTest } from '../support/bundle';
import { createRestoreTarget, type RestoreTarget } from '../support/restore-target';
import { createTestDatabase } from '../support/test-database';
import { startServer } from '../../src/main/server';
import { startTestServer, TestClient, testConfig, type TestServer } from '../support/test-server';

// Backups as an operator takes them, restored into a new database, with the app started on it (issue 30). With
// DATABASE_URL on PostgreSQL, else on the embedded database; the move to PostgreSQL needs a PostgreSQL to move to.

const work = mkdtempSync(path.join(os.tmpdir(), 'funil-backup-test-'));
const file = path.join(work, 'funil.funil-backup');
let before: Awaited<ReturnType<typeof readCrmRecords>>;
let manifest: BackupManifest;
let target: RestoreTarget;

beforeAll(async () => {
  const source = await startTestServer();
  try {
    before = await readCrmRecords(await seedCrmRecords(() => source.client()));
    manifest = await backupDatabase(source.runtime.db, file, { appVersion: '9.9.9' });
  } finally {
    await source.stop();
  }
  target = await createRestoreTarget();
});

afterAll(async () => {
  await target?.drop();
  rmSync(work, { recursive: true, force: true });
});

/** Restores `file` into the target (closing it after), with what it printed. */
async function restore(force = false) {
  const printed: string[] = [];
  const db = await target.open();
  try {
    const report = await restoreDatabase(db, file, { force, progress: (line) => printed.push(line) });
    return { report, printed };
  } finally {
    await db.close();
  }
}

describe('backup and restore', () => {
  it('writes one gzip file, its manifest first, without the session secret', () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const first = JSON.parse(lines[0]).manifest as BackupManifest;
    expect(first).toMatchObject({ format: 'funil-backup', formatVersion: 1, appVersion: '9.9.9' });
    expect(first.lastMigration).toBe(MIGRATIONS[MIGRATIONS.length - 1][0]);
    expect(first.tables).toMatchObject({ contacts: { rows: 2 }, deals: { rows: 4 }, activities: { rows: 3 } });
    expect(first.tables.users.rows).toBe(PEOPLE.length);
    expect(first.tables).not.toHaveProperty('knex_migrations_lock');
    expect(first.tables.knex_migrations.rows).toBe(MIGRATIONS.length);
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
    expect(JSON.parse(lines[lines.length - 1])).toEqual({ end: true });
    expect(lines.join('\n')).not.toContain('test-secret-test-secret');
    expect(manifest).toEqual(first);
  });

  it('restores into an empty database: the same answers, passwords sign in, new records get new ids', async () => {
    const { report, printed } = await restore();
    expect(report.migrated).toEqual([]);
    expect(report.loaded.contacts).toBe(2);
    expect(printed).toContain('contacts: 2 rows');

    const server = await target.start();
    try {
      const admin = await signInEveryone(() => server.client());
      expect(await readCrmRecords(admin)).toEqual(before);
      const maxId = Math.max(...(before.contacts as { id: number }[]).map((c) => c.id));
      const created = await admin.post('/api/crm/contacts', { name: 'Depois do restore' });
      expect(created.status).toBe(201);
      expect(created.body.id).toBeGreaterThan(maxId);
    } finally {
      await server.stop();
    }
  });

  it('refuses a database with rows, naming them; --force replaces them with the backup', async () => {
    await expect(restore()).rejects.toThrow(/not empty \(.*contacts: 3.*users: 2.*\); .*--force/);

    const { report } = await restore(true);
    expect(report.loaded.contacts).toBe(2);
    const server = await target.start();
    try {
      const admin = await signInEveryone(() => server.client());
      expect(await readCrmRecords(admin)).toEqual(before);
    } finally {
      await server.stop();
    }
  });

  it('refuses a file that is not a whole backup, leaving the database as it was', async () => {
    const cut = path.join(work, 'cut.funil-backup');
    const whole = gunzipSync(readFileSync(file)).toString('utf8');
    writeFileSync(cut, gzipSync(whole.slice(0, whole.lastIndexOf('{"sequences"'))));
    const db = await target.open();
    try {
      await expect(restoreDatabase(db, cut, { force: true })).rejects.toThrow(/cut short/);
      const [{ count }] = await db.knex('contacts').count({ count: '*' });
      expect(Number(count)).toBe(2);
    } finally {
      await db.close();
    }
  });
});

describe('the command line', () => {
  it('answers --help, and fails with one line and a non-zero exit', async () => {
    // Inside the project, where the bundle's external packages resolve from node_modules as in dist/server.
    const dir = path.resolve(__dirname, '../../dist', `test-cli-${process.pid}`);
    await bundleForTest({ cli: 'src/main/cli.ts' }, dir);
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const help = spawnSync(process.execPath, [path.join(dir, 'cli.js'), '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/backup <file>[\s\S]*restore <file> \[--force\][\s\S]*move-to-postgres <url>/);
    const failed = spawnSync(process.execPath, [path.join(dir, 'cli.js'), 'restore', path.join(work, 'none')], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: work },
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toBe(`funil restore: ${path.join(work, 'none')}: no such file\n`);
  });

  it('explains each command, and refuses what it cannot do before touching a database', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env: { DATA_DIR: work } };
    expect(await runCli(['restore', '--help'], io)).toBe(0);
    expect(out.join('\n')).toContain('--force');
    expect(await runCli(['backup'], io)).toBe(2);
    expect(await runCli(['restore', 'x', '--forse'], io)).toBe(2);
    expect(await runCli(['bakup', 'x'], io)).toBe(2);
    expect(await runCli(['move-to-postgres', 'mysql://x'], io)).toBe(1);
    expect(await runCli(['backup', path.join(work, 'nowhere', 'x')], io)).toBe(1);
    expect(err).toEqual([
      'funil backup: expects one file',
      'funil restore: unknown option --forse (--help for usage)',
      'funil: unknown command "bakup" (backup, restore, move-to-postgres; --help for usage)',
      'funil move-to-postgres: the target must be a postgres:// URL',
      `funil backup: no folder ${path.join(work, 'nowhere')}`,
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('move-to-postgres', () => {
  let source: TestServer | undefined;
  afterAll(() => source?.stop());

  it(
    'copies an embedded DATA_DIR into an empty PostgreSQL: the app there answers the same, people sign in',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(work, 'embedded');
      // The embedded default as a team runs it: DATA_DIR on disk, jobs in the app's process.
      const embedded = await startServer(testConfig({ dataDir, redisUrl: undefined }), {
        embeddedDataDir: path.join(dataDir, 'pgdata'),
      });
      let seeded: Awaited<ReturnType<typeof readCrmRecords>>;
      try {
        seeded = await readCrmRecords(await seedCrmRecords(() => new TestClient(embedded.url)));
      } finally {
        await embedded.stop();
      }
      const postgres = await createTestDatabase({ empty: true });
      try {
        const out: string[] = [];
        const err: string[] = [];
        const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env: { DATA_DIR: dataDir } };
        expect(await runCli(['move-to-postgres', postgres.url!], io), err.join('\n')).toBe(0);
        expect(out).toContain('contacts: 2 rows');
        expect(out.join('\n')).toMatch(/verified \d+ tables on both sides/);
        expect(out.join('\n')).toContain('left out by choice: sessions');
        expect(out.join('\n')).toMatch(/DATABASE_URL=postgres:\/\//);

        expect(await runCli(['move-to-postgres', postgres.url!], io)).toBe(1);
        expect(err.at(-1)).toMatch(/^funil move-to-postgres: the database is not empty \(.*contacts: 2/);

        source = await startTestServer({ databaseUrl: postgres.url });
        const moved = await source.runtime.db.knex('sessions').count({ count: '*' });
        expect(Number(moved[0].count)).toBe(0);
        const admin = await signInEveryone(() => source!.client());
        expect(await readCrmRecords(admin)).toEqual(seeded);
      } finally {
        await source?.stop();
        source = undefined;
        await postgres.drop();
      }
    },
  );
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('a backup of the embedded database while the app runs', () => {
  it(
    'is taken by the running app when the command line asks: the file restores to the same records',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(work, 'running');
      const pgdata = path.join(dataDir, 'pgdata');
      const app = await startServer(testConfig({ dataDir, redisUrl: undefined }), { embeddedDataDir: pgdata });
      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env: { DATA_DIR: dataDir } };
      const taken = path.join(work, 'running.funil-backup');
      let seeded: Awaited<ReturnType<typeof readCrmRecords>>;
      try {
        const admin = await seedCrmRecords(() => new TestClient(app.url));
        seeded = await readCrmRecords(admin);
        expect(await runCli(['backup', taken], io), err.join('\n')).toBe(0);
        expect(out[0]).toBe(
          `the app (process ${process.pid}) holds the embedded database: it takes the backup, its requests waiting meanwhile`,
        );
        expect(out[1]).toMatch(/^backup written to .*running\.funil-backup: \d+ tables, \d+ rows, migration /);
        // The app went on: it answers as before.
        expect(await readCrmRecords(admin)).toEqual(seeded);
      } finally {
        await app.stop();
      }
      const restored = await createRestoreTarget();
      let server: TestServer | undefined;
      try {
        const db = await restored.open();
        await restoreDatabase(db, taken).finally(() => db.close());
        server = await restored.start();
        expect(await readCrmRecords(await signInEveryone(() => server!.client()))).toEqual(seeded!);
      } finally {
        await server?.stop();
        await restored.drop();
      }
    },
  );

  it('is refused, naming the process, when what holds the database takes no backups (an older app)', async () => {
    const dataDir = path.join(work, 'older');
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    // A live process holds it (the test runner's parent) and never said it takes backups.
    writeFileSync(path.join(dataDir, 'pgdata.lock'), String(process.ppid));
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l), env: { DATA_DIR: dataDir } };
    expect(await runCli(['backup', path.join(work, 'older.funil-backup')], io)).toBe(1);
    expect(err).toEqual([
      `funil backup: the embedded database in ${path.join(dataDir, 'pgdata')} is in use by process ${process.ppid}, which takes no backups: stop it first`,
    ]);
  });
});

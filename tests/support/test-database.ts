import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { openDatabase } from '../../src/infrastructure/db/database';
import { migrateLatest } from '../../src/infrastructure/db/migrator';

/**
 * With DATABASE_URL (CI), each test file gets a database of its own on that real PostgreSQL server, dropped at
 * the end; without it, the embedded PGlite in memory.
 *
 * Migrating 38 times per file cost more than most files' tests, so by default the database starts migrated:
 * on PostgreSQL a copy (CREATE DATABASE ... TEMPLATE) of a template migrated once, on PGlite a copy of a snapshot
 * migrated once (see openDatabase's `memory://<snapshot>`). Both are named by a hash of the migrations folder, so
 * a changed migration builds new ones, and one whose hash matches is reused across runs. The app still runs its
 * migration step at start; it finds nothing to do. `{ empty: true }` gives a database without any schema, for
 * the tests of the migrations themselves.
 */
export interface TestDatabase {
  /** The URL to give the app, or undefined for embedded PGlite. */
  url?: string;
  /** For embedded: `memory://`, followed by the migrated snapshot's path unless empty. */
  embeddedDataDir: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** No schema at all (no migration applied): for tests that run the migrations themselves. */
  empty?: boolean;
}

export async function createTestDatabase({ empty = false }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base)
    return { embeddedDataDir: empty ? 'memory://' : `memory://${await migratedSnapshot()}`, drop: async () => {} };
  const name = `funil_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(base, async (admin) => {
    if (empty) return admin.raw('CREATE DATABASE ??', [name]);
    // Under the lock, so no other run drops the template between its check and this copy.
    await admin.raw('SELECT pg_advisory_lock(hashtext(?))', [TEMPLATE_LOCK]);
    try {
      await admin.raw('CREATE DATABASE ?? TEMPLATE ??', [name, await migratedTemplate(admin, base)]);
    } finally {
      await admin.raw('SELECT pg_advisory_unlock(hashtext(?))', [TEMPLATE_LOCK]);
    }
  });
  return {
    url: databaseUrl(base, name),
    embeddedDataDir: 'memory://',
    drop: () => withAdmin(base, (admin) => admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name])),
  };
}

/** sha256 of the migrations folder (names and contents of its .ts files; they import nothing but knex's types). */
function migrationsHash(): string {
  const dir = path.resolve(__dirname, '../../migrations');
  const hash = createHash('sha256');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** `base` (a postgres:// URL) with the database `name` instead of its own. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A one-connection knex on `base` for CREATE/DROP DATABASE, destroyed when `work` ends. */
export async function withAdmin<T>(base: string, work: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}

/** Held (by a session) while a template is checked, built or copied: parallel workers and runs take turns. */
const TEMPLATE_LOCK = 'funil test template';

/**
 * The name of the migrated template database for this migrations folder, built by the first test file that asks;
 * the caller holds TEMPLATE_LOCK. Built under a scratch name and renamed when done, so a template by that name is
 * always complete; it then refuses connections, because PostgreSQL copies a template only while nobody is
 * connected to it. A new one replaces the templates of other migrations folders (a run on another folder builds
 * its own again when it next needs it).
 */
async function migratedTemplate(admin: Knex, base: string): Promise<string> {
  const template = `funil_template_${migrationsHash()}`;
  if (await admin('pg_database').where({ datname: template }).first('datname')) return template;
  const building = `${template}_building`;
  await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [building]);
  await admin.raw('CREATE DATABASE ??', [building]);
  const db = await openDatabase({ url: databaseUrl(base, building) });
  try {
    await migrateLatest(db.background);
  } finally {
    await db.close();
  }
  await admin.raw('ALTER DATABASE ?? RENAME TO ??', [building, template]);
  await admin.raw('ALTER DATABASE ?? WITH IS_TEMPLATE true ALLOW_CONNECTIONS false', [template]);
  const others = await admin('pg_database')
    .where('datname', 'like', 'funil\\_template\\_%')
    .whereNot({ datname: template })
    .pluck('datname');
  for (const other of others) {
    await admin.raw('ALTER DATABASE ?? WITH IS_TEMPLATE false', [other]);
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [other]);
  }
  return template;
}

/**
 * The path of a PGlite data directory, migrated, as PGlite's dumpDataDir writes it (a tarball), in the system's
 * temporary folder. Named by the migrations' hash and PGlite's version (the format is PGlite's); the first test
 * file that finds none builds it and moves it into place whole, so a reader never sees half a file. Building one
 * removes the snapshots (and half-written files) that no run has used for a day.
 */
export async function migratedSnapshot(): Promise<string> {
  const pglitePackage = path.resolve(__dirname, '../../node_modules/@electric-sql/pglite/package.json');
  const pgliteVersion = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version;
  const file = path.join(os.tmpdir(), `funil-test-pglite-${pgliteVersion}-${migrationsHash()}-${SNAPSHOT_KIND}.tar`);
  if (existsSync(file)) {
    // Its time of last use, for the clean-up below.
    utimesSync(file, new Date(), new Date());
    return file;
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateLatest(db.background);
    // Without the template databases, which no test uses: a third of the tarball's bytes and half of its files, and
    // each open from it about a quarter faster (260 ms against 345, on a quiet machine).
    for (const template of ['template0', 'template1']) {
      await db.knex.raw('ALTER DATABASE ?? WITH IS_TEMPLATE false', [template]);
      await db.knex.raw('DROP DATABASE ??', [template]);
    }
    await db.knex.raw('CHECKPOINT');
    if (!db.dumpDataDir) throw new Error('not the embedded database');
    const tarball = await db.dumpDataDir();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
  } finally {
    await db.close();
  }
  for (const other of readdirSync(os.tmpdir()).filter((f) => f.startsWith('funil-test-pglite-'))) {
    const otherPath = path.join(os.tmpdir(), other);
    if (otherPath !== file && Date.now() - statSync(otherPath).mtimeMs > STALE_MS) rmSync(otherPath, { force: true });
  }
  return file;
}

/** In the snapshot's name: a snapshot made another way (with the template databases) is not reused. */
const SNAPSHOT_KIND = 'no-templates';

/** No test run lasts a day: a snapshot untouched for longer belongs to no run. */
const STALE_MS = 24 * 60 * 60 * 1000;

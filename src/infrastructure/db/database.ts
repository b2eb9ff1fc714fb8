import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { camelCaseMappers } from './camel-rows';

export type { Knex };

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /**
   * Directory of the embedded database; `memory://` keeps it in memory (tests), and `memory://` followed by the
   * path of a tarball from `dumpDataDir` starts that in-memory database as a copy of it (tests: a migrated one).
   */
  dataDir?: string;
  /** PostgreSQL's `statement_timeout` for the API pool; 0 = none. */
  statementTimeoutMs?: number;
  /** The same for the background pool (jobs, migrations); 0 = none. */
  backgroundStatementTimeoutMs?: number;
  /** How long a query waits for a connection of the API pool (embedded: for the one connection). */
  acquireTimeoutMs?: number;
  poolMax?: number;
}

/** Queries are written with camelCase identifiers and get camelCase rows; tables stay snake_case. */
export interface Database {
  /** The API's pool. */
  knex: Knex;
  /** Jobs' and migrations' pool, with its own statement timeout (`inBackground`); the same as `knex` embedded. */
  background: Knex;
  embedded: boolean;
  /** Embedded only: the data directory as one tarball (PGlite's dumpDataDir, uncompressed). */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

// Processes run in UTC; dates (no time) stay plain 'YYYY-MM-DD' strings, numeric stays a decimal string,
// and counts (int8) become numbers: they never exceed 2^53 here.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options)
    : await openPglite(options.dataDir ?? 'memory://', options.acquireTimeoutMs ?? 5_000);
}

/** Connections of the background pool: the jobs' queues run a few at once. */
const BACKGROUND_POOL_MAX = 4;

function openPostgres(url: string, options: DatabaseOptions): Database {
  const pool = (max: number, statementTimeoutMs: number, acquireTimeoutMs: number, name: string) =>
    knexFactory({
      client: 'pg',
      // statement_timeout travels in the startup packet: no extra round trip per connection.
      connection: {
        connectionString: url,
        application_name: name,
        options: '-c timezone=UTC',
        statement_timeout: statementTimeoutMs,
      },
      pool: { min: 0, max, acquireTimeoutMillis: acquireTimeoutMs },
      ...camelCaseMappers(),
      acquireConnectionTimeout: acquireTimeoutMs,
    });
  const knex = pool(
    options.poolMax ?? 10,
    options.statementTimeoutMs ?? 5_000,
    options.acquireTimeoutMs ?? 5_000,
    'funil',
  );
  const background = pool(BACKGROUND_POOL_MAX, options.backgroundStatementTimeoutMs ?? 0, 60_000, 'funil-jobs');
  return {
    knex,
    background,
    embedded: false,
    close: () => Promise.all([knex.destroy(), background.destroy()]).then(() => undefined),
  };
}

/**
 * PGlite's WebAssembly module, compiled once per process, and its file bundle, read once: a process that opens
 * several embedded databases (the server suites open one per test file) otherwise compiles the same 9 MB each time,
 * about a quarter of an open.
 */
let pgliteAssets: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

function loadPgliteAssets(): Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> {
  pgliteAssets ??= (async () => {
    const resolve = createRequire(import.meta.url).resolve;
    const wasmModule = await WebAssembly.compile(readFileSync(resolve('@electric-sql/pglite/pglite.wasm')));
    return { wasmModule, fsBundle: new Blob([readFileSync(resolve('@electric-sql/pglite/pglite.data'))]) };
  })();
  return pgliteAssets;
}

/** PGlite has one connection and runs one statement at a time; it ignores statement_timeout. */
async function openPglite(dataDir: string, acquireTimeoutMs: number): Promise<Database> {
  const [{ PGlite, types }, { pg_trgm }, { unaccent }, { default: ClientPgLite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('knex-pglite'),
  ]);
  const inMemory = dataDir.startsWith('memory://');
  const snapshot = inMemory ? dataDir.slice('memory://'.length) : '';
  const releaseLock = inMemory ? () => undefined : lockDataDir(dataDir);
  const pglite = await PGlite.create({
    ...(await loadPgliteAssets()),
    dataDir: inMemory ? undefined : dataDir,
    loadDataDir: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
    extensions: { pg_trgm, unaccent },
    parsers: {
      [types.DATE]: (v: string) => v,
      [types.INT8]: (v: string) => Number(v),
      [types.NUMERIC]: (v: string) => v,
    },
  });
  await pglite.exec(`SET timezone = 'UTC'`);
  const knex = knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    ...camelCaseMappers(),
    acquireConnectionTimeout: acquireTimeoutMs,
  } as Knex.Config);
  return {
    knex,
    background: knex,
    embedded: true,
    dumpDataDir: async () => new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()),
    async close() {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}

/**
 * PGlite is single-process: a second process on the same directory would corrupt it. A pid lock file
 * refuses that with a clear message, and is taken over when the process that wrote it is gone.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const holder = lockHolder(dataDir);
  if (holder !== undefined && holder !== process.pid)
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder}; stop it first or set DATABASE_URL`,
    );
  const lockFile = lockFileOf(dataDir);
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

const lockFileOf = (dataDir: string) => path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);

/** The live process (this one included) that holds the embedded database in `dataDir`, if any. */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFileOf(dataDir), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return pid && isAlive(pid) ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/infrastructure/db/database';
import { startServer } from '../../src/main/server';
import { createTestDatabase } from './test-database';
import { TestClient, testConfig, type TestServer } from './test-server';

/**
 * A database with nothing in it, as an operator restores into: with DATABASE_URL a new PostgreSQL database (no
 * schema), else an embedded data directory on disk (DATA_DIR), as the app keeps it.
 */
export interface RestoreTarget {
  url?: string;
  /** DATA_DIR (embedded): the database is in its pgdata folder. */
  dataDir?: string;
  open(): Promise<Database>;
  /** Starts the app on it (its migrations run at start, as an upgrade's would). */
  start(): Promise<TestServer>;
  drop(): Promise<void>;
}

export async function createRestoreTarget(): Promise<RestoreTarget> {
  const database = process.env.DATABASE_URL ? await createTestDatabase({ empty: true }) : undefined;
  const dataDir = database ? undefined : mkdtempSync(path.join(os.tmpdir(), 'funil-restore-'));
  const pgdata = dataDir && path.join(dataDir, 'pgdata');
  return {
    url: database?.url,
    dataDir,
    open: () => openDatabase({ url: database?.url, dataDir: pgdata }),
    async start() {
      const started = await startServer(testConfig({ databaseUrl: database?.url, ...(dataDir && { dataDir }) }), {
        embeddedDataDir: pgdata,
      });
      return { ...started, client: () => new TestClient(started.url) };
    },
    async drop() {
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

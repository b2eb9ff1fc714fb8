import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { openDatabase, type Database } from '../database';
import { migrateLatest, pendingMigrations, waitForSchema } from '../migrator';
import { MIGRATIONS } from '../../../../migrations';

// The worker's wait for the app's migrations, on an empty database (embedded, or a fresh one on PostgreSQL).
let testDb: TestDatabase;
let db: Database;
const said: string[] = [];
const logger = { info: (_obj: object, msg: string) => void said.push(msg) };

beforeAll(async () => {
  testDb = await createTestDatabase({ empty: true });
  db = await openDatabase({ url: testDb.url, dataDir: testDb.embeddedDataDir });
});

afterAll(async () => {
  await db?.close();
  await testDb?.drop();
});

describe('waitForSchema', () => {
  it('stops waiting when the worker is stopped before the schema is there', async () => {
    const stopping = new AbortController();
    const waiting = waitForSchema(db.knex, { logger, signal: stopping.signal, firstDelayMs: 10_000 });
    setTimeout(() => stopping.abort(), 50);
    expect(await waiting).toBe(false);
    expect(await pendingMigrations(db.knex)).toHaveLength(MIGRATIONS.length);
  });

  it('waits on an empty database until every migration is applied, saying so once', async () => {
    said.length = 0;
    let ready: boolean | undefined;
    const waiting = waitForSchema(db.knex, { logger, firstDelayMs: 20, maxDelayMs: 50 }).then((r) => (ready = r));
    // Several polls go by without the schema: still waiting, and said once.
    await new Promise((r) => setTimeout(r, 300));
    expect(ready).toBeUndefined();
    expect(said).toEqual(['waiting for the app to apply the migrations']);

    await migrateLatest(db.knex);
    expect(await waiting).toBe(true);
    expect(said).toEqual(['waiting for the app to apply the migrations', 'schema ready; starting']);
    expect(await pendingMigrations(db.knex)).toEqual([]);
  });

  it('returns at once on a migrated database, saying nothing', async () => {
    said.length = 0;
    expect(await waitForSchema(db.knex, { logger })).toBe(true);
    expect(said).toEqual([]);
  });
});

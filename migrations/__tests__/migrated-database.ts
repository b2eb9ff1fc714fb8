import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../src/infrastructure/db/database';
import { migrateLatest } from '../../src/infrastructure/db/migrator';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';

/**
 * A database of its own for a migration's test file, migrated to the latest before the first test runs. A test
 * runs its migration's `down`, writes rows as they were before it, and runs `up` again on them.
 */
export function useMigratedDatabase(): { readonly knex: Knex } {
  let testDb: TestDatabase | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ url: testDb.url, dataDir: testDb.embeddedDataDir });
    await migrateLatest(db.knex);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });
  return {
    get knex() {
      if (!db) throw new Error('The database opens before the first test');
      return db.knex;
    },
  };
}

import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../domain/users/user';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { testConfig } from '../../../tests/support/test-server';
import { createRuntime, type Runtime } from '../container';
import { migrateLatest } from '../../infrastructure/db/migrator';

export interface TestRuntime {
  runtime: Runtime;
  /** A service or repository from the composed container. */
  get<T>(token: symbol): T;
  /** Inserts a user and returns the viewer that acts as them. */
  viewer(role?: Role): Promise<{ id: number; role: Role }>;
}

/** The composed app on a fresh, migrated database, without HTTP or Redis: use cases and repositories, for one test file. */
export function useTestRuntime(): TestRuntime {
  let database: TestDatabase;
  let users = 0;
  const it = {} as TestRuntime;
  beforeAll(async () => {
    database = await createTestDatabase();
    it.runtime = await createRuntime(
      testConfig({ databaseUrl: database.url, redisUrl: undefined }),
      pino({ level: 'silent' }),
      { embeddedDataDir: database.embeddedDataDir },
    );
    await migrateLatest(it.runtime.db.knex);
  });
  afterAll(async () => {
    await it.runtime?.close();
    await database?.drop();
  });
  it.get = <T>(token: symbol) => it.runtime.container.get<T>(token);
  it.viewer = async (role: Role = 'employee') => {
    users += 1;
    const [{ id }] = await it.runtime.db
      .knex('users')
      .insert({ username: `user${users}`, password: 'x', name: `User ${users}`, initials: 'UU', role })
      .returning('id');
    return { id, role };
  };
  return it;
}

/** Makes every write to `table` fail while `work` runs, as a broken side effect would. */
export async function whileWritesFail(runtime: Runtime, table: string, work: () => Promise<void>): Promise<void> {
  const { knex } = runtime.db;
  await knex.raw(
    `CREATE OR REPLACE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'write refused by the test'; END $$`,
  );
  await knex.raw(
    'CREATE TRIGGER test_refuse_write BEFORE INSERT OR UPDATE OR DELETE ON ?? FOR EACH ROW EXECUTE FUNCTION test_refuse_write()',
    [table],
  );
  try {
    await work();
  } finally {
    await knex.raw('DROP TRIGGER test_refuse_write ON ??', [table]);
  }
}

import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';

/**
 * With DATABASE_URL (CI), each test file gets a fresh database on that real PostgreSQL server, dropped
 * at the end; without it, the embedded PGlite in memory. Either way the app runs its own migrations.
 */
export interface TestDatabase {
  /** The URL to give the app, or undefined for embedded PGlite. */
  url?: string;
  /** memory:// for embedded. */
  embeddedDataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { embeddedDataDir: 'memory://', drop: async () => {} };
  const name = `funil_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE ??', [name]);
  await admin.destroy();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embeddedDataDir: 'memory://',
    async drop() {
      const again = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
      await again.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
      await again.destroy();
    },
  };
}

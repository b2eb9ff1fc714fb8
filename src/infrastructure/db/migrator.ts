import type { Knex } from 'knex';
import { MIGRATIONS } from '../../../migrations';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const entry = MIGRATIONS.find(([n]) => n === name);
    if (!entry) throw new Error(`Unknown migration ${name}`);
    return entry[1];
  },
};

const config: Knex.MigratorConfig = { migrationSource: source, tableName: 'knex_migrations' };

/** Brings the schema up to date; knex's lock table makes concurrent starts wait for each other. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = await knex.migrate.latest(config);
  return applied as string[];
}

export async function migrateRollbackAll(knex: Knex): Promise<string[]> {
  const [, rolledBack] = await knex.migrate.rollback(config, true);
  return rolledBack as string[];
}

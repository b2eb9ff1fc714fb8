import type { Knex } from 'knex';

/**
 * The contacts import that made a company (`companies.import_id`): undoing the import removes the companies it made
 * that nothing else has used or changed since, as it removes the contacts it made. Kept when the import's record
 * goes (SET NULL); the partial index finds an import's companies without weighing on the others.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE companies ADD COLUMN IF NOT EXISTS import_id integer
      CONSTRAINT companies_import_id_foreign REFERENCES contact_imports (id) ON DELETE SET NULL
  `);
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS companies_import_id_index ON companies (import_id) WHERE import_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS companies_import_id_index');
  await knex.raw('ALTER TABLE companies DROP COLUMN IF EXISTS import_id');
}

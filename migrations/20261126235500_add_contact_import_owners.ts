import type { Knex } from 'knex';

/**
 * Who gets the contacts an import creates: one person for the whole file (owner_id), or the rows dealt in turn
 * among several (owner_ids, a JSON array of user ids). Both null: the importer, as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE contact_imports ADD COLUMN owner_id integer REFERENCES users (id) ON DELETE SET NULL');
  await knex.raw('ALTER TABLE contact_imports ADD COLUMN owner_ids jsonb');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE contact_imports DROP COLUMN owner_ids');
  await knex.raw('ALTER TABLE contact_imports DROP COLUMN owner_id');
}

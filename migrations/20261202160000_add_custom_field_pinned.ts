import type { Knex } from 'knex';

/** A custom field an admin pins shows on its records' cards (at most two per kind of record: issue 27). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE custom_fields ADD COLUMN pinned boolean NOT NULL DEFAULT false');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE custom_fields DROP COLUMN pinned');
}

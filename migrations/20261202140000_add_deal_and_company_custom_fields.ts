import type { Knex } from 'knex';

/** Companies and deals keep custom field values as contacts do: by field key, in one JSON object (issue 27). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE deals ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}'`);
  await knex.raw(`ALTER TABLE companies ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE companies DROP COLUMN custom_fields');
  await knex.raw('ALTER TABLE deals DROP COLUMN custom_fields');
}

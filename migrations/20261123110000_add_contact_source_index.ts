import type { Knex } from 'knex';

/** The contacts list filters by source (newest first, like the status and owner filters). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX contacts_source_index ON contacts (source, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX contacts_source_index');
}

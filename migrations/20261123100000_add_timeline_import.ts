import type { Knex } from 'knex';

/** The contact import that made a timeline entry's change, so the app can say a contact came from import #N. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.integer('import_id').references('id').inTable('contact_imports').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.dropColumn('import_id');
  });
}

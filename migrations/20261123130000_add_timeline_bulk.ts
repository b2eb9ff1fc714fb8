import type { Knex } from 'knex';

/** Marks the timeline entries a bulk change wrote, so a contact's history can say the change came from the list's selection. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.boolean('bulk').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.dropColumn('bulk');
  });
}

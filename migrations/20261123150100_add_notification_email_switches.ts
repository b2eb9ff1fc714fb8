import type { Knex } from 'knex';

/** Each user turns reminder e-mails and the morning digest on or off (both on until they choose). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.boolean('reminder_emails').notNullable().defaultTo(true);
    t.boolean('morning_digest').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.dropColumn('morning_digest');
    t.dropColumn('reminder_emails');
  });
}

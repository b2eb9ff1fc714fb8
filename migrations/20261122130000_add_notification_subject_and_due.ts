import type { Knex } from 'knex';

/**
 * What a reminder notification is about, kept apart from its pre-written title and body (those stay in
 * the assignee's email language), so the app can word it in the language it is shown in.
 * Null on notifications recorded before this migration: the app falls back to title and body.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.text('subject');
    t.timestamp('due_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('due_at');
    t.dropColumn('subject');
  });
}

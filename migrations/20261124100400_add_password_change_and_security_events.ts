import type { Knex } from 'knex';

/**
 * Accounts an administrator created or reset carry a temporary password their owner must replace before
 * anything else; security_events is the security log, written by the server at each event, kept 180 days.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('must_change_password').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('security_events', (t) => {
    t.bigIncrements('id').primary();
    t.text('type').notNullable();
    // The account concerned (null when a failed sign-in named no account); kept when the account goes.
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    // The username as typed (failed sign-ins) or as it was at the time.
    t.text('username');
    // Who did it, when someone else did (an administrator).
    t.integer('actor_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('ip');
    t.text('user_agent');
    t.jsonb('details');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Newest first by id (ids grow with time): the list filters by user or type, the purge by age.
    t.index(['user_id', 'id'], 'security_events_user_id_id_index');
    t.index(['type', 'id'], 'security_events_type_id_index');
    t.index(['created_at'], 'security_events_created_at_index');
  });
  await knex.raw(`
    ALTER TABLE security_events
      ADD CONSTRAINT security_events_username_check CHECK (char_length(username) <= 64),
      ADD CONSTRAINT security_events_user_agent_check CHECK (char_length(user_agent) <= 300)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('security_events');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('must_change_password');
  });
}

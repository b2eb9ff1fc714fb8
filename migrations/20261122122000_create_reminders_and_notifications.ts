import type { Knex } from 'knex';

/**
 * Activity reminders and in-app notifications.
 * - activity_reminder_choices: the lead time a user picked for an activity (null minutes: no reminder);
 *   no row means the default of 15 minutes. Kept beside activities so the activity record is unchanged.
 * - activity_reminders: the one pending reminder of an activity, recomputed whenever the activity
 *   changes. The scan claims rows (status queued, claimed_at) so two workers never take the same one; a
 *   claim whose job vanished (Redis lost it) is taken again once it is old.
 * - notifications: dedupe_key is unique, so a send job that runs twice records one notification; the
 *   email lease (email_lease_until) lets only one worker send its email at a time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activity_reminder_choices', (t) => {
    t.integer('activity_id').primary().references('id').inTable('activities').onDelete('CASCADE');
    t.integer('minutes');
  });
  await knex.raw(`
    ALTER TABLE activity_reminder_choices
      ADD CONSTRAINT activity_reminder_choices_minutes_check CHECK (minutes IS NULL OR minutes IN (0, 5, 15, 30, 60, 1440))
  `);

  await knex.schema.createTable('activity_reminders', (t) => {
    t.integer('activity_id').primary().references('id').inTable('activities').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.timestamp('remind_at', { useTz: true }).notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('claimed_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.text('error');
    t.index(['status', 'remind_at'], 'activity_reminders_status_remind_at_index');
  });
  await knex.raw(`
    ALTER TABLE activity_reminders
      ADD CONSTRAINT activity_reminders_status_check CHECK (status IN ('pending', 'queued', 'sent', 'failed'))
  `);

  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.integer('activity_id').references('id').inTable('activities').onDelete('SET NULL');
    t.text('title').notNullable();
    t.text('body').notNullable();
    t.text('link');
    t.text('dedupe_key').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('read_at', { useTz: true });
    // none: no email wanted (no SMTP or no address); pending -> sent, or failed after the last attempt.
    t.text('email_status').notNullable().defaultTo('none');
    t.timestamp('email_lease_until', { useTz: true });
    t.timestamp('email_sent_at', { useTz: true });
    t.text('email_error');
    t.index(['user_id', 'id'], 'notifications_user_id_index');
  });
  await knex.raw('CREATE INDEX notifications_unread_index ON notifications (user_id) WHERE read_at IS NULL');
  await knex.raw(`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_email_status_check CHECK (email_status IN ('none', 'pending', 'sent', 'failed'))
  `);

  // Where and how a user gets reminder emails; no row: no email, Portuguese, UTC.
  await knex.schema.createTable('notification_settings', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('email');
    t.text('language').notNullable().defaultTo('pt');
    t.text('time_zone').notNullable().defaultTo('UTC');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notification_settings');
  await knex.schema.dropTableIfExists('notifications');
  await knex.schema.dropTableIfExists('activity_reminders');
  await knex.schema.dropTableIfExists('activity_reminder_choices');
}

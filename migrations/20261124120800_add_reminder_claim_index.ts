import type { Knex } from 'knex';

/**
 * The reminder scan looks for stale claims (queued long ago, their job lost) on every batch it claims; during a
 * burst tens of thousands of reminders are queued and not stale, so without this index each claim read them all.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX activity_reminders_queued_claimed_at_index ON activity_reminders (claimed_at) WHERE status = 'queued'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX activity_reminders_queued_claimed_at_index');
}

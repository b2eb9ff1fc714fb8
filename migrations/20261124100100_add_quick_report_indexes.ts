import type { Knex } from 'knex';

/**
 * The reports screen's quick reports read live: lead sources takes the contacts created within the period
 * (source and status come from the index itself), overdue activities the pending ones due before now.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX contacts_created_at_source_status_index ON contacts (created_at) INCLUDE (source, status)',
  );
  await knex.raw(
    "CREATE INDEX activities_pending_due_index ON activities (due_date) INCLUDE (assigned_to) WHERE status = 'pending'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX activities_pending_due_index');
  await knex.raw('DROP INDEX contacts_created_at_source_status_index');
}

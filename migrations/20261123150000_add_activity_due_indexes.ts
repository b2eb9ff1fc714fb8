import type { Knex } from 'knex';

/**
 * The activities screen pages one person's pending activities soonest due first (undated last) and their
 * completed ones latest first; the agenda reads a week of due dates.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX activities_assignee_status_due_index ON activities (assigned_to, status, due_date, id)');
  await knex.raw(
    'CREATE INDEX activities_assignee_status_completed_index ON activities (assigned_to, status, completed_at DESC NULLS LAST, id DESC)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX activities_assignee_status_completed_index');
  await knex.raw('DROP INDEX activities_assignee_status_due_index');
}

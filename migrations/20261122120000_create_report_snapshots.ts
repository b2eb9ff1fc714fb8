import type { Knex } from 'knex';

/**
 * The latest report figures per period, as the aggregation job computed them. One row per period: a
 * refresh replaces it, so running the job twice (a retry, two workers) leaves the same single row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_snapshots', (t) => {
    t.integer('period_days').primary();
    t.jsonb('figures').notNullable();
    t.timestamp('computed_at', { useTz: true }).notNullable();
    t.integer('duration_ms').notNullable();
  });
  // The aggregation reads deals by close time and activities by completion and creation time.
  await knex.raw('CREATE INDEX deals_closed_at_index ON deals (closed_at) WHERE closed_at IS NOT NULL');
  await knex.raw(
    'CREATE INDEX activities_completed_at_index ON activities (completed_at) WHERE completed_at IS NOT NULL',
  );
  await knex.raw('CREATE INDEX activities_created_at_index ON activities (created_at)');
  await knex.raw('CREATE INDEX contacts_updated_at_index ON contacts (updated_at)');
  await knex.raw('CREATE INDEX deals_created_at_index ON deals (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS deals_created_at_index');
  await knex.raw('DROP INDEX IF EXISTS contacts_updated_at_index');
  await knex.raw('DROP INDEX IF EXISTS activities_created_at_index');
  await knex.raw('DROP INDEX IF EXISTS activities_completed_at_index');
  await knex.raw('DROP INDEX IF EXISTS deals_closed_at_index');
  await knex.schema.dropTableIfExists('report_snapshots');
}

import type { Knex } from 'knex';

/**
 * Monthly goals per person (issue 25), and the indexes the home screen's sections read through:
 *
 * - crm_goals: one row per month ('YYYY-MM') and person; a month's goals are replaced as a whole. A person's
 *   history reads (user_id, month).
 * - activities_pending_deal_index: the open deals with no pending activity ("no next step") look their pending
 *   activities up by deal; only pending ones with a deal are indexed, a small part of the table.
 * - deals_expected_close_date_index: the deals closing this month, a range of close dates.
 * - deals_stage_updated_at_index: the stale deals, per open stage those unchanged since before its stale days, read
 *   from the index alone (owner and value included): 2.3 ms instead of 5.5 ms for the team at 20,000 deals.
 * - crm_timeline_user_contact_index: the last contacts a person touched, their newest entries about a contact,
 *   neither an import's nor a bulk change's (those touch thousands at once, nobody worked on them); read from the
 *   index alone, so the planner takes it over walking the whole timeline backwards (at 200,000 entries, a person
 *   with few of them cost a scan of all).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('crm_goals', (t) => {
    t.specificType('month', 'char(7)').notNullable();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.decimal('won_value', 14, 2).notNullable();
    t.integer('won_count');
    t.integer('activities_done');
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['month', 'user_id']);
    t.index(['user_id', 'month'], 'crm_goals_user_month_index');
  });
  await knex.raw(`
    ALTER TABLE crm_goals
      ADD CONSTRAINT crm_goals_month_check CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      ADD CONSTRAINT crm_goals_won_value_check CHECK (won_value >= 0),
      ADD CONSTRAINT crm_goals_won_count_check CHECK (won_count IS NULL OR won_count >= 0),
      ADD CONSTRAINT crm_goals_activities_done_check CHECK (activities_done IS NULL OR activities_done >= 0)
  `);
  await knex.raw(
    "CREATE INDEX activities_pending_deal_index ON activities (deal_id) WHERE status = 'pending' AND deal_id IS NOT NULL",
  );
  await knex.raw(
    'CREATE INDEX deals_expected_close_date_index ON deals (expected_close_date) WHERE expected_close_date IS NOT NULL',
  );
  await knex.raw(
    'CREATE INDEX deals_stage_updated_at_index ON deals (pipeline, stage, updated_at) INCLUDE (owner_id, value)',
  );
  await knex.raw(
    'CREATE INDEX crm_timeline_user_contact_index ON crm_timeline (user_id, id) INCLUDE (contact_id, at) WHERE contact_id IS NOT NULL AND import_id IS NULL AND NOT bulk',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS crm_timeline_user_contact_index');
  await knex.raw('DROP INDEX IF EXISTS deals_stage_updated_at_index');
  await knex.raw('DROP INDEX IF EXISTS deals_expected_close_date_index');
  await knex.raw('DROP INDEX IF EXISTS activities_pending_deal_index');
  await knex.schema.dropTableIfExists('crm_goals');
}

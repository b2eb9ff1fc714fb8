import type { Knex } from 'knex';

/**
 * Goals per pipeline (issue 27): beside a person's goal for every pipeline (pipeline null, the goals there were), a
 * goal for one pipeline counts only that pipeline's won deals. One goal per month, person and pipeline; a pipeline's
 * goals go with it when it is deleted (it can be only once it holds no deals).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE crm_goals ADD COLUMN pipeline text REFERENCES pipelines (key) ON DELETE CASCADE');
  await knex.raw('ALTER TABLE crm_goals DROP CONSTRAINT crm_goals_pkey');
  await knex.raw(
    `CREATE UNIQUE INDEX crm_goals_month_user_pipeline_unique ON crm_goals (month, user_id, coalesce(pipeline, ''))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM crm_goals WHERE pipeline IS NOT NULL');
  await knex.raw('DROP INDEX crm_goals_month_user_pipeline_unique');
  await knex.raw('ALTER TABLE crm_goals DROP COLUMN pipeline');
  await knex.raw('ALTER TABLE crm_goals ADD PRIMARY KEY (month, user_id)');
}

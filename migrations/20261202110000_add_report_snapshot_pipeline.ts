import type { Knex } from 'knex';

/**
 * The reports take a pipeline filter (issue 27): a snapshot per period and pipeline, '' for every pipeline summed
 * (the rows there were). The refresh writes both and drops the rows of pipelines deleted since.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE report_snapshots ADD COLUMN pipeline text NOT NULL DEFAULT ''`);
  await knex.raw('ALTER TABLE report_snapshots DROP CONSTRAINT report_snapshots_pkey');
  await knex.raw('ALTER TABLE report_snapshots ADD PRIMARY KEY (period_days, pipeline)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM report_snapshots WHERE pipeline <> ''`);
  await knex.raw('ALTER TABLE report_snapshots DROP CONSTRAINT report_snapshots_pkey');
  await knex.raw('ALTER TABLE report_snapshots DROP COLUMN pipeline');
  await knex.raw('ALTER TABLE report_snapshots ADD PRIMARY KEY (period_days)');
}

import type { Knex } from 'knex';

/**
 * Settings edit stages and lost reasons: `updated_at` lets a stale edit be refused (409) instead of
 * overwriting someone else's; names are unique per pipeline (stages) or overall (reasons) whatever the
 * case, so "Proposal" and "proposal" cannot both appear on the board.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE pipeline_stages ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()');
  await knex.raw('CREATE UNIQUE INDEX pipeline_stages_stage_ci_unique ON pipeline_stages (pipeline, lower(stage))');
  await knex.raw('ALTER TABLE lost_reasons ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()');
  await knex.raw(
    'CREATE UNIQUE INDEX lost_reasons_label_ci_unique ON lost_reasons (lower(label)) WHERE label IS NOT NULL',
  );
  await knex.raw(
    'ALTER TABLE lost_reasons ADD CONSTRAINT lost_reasons_label_check CHECK (label IS NULL OR char_length(label) BETWEEN 1 AND 80)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE lost_reasons DROP CONSTRAINT lost_reasons_label_check');
  await knex.raw('DROP INDEX lost_reasons_label_ci_unique');
  await knex.raw('ALTER TABLE lost_reasons DROP COLUMN updated_at');
  await knex.raw('DROP INDEX pipeline_stages_stage_ci_unique');
  await knex.raw('ALTER TABLE pipeline_stages DROP COLUMN updated_at');
}

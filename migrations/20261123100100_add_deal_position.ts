import type { Knex } from 'knex';

/**
 * A deal's place in its stage's column on the board, ascending. A move writes the moved card only: the
 * midpoint of its new neighbours, or after the column's last card. Existing deals keep the order the
 * board showed them in (newest first).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE deals ADD COLUMN position double precision NOT NULL DEFAULT 0');
  await knex.raw(`
    UPDATE deals SET position = ranked.n
    FROM (SELECT id, row_number() OVER (PARTITION BY pipeline, stage ORDER BY id DESC) AS n FROM deals) ranked
    WHERE deals.id = ranked.id
  `);
  await knex.raw('CREATE INDEX deals_pipeline_stage_position_index ON deals (pipeline, stage, position, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE deals DROP COLUMN position');
}

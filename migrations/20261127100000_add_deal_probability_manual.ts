import type { Knex } from 'knex';

/**
 * Whether a deal's probability was set by hand. A deal follows its stage's probability (created, moved, the
 * stage's probability changed) unless someone set one on it; a hand-set probability stays through moves.
 *
 * Backfill: nothing recorded who set a probability, so it is read from the value. A deal whose probability is
 * its stage's, 0 (what the API gave every deal created without one) or another stage's of its pipeline (what a
 * drag left behind: "10% de chance" in Qualificação) is automatic and takes its current stage's probability;
 * a value no stage has (e.g. 60) was typed by someone: manual, kept. The update goes through the stage totals'
 * triggers, so deal_stage_totals follows. updated_at is left alone: the deals did not change for their people.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE deals ADD COLUMN probability_manual boolean NOT NULL DEFAULT false');
  await knex.raw(`
    UPDATE deals d SET probability_manual = true
     WHERE d.probability <> 0
       AND NOT EXISTS (SELECT 1 FROM pipeline_stages s WHERE s.pipeline = d.pipeline AND s.probability = d.probability)
  `);
  await knex.raw(`
    UPDATE deals d SET probability = s.probability
      FROM pipeline_stages s
     WHERE s.pipeline = d.pipeline AND s.stage = d.stage AND NOT d.probability_manual AND d.probability <> s.probability
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE deals DROP COLUMN probability_manual');
}

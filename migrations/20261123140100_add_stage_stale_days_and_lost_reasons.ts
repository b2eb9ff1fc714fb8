import type { Knex } from 'knex';

/**
 * stale_days: a card of the stage unchanged for longer is marked stale on the board (per stage; Settings
 * edits it). lost_reasons: the list a lost deal's reason is picked from, with "other" for free text. A
 * seeded reason's `key` is translated by the UI; an admin's own reasons show their label as written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE pipeline_stages ADD COLUMN stale_days integer NOT NULL DEFAULT 14');
  await knex.raw(
    'ALTER TABLE pipeline_stages ADD CONSTRAINT pipeline_stages_stale_days_check CHECK (stale_days BETWEEN 1 AND 365)',
  );
  await knex.schema.createTable('lost_reasons', (t) => {
    t.increments('id').primary();
    t.text('key').notNullable().unique();
    t.text('label');
    t.integer('order').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  const keys = ['price', 'competitor', 'no_budget', 'no_decision', 'timing', 'no_response', 'other'];
  await knex('lost_reasons').insert(keys.map((key, i) => ({ key, order: i + 1 })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lost_reasons');
  await knex.raw('ALTER TABLE pipeline_stages DROP COLUMN stale_days');
}

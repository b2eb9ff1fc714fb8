import type { Knex } from 'knex';

/**
 * A deals table ordered by a column (issue 27: `sort`, `order`) pages by (value, id): each sortable column gets an
 * index on its value (the title as it is compared: case and accents ignored) and the id. The older one-column and
 * partial indexes stay for what they serve (the reports' windows, the goals' month).
 */
const INDEXES: [name: string, columns: string][] = [
  ['deals_title_sort_index', 'lower(funil_unaccent(title)), id'],
  ['deals_value_sort_index', 'value, id'],
  ['deals_probability_sort_index', 'probability, id'],
  ['deals_expected_close_date_sort_index', 'expected_close_date, id'],
  ['deals_created_at_sort_index', 'created_at, id'],
  ['deals_updated_at_sort_index', 'updated_at, id'],
  ['deals_closed_at_sort_index', 'closed_at, id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns] of INDEXES) await knex.raw(`CREATE INDEX ${name} ON deals (${columns})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX ${name}`);
}

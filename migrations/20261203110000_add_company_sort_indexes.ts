import type { Knex } from 'knex';

/**
 * A companies table ordered by a column (issue 27: `sort`, `order`) pages by (value, id): the name as it is compared
 * (case and accents ignored), the size and the two dates get an index on the value and the id; the city's and the
 * segment's folded indexes and the UF's already serve.
 */
const INDEXES: [name: string, columns: string][] = [
  ['companies_name_sort_index', 'lower(funil_unaccent(name)), id'],
  ['companies_size_sort_index', 'size, id'],
  ['companies_created_at_sort_index', 'created_at, id'],
  ['companies_updated_at_sort_index', 'updated_at, id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns] of INDEXES) await knex.raw(`CREATE INDEX ${name} ON companies (${columns})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX ${name}`);
}

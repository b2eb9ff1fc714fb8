import type { Knex } from 'knex';

/**
 * A contacts table ordered by a column (issue 27: `sort`, `order`) pages by (value, id): each sortable column gets an
 * index on its value and the id, text as it is compared (case and accents ignored). Created and updated replace
 * their one-column indexes (the pair serves what those did); the source's and e-mail's indexes already serve.
 */
const INDEXES: [name: string, columns: string][] = [
  ['contacts_name_sort_index', 'lower(funil_unaccent(name)), id'],
  ['contacts_company_sort_index', 'lower(funil_unaccent(company)), id'],
  ['contacts_score_sort_index', 'score, id'],
  ['contacts_status_sort_index', 'status, id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns] of INDEXES) await knex.raw(`CREATE INDEX ${name} ON contacts (${columns})`);
  await knex.raw('DROP INDEX contacts_created_at_index');
  await knex.raw('CREATE INDEX contacts_created_at_index ON contacts (created_at, id)');
  await knex.raw('DROP INDEX contacts_updated_at_index');
  await knex.raw('CREATE INDEX contacts_updated_at_index ON contacts (updated_at, id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX ${name}`);
  await knex.raw('DROP INDEX contacts_created_at_index');
  await knex.raw('CREATE INDEX contacts_created_at_index ON contacts (created_at)');
  await knex.raw('DROP INDEX contacts_updated_at_index');
  await knex.raw('CREATE INDEX contacts_updated_at_index ON contacts (updated_at)');
}

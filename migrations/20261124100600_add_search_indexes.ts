import type { Knex } from 'knex';

/**
 * The search palette matches deals by title, activities by subject and templates by name and subject
 * as contacts are matched (a LIKE on a lowercased, unaccented expression); a trigram index on each
 * expression serves it. Contacts already have theirs (contacts_search_trgm_index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX deals_title_search_trgm_index ON deals USING gin (lower(funil_unaccent(title)) gin_trgm_ops)',
  );
  await knex.raw(
    'CREATE INDEX activities_subject_search_trgm_index ON activities USING gin (lower(funil_unaccent(subject)) gin_trgm_ops)',
  );
  await knex.raw(
    `CREATE INDEX email_templates_search_trgm_index ON email_templates USING gin (lower(funil_unaccent(name || ' ' || subject)) gin_trgm_ops)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS email_templates_search_trgm_index');
  await knex.raw('DROP INDEX IF EXISTS activities_subject_search_trgm_index');
  await knex.raw('DROP INDEX IF EXISTS deals_title_search_trgm_index');
}

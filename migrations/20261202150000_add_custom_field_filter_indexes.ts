import type { Knex } from 'knex';

/**
 * The lists' custom field filters (`customFields.<key>=<value>`) ask whether a record's values contain a document
 * (`custom_fields @> '{"segment": "retail"}'`): one GIN index per table serves every field and type (issue 27).
 */
const TABLES = ['contacts', 'companies', 'deals'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES)
    await knex.raw(`CREATE INDEX ${table}_custom_fields_index ON ${table} USING gin (custom_fields jsonb_path_ops)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`DROP INDEX ${table}_custom_fields_index`);
}

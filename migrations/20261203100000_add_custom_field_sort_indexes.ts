import type { Knex } from 'knex';

/**
 * A list ordered by a custom field (`sort=customFields.<key>`) pages by the field's value and the id: each field made
 * from now on gets its index when it is made (KnexCustomFieldRepository.create); this makes those of the fields made
 * before. The value is read as the lists compare it: numbers and amounts as numeric, a yes/no as boolean, the rest as
 * text. The keys are those the table's check allows (letters, digits, _).
 */
const TABLES: Record<string, string> = { contact: 'contacts', company: 'companies', deal: 'deals' };
const CASTS: Record<string, string> = { number: 'numeric', currency: 'numeric', checkbox: 'boolean' };

export async function up(knex: Knex): Promise<void> {
  const fields = (await knex.raw('SELECT entity, key, type FROM custom_fields')).rows as {
    entity: string;
    key: string;
    type: string;
  }[];
  for (const { entity, key, type } of fields) {
    const table = TABLES[entity];
    await knex.raw(
      `CREATE INDEX IF NOT EXISTS ${table}_cf_${key}_sort ON ${table} (((custom_fields ->> '${key}')::${CASTS[type] ?? 'text'}), id)`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  const fields = (await knex.raw('SELECT entity, key FROM custom_fields')).rows as { entity: string; key: string }[];
  for (const { entity, key } of fields) await knex.raw(`DROP INDEX IF EXISTS ${TABLES[entity]}_cf_${key}_sort`);
}

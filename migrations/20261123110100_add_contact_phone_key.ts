import type { Knex } from 'knex';

/**
 * Possible duplicates are found by phone whatever its formatting: the last 10 digits ("+55 11 99999-0000"
 * and "(11) 99999-0000" share them), indexed. Shorter numbers have no key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_phone_key(phone text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT CASE WHEN length(d) >= 8 THEN right(d, 10) END FROM (SELECT regexp_replace(phone, '\\D', '', 'g') AS d) digits $$
  `);
  await knex.raw('CREATE INDEX contacts_phone_key_index ON contacts (funil_phone_key(phone))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX contacts_phone_key_index');
  await knex.raw('DROP FUNCTION funil_phone_key(text)');
}

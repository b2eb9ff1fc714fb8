import type { Knex } from 'knex';

/**
 * Contact search (name, email, company, phone; case- and accent-insensitive) runs as a LIKE on one
 * normalised expression, backed by a trigram index so it stays fast with a million contacts. unaccent()
 * is only STABLE (it reads a dictionary), so an IMMUTABLE wrapper naming its dictionary is what the
 * index uses. The timeline keeps one row per create, update (with its field changes) or delete.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS unaccent');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$
  `);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_contact_search_text(name text, email text, company text, phone text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT lower(public.funil_unaccent(concat_ws(' ', name, email, company, phone))) $$
  `);
  await knex.raw(`
    CREATE INDEX contacts_search_trgm_index ON contacts
      USING gin (funil_contact_search_text(name, email, company, phone) gin_trgm_ops)
  `);
  await knex.raw('CREATE INDEX deals_contact_id_id_index ON deals (contact_id, id)');

  await knex.schema.createTable('crm_timeline', (t) => {
    t.bigIncrements('id').primary();
    t.text('entity_type').notNullable();
    t.integer('entity_id').notNullable();
    t.text('action').notNullable();
    t.text('entity_name').notNullable();
    // [{ field, oldValue, newValue }] for updates; empty for create and delete.
    t.jsonb('changes').notNullable().defaultTo('[]');
    // The contact the entry belongs to (the contact itself, a deal's or an activity's contact).
    t.integer('contact_id');
    // null: everyone signed in may see it; otherwise only these users (and admins).
    t.specificType('visible_to', 'integer[]');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['contact_id', 'id'], 'crm_timeline_contact_id_index');
    t.index(['entity_type', 'entity_id', 'id'], 'crm_timeline_entity_index');
  });
  await knex.raw(`
    ALTER TABLE crm_timeline
      ADD CONSTRAINT crm_timeline_entity_type_check CHECK (entity_type IN ('contact', 'deal', 'activity')),
      ADD CONSTRAINT crm_timeline_action_check CHECK (action IN ('created', 'updated', 'deleted'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('crm_timeline');
  await knex.raw('DROP INDEX IF EXISTS deals_contact_id_id_index');
  await knex.raw('DROP INDEX IF EXISTS contacts_search_trgm_index');
  await knex.raw('DROP FUNCTION IF EXISTS funil_contact_search_text(text, text, text, text)');
  await knex.raw('DROP FUNCTION IF EXISTS funil_unaccent(text)');
}

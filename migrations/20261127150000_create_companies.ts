import type { Knex } from 'knex';

/**
 * Companies as records (issue 26, its first slice: the records and their API; contacts and deals link to them later).
 *
 * - `cnpj` is stored normalized (14 characters, digits or, from July 2026, letters in the first 12) and unique where
 *   given; the API shows it formatted.
 * - `search_text` is what a search compares (name, trade name, CNPJ, e-mail domain and city, lower case, accents
 *   dropped), stored once per write as contacts' is, with a trigram index.
 * - Every list filter has an index ending in the id, so a filtered page is read newest first from it (keyset
 *   pages); segment and city are compared as the contacts' source is, case and accents ignored.
 * - A company's timeline entries are its own (entity_type 'company', crm_timeline_entity_index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('cnpj');
    t.text('trade_name');
    t.text('segment');
    t.text('size');
    t.text('website');
    t.text('email_domain');
    t.text('phone');
    t.text('cep');
    t.text('street');
    t.text('number');
    t.text('city');
    t.text('uf');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('notes');
    t.integer('owner_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_id', 'id'], 'companies_owner_id_index');
    t.index(['uf', 'id'], 'companies_uf_index');
    t.index(['created_by'], 'companies_created_by_index');
  });
  await knex.raw(`
    ALTER TABLE companies
      ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (lower(funil_unaccent(
        name || ' ' || coalesce(trade_name, '') || ' ' || coalesce(cnpj, '') || ' ' || coalesce(email_domain, '')
          || ' ' || coalesce(city, '')
      ))) STORED,
      ADD CONSTRAINT companies_name_check CHECK (char_length(name) BETWEEN 1 AND 200),
      ADD CONSTRAINT companies_cnpj_check CHECK (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'),
      ADD CONSTRAINT companies_size_check CHECK (size IN ('micro', 'small', 'medium', 'large')),
      ADD CONSTRAINT companies_uf_check CHECK (uf ~ '^[A-Z]{2}$')
  `);
  await knex.raw('CREATE UNIQUE INDEX companies_cnpj_unique ON companies (cnpj) WHERE cnpj IS NOT NULL');
  await knex.raw('CREATE INDEX companies_search_trgm_index ON companies USING gin (search_text gin_trgm_ops)');
  await knex.raw('CREATE INDEX companies_tags_index ON companies USING gin (tags)');
  await knex.raw('CREATE INDEX companies_segment_folded_index ON companies (lower(funil_unaccent(segment)), id)');
  await knex.raw('CREATE INDEX companies_city_folded_index ON companies (lower(funil_unaccent(city)), id)');
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_entity_type_check,
      ADD CONSTRAINT crm_timeline_entity_type_check
        CHECK (entity_type IN ('contact', 'deal', 'activity', 'template', 'note', 'company'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex('crm_timeline').where({ entity_type: 'company' }).delete();
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_entity_type_check,
      ADD CONSTRAINT crm_timeline_entity_type_check
        CHECK (entity_type IN ('contact', 'deal', 'activity', 'template', 'note'))
  `);
  await knex.schema.dropTableIfExists('companies');
}

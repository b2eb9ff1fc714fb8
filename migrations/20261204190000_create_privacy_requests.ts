import type { Knex } from 'knex';

/**
 * LGPD, second part (issue 29):
 * - `contact_legal_bases`: the legal basis (Art. 7) a contact's data is processed on, each record with its source, time
 *   and who recorded it; append-only like consents (the latest record is the basis; a merge moves them).
 * - `contacts.anonymized_at`: when the person's identifying data was replaced by a tombstone (never undone).
 * - `privacy_requests`: the data subjects' requests (access, correction, deletion, portability, revocation,
 *   information), with their deadline and status; a request outlives its contact (deleted: the link goes, the request
 *   and its history stay).
 * - `privacy_audit`: the record of operations on personal data (privacy actions, bulk exports, list reads by API key):
 *   who, when, what, from where. Append-only: the database refuses every UPDATE, DELETE and TRUNCATE. It names people
 *   and contacts by id and keeps the name the actor had, so it never depends on rows that may go.
 * - `contact_imports.privacy`: the legal basis and consent an import records for each of its contacts.
 * - Anonymization may clear a consent record's address (the one change to a consent allowed besides a merge's).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_legal_bases', (t) => {
    t.bigIncrements('id').primary();
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.text('basis').notNullable();
    t.text('source').notNullable();
    t.text('note');
    t.integer('recorded_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['contact_id', 'id'], 'contact_legal_bases_contact_index');
  });
  await knex.raw(`ALTER TABLE contact_legal_bases
    ADD CONSTRAINT contact_legal_bases_basis_check CHECK (basis IN
      ('consent', 'contract', 'legitimate_interest', 'legal_obligation', 'credit_protection', 'other')),
    ADD CONSTRAINT contact_legal_bases_source_check CHECK (source IN ('form', 'import', 'manual', 'api'))`);
  await knex.raw(`CREATE FUNCTION contact_legal_bases_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (NEW.id, NEW.basis, NEW.source, NEW.note, NEW.recorded_by, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.basis, OLD.source, OLD.note, OLD.recorded_by, OLD.created_at) THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'contact_legal_bases is append-only: record a new legal basis instead';
    END $$`);
  await knex.raw(`CREATE TRIGGER contact_legal_bases_append_only BEFORE UPDATE ON contact_legal_bases
    FOR EACH ROW EXECUTE FUNCTION contact_legal_bases_append_only()`);

  await knex.raw(`CREATE OR REPLACE FUNCTION contact_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A merge moves the person's records to the contact kept; an anonymization clears the address they came from.
      IF (NEW.id, NEW.channel, NEW.granted, NEW.text, NEW.source, NEW.recorded_by, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.channel, OLD.granted, OLD.text, OLD.source, OLD.recorded_by, OLD.created_at)
         AND (NEW.address IS NOT DISTINCT FROM OLD.address OR NEW.address IS NULL) THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'contact_consents is append-only: record a new grant or revocation instead';
    END $$`);

  await knex.schema.alterTable('contacts', (t) => {
    t.timestamp('anonymized_at', { useTz: true });
  });
  // What an import records for every contact it creates or updates: { legalBasis, consentChannels, consentText }.
  await knex.schema.alterTable('contact_imports', (t) => {
    t.jsonb('privacy');
  });

  await knex.schema.createTable('privacy_requests', (t) => {
    t.increments('id').primary();
    t.integer('contact_id').references('id').inTable('contacts').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.text('requester_name').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.text('note');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['contact_id'], 'privacy_requests_contact_index');
  });
  await knex.raw(`ALTER TABLE privacy_requests
    ADD CONSTRAINT privacy_requests_kind_check CHECK (kind IN
      ('access', 'correction', 'deletion', 'portability', 'revocation', 'information')),
    ADD CONSTRAINT privacy_requests_status_check CHECK (status IN ('open', 'in_progress', 'completed', 'refused'))`);

  await knex.schema.createTable('privacy_audit', (t) => {
    t.bigIncrements('id').primary();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('user_id');
    t.text('user_name');
    t.text('api_key_name');
    t.text('address');
    t.text('action').notNullable();
    t.integer('contact_id');
    t.integer('request_id');
    t.jsonb('detail').notNullable().defaultTo('{}');
    t.index(['request_id', 'id'], 'privacy_audit_request_index');
  });
  await knex.raw(`CREATE FUNCTION privacy_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'privacy_audit is append-only';
    END $$`);
  await knex.raw(`CREATE TRIGGER privacy_audit_append_only BEFORE UPDATE OR DELETE ON privacy_audit
    FOR EACH ROW EXECUTE FUNCTION privacy_audit_append_only()`);
  await knex.raw(`CREATE TRIGGER privacy_audit_no_truncate BEFORE TRUNCATE ON privacy_audit
    FOR EACH STATEMENT EXECUTE FUNCTION privacy_audit_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('privacy_audit');
  await knex.raw('DROP FUNCTION IF EXISTS privacy_audit_append_only()');
  await knex.schema.dropTableIfExists('privacy_requests');
  await knex.schema.alterTable('contact_imports', (t) => {
    t.dropColumn('privacy');
  });
  await knex.schema.alterTable('contacts', (t) => {
    t.dropColumn('anonymized_at');
  });
  await knex.raw(`CREATE OR REPLACE FUNCTION contact_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (NEW.id, NEW.channel, NEW.granted, NEW.text, NEW.source, NEW.address, NEW.recorded_by, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.channel, OLD.granted, OLD.text, OLD.source, OLD.address, OLD.recorded_by, OLD.created_at) THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'contact_consents is append-only: record a new grant or revocation instead';
    END $$`);
  await knex.schema.dropTableIfExists('contact_legal_bases');
  await knex.raw('DROP FUNCTION IF EXISTS contact_legal_bases_append_only()');
}

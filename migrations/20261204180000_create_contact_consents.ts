import type { Knex } from 'knex';

/**
 * Consent per contact and channel (issue 29, LGPD Art. 7 and 8): each grant or revocation is a row, with the text the
 * person was shown, how it was given (source), from which address and who recorded it. Append-only: a row is never
 * changed (the database refuses an UPDATE of anything but the contact it belongs to); the current state of a channel is its latest row. Rows go only with
 * their contact (a deletion the person asked for); a merge moves them to the contact kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_consents', (t) => {
    t.bigIncrements('id').primary();
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.text('channel').notNullable();
    t.boolean('granted').notNullable();
    t.text('text');
    t.text('source').notNullable();
    t.text('address');
    t.integer('recorded_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['contact_id', 'id'], 'contact_consents_contact_index');
  });
  await knex.raw(`ALTER TABLE contact_consents
    ADD CONSTRAINT contact_consents_channel_check CHECK (channel IN ('email', 'whatsapp', 'phone')),
    ADD CONSTRAINT contact_consents_source_check CHECK (source IN ('form', 'import', 'manual', 'api'))`);
  await knex.raw(`CREATE FUNCTION contact_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A merge moves the person's records to the contact kept: the one change allowed.
      IF (NEW.id, NEW.channel, NEW.granted, NEW.text, NEW.source, NEW.address, NEW.recorded_by, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.channel, OLD.granted, OLD.text, OLD.source, OLD.address, OLD.recorded_by, OLD.created_at) THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'contact_consents is append-only: record a new grant or revocation instead';
    END $$`);
  await knex.raw(`CREATE TRIGGER contact_consents_append_only BEFORE UPDATE ON contact_consents
    FOR EACH ROW EXECUTE FUNCTION contact_consents_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_consents');
  await knex.raw('DROP FUNCTION IF EXISTS contact_consents_append_only()');
}

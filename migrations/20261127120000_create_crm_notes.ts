import type { Knex } from 'knex';

/**
 * Notes and calls logged on a contact or a deal (issue 25), their edit history, and the deal a timeline entry
 * belongs to, so that a deal's timeline shows the notes about it.
 *
 * - `search_text` is the body as the searches compare it (lower case, accents dropped), stored once per write; a
 *   trigram index on it finds the notes holding a text, for the search palette and for the contacts search, which
 *   adds the contacts of the notes it finds (contact-search.ts).
 * - A note belongs to a contact, a deal or both, and goes with them; it may report on an activity, which it outlives.
 * - Kinds and outcomes are checked here too: an outcome only on a call.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('crm_notes', (t) => {
    t.increments('id').primary();
    t.string('kind', 20).notNullable();
    t.text('body').notNullable();
    t.string('outcome', 20);
    t.integer('duration_min');
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('contact_id').references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('deal_id').references('id').inTable('deals').onDelete('CASCADE');
    t.integer('activity_id').references('id').inTable('activities').onDelete('SET NULL');
    t.timestamp('pinned_at', { useTz: true });
    t.timestamp('edited_at', { useTz: true });
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['contact_id', 'id'], 'crm_notes_contact_id_index');
    t.index(['deal_id', 'id'], 'crm_notes_deal_id_index');
    t.index(['activity_id'], 'crm_notes_activity_id_index');
  });
  await knex.raw(`
    ALTER TABLE crm_notes
      ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (lower(funil_unaccent(body))) STORED,
      ADD CONSTRAINT crm_notes_kind_check CHECK (kind IN ('note', 'call', 'meeting', 'email', 'whatsapp')),
      ADD CONSTRAINT crm_notes_outcome_check CHECK (
        outcome IS NULL OR (kind = 'call' AND outcome IN ('answered', 'no_answer', 'voicemail', 'busy', 'wrong_number'))
      ),
      ADD CONSTRAINT crm_notes_duration_min_check CHECK (duration_min BETWEEN 0 AND 1440),
      ADD CONSTRAINT crm_notes_body_check CHECK (char_length(body) BETWEEN 1 AND 20000),
      ADD CONSTRAINT crm_notes_contact_id_check CHECK (contact_id IS NOT NULL OR deal_id IS NOT NULL)
  `);
  await knex.raw('CREATE INDEX crm_notes_search_trgm_index ON crm_notes USING gin (search_text gin_trgm_ops)');

  await knex.schema.createTable('crm_note_revisions', (t) => {
    t.increments('id').primary();
    t.integer('note_id').notNullable().references('id').inTable('crm_notes').onDelete('CASCADE');
    t.text('body').notNullable();
    t.string('outcome', 20);
    t.integer('edited_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('edited_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['note_id', 'id'], 'crm_note_revisions_note_id_index');
  });

  await knex.schema.alterTable('crm_timeline', (t) => {
    t.integer('deal_id');
  });
  await knex.raw('CREATE INDEX crm_timeline_deal_id_index ON crm_timeline (deal_id, id) WHERE deal_id IS NOT NULL');
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_entity_type_check,
      ADD CONSTRAINT crm_timeline_entity_type_check CHECK (entity_type IN ('contact', 'deal', 'activity', 'template', 'note'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex('crm_timeline').where({ entity_type: 'note' }).delete();
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_entity_type_check,
      ADD CONSTRAINT crm_timeline_entity_type_check CHECK (entity_type IN ('contact', 'deal', 'activity', 'template'))
  `);
  await knex.raw('DROP INDEX IF EXISTS crm_timeline_deal_id_index');
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.dropColumn('deal_id');
  });
  await knex.schema.dropTableIfExists('crm_note_revisions');
  await knex.schema.dropTableIfExists('crm_notes');
}

import type { Knex } from 'knex';

/**
 * Web-to-lead forms (issue 28): the forms an admin builds, and each submission kept with what was sent, the consent
 * given (its text, the address and the time) and the contact it made or updated. A change a form makes is in the
 * timeline by the form's owner with the form's name ("from form X").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_forms', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.jsonb('fields').notNullable();
    t.text('consent_text');
    t.specificType('owner_ids', 'integer[]').notNullable().defaultTo('{}');
    // Round robin: the turn of the next lead (taken modulo the owners still active).
    t.integer('next_owner').notNullable().defaultTo(0);
    t.text('thank_you');
    t.text('redirect_url');
    t.specificType('allowed_origins', 'text[]').notNullable().defaultTo('{}');
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('lead_form_submissions', (t) => {
    t.bigIncrements('id').primary();
    t.integer('form_id').notNullable().references('id').inTable('lead_forms').onDelete('CASCADE');
    t.integer('contact_id').references('id').inTable('contacts').onDelete('SET NULL');
    // True when the submission made the contact; false when it updated one found by its e-mail.
    t.boolean('created').notNullable();
    t.jsonb('values').notNullable();
    t.boolean('consent').notNullable();
    t.text('consent_text');
    t.text('address');
    t.text('user_agent');
    t.text('origin');
    t.integer('owner_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['form_id', 'id'], 'lead_form_submissions_form_index');
    t.index(['contact_id'], 'lead_form_submissions_contact_index');
  });
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.text('form_name');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.dropColumn('form_name');
  });
  await knex.schema.dropTableIfExists('lead_form_submissions');
  await knex.schema.dropTableIfExists('lead_forms');
}

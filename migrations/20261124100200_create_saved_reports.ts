import type { Knex } from 'knex';

/**
 * Report builder: saved definitions, each its author's, shared with the team or not. The list reads one
 * author's reports and every shared one, newest first. The builder's period reads contacts by creation
 * time (deals and activities already have that index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('saved_reports', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.jsonb('definition').notNullable();
    t.boolean('shared').notNullable().defaultTo(false);
    t.integer('author_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['author_id', 'id'], 'saved_reports_author_index');
  });
  await knex.raw(
    'ALTER TABLE saved_reports ADD CONSTRAINT saved_reports_name_check CHECK (char_length(name) BETWEEN 1 AND 120)',
  );
  await knex.raw('CREATE INDEX saved_reports_shared_index ON saved_reports (id) WHERE shared');
  await knex.raw('CREATE INDEX contacts_created_at_index ON contacts (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS contacts_created_at_index');
  await knex.schema.dropTableIfExists('saved_reports');
}

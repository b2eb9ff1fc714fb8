import type { Knex } from 'knex';

/**
 * Saved views of the lists (contacts, companies, deals, activities): filters, order, layout and table columns under a
 * name, each its author's, shared with the team or not; and the view each person opens a list with (one per list,
 * gone with the view). A person's names are unique per list, case ignored. The lists read one author's views of one
 * list and every shared one, newest first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('saved_views', (t) => {
    t.increments('id').primary();
    t.text('entity').notNullable();
    t.text('name').notNullable();
    t.integer('author_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.boolean('shared').notNullable().defaultTo(false);
    t.jsonb('filters').notNullable().defaultTo('{}');
    t.jsonb('sort');
    t.jsonb('columns').notNullable().defaultTo('[]');
    t.text('layout').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE saved_views
    ADD CONSTRAINT saved_views_entity_check CHECK (entity IN ('contact', 'company', 'deal', 'activity')),
    ADD CONSTRAINT saved_views_name_check CHECK (char_length(name) BETWEEN 1 AND 80),
    ADD CONSTRAINT saved_views_layout_check CHECK (layout IN ('cards', 'board', 'list', 'table'))`);
  await knex.raw('CREATE UNIQUE INDEX saved_views_author_name_unique ON saved_views (author_id, entity, lower(name))');
  await knex.raw('CREATE INDEX saved_views_author_index ON saved_views (author_id, entity, id)');
  await knex.raw('CREATE INDEX saved_views_shared_index ON saved_views (entity, id) WHERE shared');
  await knex.schema.createTable('saved_view_defaults', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('entity').notNullable();
    t.integer('view_id').notNullable().references('id').inTable('saved_views').onDelete('CASCADE');
    t.primary(['user_id', 'entity']);
    t.index(['view_id'], 'saved_view_defaults_view_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('saved_view_defaults');
  await knex.schema.dropTableIfExists('saved_views');
}

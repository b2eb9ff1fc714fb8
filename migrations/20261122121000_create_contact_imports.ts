import type { Knex } from 'knex';

/**
 * CSV imports of contacts. The file is kept in the row (the worker may run on another machine, with no
 * shared disk) and dropped once the import ends. `rows_done` advances in the same transaction as each
 * batch's writes and counts, so a job that runs again resumes after the last committed batch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_imports', (t) => {
    t.increments('id').primary();
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    // The importer's role when the import was asked for: the 'own' rule applies to updates by email.
    t.text('created_by_role').notNullable();
    t.text('file_name');
    t.binary('content');
    t.jsonb('mapping').notNullable();
    t.text('mode').notNullable();
    t.text('status').notNullable().defaultTo('queued');
    t.integer('total_rows');
    t.integer('rows_done').notNullable().defaultTo(0);
    t.integer('created_count').notNullable().defaultTo(0);
    t.integer('updated_count').notNullable().defaultTo(0);
    t.integer('skipped_count').notNullable().defaultTo(0);
    t.integer('rejected_count').notNullable().defaultTo(0);
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['created_by', 'id'], 'contact_imports_created_by_index');
  });
  await knex.raw(`
    ALTER TABLE contact_imports
      ADD CONSTRAINT contact_imports_mode_check CHECK (mode IN ('skip', 'update')),
      ADD CONSTRAINT contact_imports_status_check CHECK (status IN ('queued', 'running', 'completed', 'failed'))
  `);
  await knex.schema.createTable('contact_import_rejections', (t) => {
    t.integer('import_id').notNullable().references('id').inTable('contact_imports').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    t.text('reason').notNullable();
    t.jsonb('values').notNullable();
    t.primary(['import_id', 'row_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_import_rejections');
  await knex.schema.dropTableIfExists('contact_imports');
}

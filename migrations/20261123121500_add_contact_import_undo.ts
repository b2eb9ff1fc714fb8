import type { Knex } from 'knex';

/**
 * Undoing a contact import. The contacts it created are the ones its timeline entries name as created
 * (crm_timeline.import_id, indexed here); the fields it changed on existing contacts are kept as they
 * were before, per contact, in contact_import_updates. An undone import keeps its row, marked undone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_imports', (t) => {
    t.timestamp('undone_at', { useTz: true });
    t.integer('undone_by').references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.raw(`
    ALTER TABLE contact_imports
      DROP CONSTRAINT contact_imports_status_check,
      ADD CONSTRAINT contact_imports_status_check CHECK (status IN ('queued', 'running', 'completed', 'failed', 'undone'))
  `);
  await knex.schema.createTable('contact_import_updates', (t) => {
    t.integer('import_id').notNullable().references('id').inTable('contact_imports').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    // The changed fields' previous values, by field name.
    t.jsonb('before').notNullable();
    t.primary(['import_id', 'contact_id']);
  });
  await knex.raw(
    'CREATE INDEX crm_timeline_import_id_index ON crm_timeline (import_id, id) WHERE import_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS crm_timeline_import_id_index');
  await knex.schema.dropTableIfExists('contact_import_updates');
  await knex('contact_imports').where({ status: 'undone' }).update({ status: 'completed' });
  await knex.raw(`
    ALTER TABLE contact_imports
      DROP CONSTRAINT contact_imports_status_check,
      ADD CONSTRAINT contact_imports_status_check CHECK (status IN ('queued', 'running', 'completed', 'failed'))
  `);
  await knex.schema.alterTable('contact_imports', (t) => {
    t.dropColumn('undone_by');
    t.dropColumn('undone_at');
  });
}

import type { Knex } from 'knex';

/**
 * A company's own notes and activities (issue 26: its page lists them, and a call can be scheduled with an
 * organization rather than one of its people).
 *
 * - `crm_notes.company_id`: a note belongs to a contact, a deal or a company (the check names the three). Deleting the
 *   company deletes its notes, as deleting a contact or a deal deletes theirs.
 * - `activities.company_id`: deleting the company keeps the activity (it is someone's to-do, with its contact and
 *   deal if it has them) without the company.
 * - Each with an index (company_id, id): a company's notes and activities newest first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE crm_notes ADD COLUMN IF NOT EXISTS company_id integer
      CONSTRAINT crm_notes_company_id_foreign REFERENCES companies (id) ON DELETE CASCADE
  `);
  await knex.raw('CREATE INDEX IF NOT EXISTS crm_notes_company_id_index ON crm_notes (company_id, id)');
  await knex.raw(`
    ALTER TABLE crm_notes
      DROP CONSTRAINT IF EXISTS crm_notes_contact_id_check,
      ADD CONSTRAINT crm_notes_contact_id_check
        CHECK (contact_id IS NOT NULL OR deal_id IS NOT NULL OR company_id IS NOT NULL)
  `);
  await knex.raw(`
    ALTER TABLE activities ADD COLUMN IF NOT EXISTS company_id integer
      CONSTRAINT activities_company_id_foreign REFERENCES companies (id) ON DELETE SET NULL
  `);
  await knex.raw('CREATE INDEX IF NOT EXISTS activities_company_id_index ON activities (company_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS activities_company_id_index');
  await knex.raw('ALTER TABLE activities DROP COLUMN IF EXISTS company_id');
  await knex('crm_notes').whereNull('contact_id').whereNull('deal_id').delete();
  await knex.raw('DROP INDEX IF EXISTS crm_notes_company_id_index');
  await knex.raw('ALTER TABLE crm_notes DROP COLUMN IF EXISTS company_id');
  await knex.raw(`
    ALTER TABLE crm_notes
      DROP CONSTRAINT IF EXISTS crm_notes_contact_id_check,
      ADD CONSTRAINT crm_notes_contact_id_check CHECK (contact_id IS NOT NULL OR deal_id IS NOT NULL)
  `);
}

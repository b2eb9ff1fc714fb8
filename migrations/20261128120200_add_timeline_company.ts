import type { Knex } from 'knex';

/**
 * A note written on a company is an entry of the company's history too, as a note on a deal is of the deal's:
 * `crm_timeline.company_id` names the company whose history shows an entry besides the company's own entries (no
 * foreign key, like `deal_id`: an entry outlives what it is about). Indexed for the company's history, newest first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE crm_timeline ADD COLUMN IF NOT EXISTS company_id integer');
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS crm_timeline_company_id_index ON crm_timeline (company_id, id) WHERE company_id IS NOT NULL',
  );
  // The notes already written on a company.
  await knex.raw(`
    UPDATE crm_timeline t SET company_id = n.company_id
      FROM crm_notes n
     WHERE t.entity_type = 'note' AND t.entity_id = n.id AND n.company_id IS NOT NULL AND t.company_id IS NULL
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS crm_timeline_company_id_index');
  await knex.raw('ALTER TABLE crm_timeline DROP COLUMN IF EXISTS company_id');
}

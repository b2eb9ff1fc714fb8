import type { Knex } from 'knex';

/**
 * The people in a deal (issue 26): any number of contacts, each with a role, at most one of them primary; and the
 * deal's company.
 *
 * - `deal_contacts` is keyed (deal_id, contact_id): a person is in a deal once. A partial unique index allows one
 *   primary per deal; (contact_id, deal_id) finds a contact's deals. Deleting the deal or the contact deletes the
 *   link (the contact's deals keep their other people, and have no primary if it was theirs).
 * - `deals.contact_id` stays, as the primary link's contact: reports, the home, search and the timeline read it, and
 *   the deal repository writes both in one transaction. Deleting a contact already sets it to null.
 * - Each existing deals.contact_id becomes that deal's primary link with the role `other`: nothing says what part the
 *   person plays, and a made-up `decision_maker` would be counted as a fact by whoever filters by role. The link's
 *   created_at is the deal's. Set-based, and running it again adds nothing (ON CONFLICT DO NOTHING, IF NOT EXISTS).
 * - `deals.company_id` (the deal's company, null when the company is deleted) with an index ending in the id, for a
 *   company's deals newest first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS deal_contacts (
      deal_id integer NOT NULL CONSTRAINT deal_contacts_deal_id_foreign REFERENCES deals (id) ON DELETE CASCADE,
      contact_id integer NOT NULL
        CONSTRAINT deal_contacts_contact_id_foreign REFERENCES contacts (id) ON DELETE CASCADE,
      role text NOT NULL DEFAULT 'other'
        CONSTRAINT deal_contacts_role_check
        CHECK (role IN ('decision_maker', 'influencer', 'user', 'technical', 'financial', 'other')),
      is_primary boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (deal_id, contact_id)
    )
  `);
  await knex.raw(
    'CREATE UNIQUE INDEX IF NOT EXISTS deal_contacts_one_primary_unique ON deal_contacts (deal_id) WHERE is_primary',
  );
  await knex.raw('CREATE INDEX IF NOT EXISTS deal_contacts_contact_id_index ON deal_contacts (contact_id, deal_id)');
  await knex.raw(`
    ALTER TABLE deals ADD COLUMN IF NOT EXISTS company_id integer
      CONSTRAINT deals_company_id_foreign REFERENCES companies (id) ON DELETE SET NULL
  `);
  await knex.raw('CREATE INDEX IF NOT EXISTS deals_company_id_index ON deals (company_id, id)');
  await knex.raw(`
    INSERT INTO deal_contacts (deal_id, contact_id, role, is_primary, created_at)
      SELECT id, contact_id, 'other', true, created_at FROM deals WHERE contact_id IS NOT NULL
      ON CONFLICT DO NOTHING
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS deals_company_id_index');
  await knex.raw('ALTER TABLE deals DROP COLUMN IF EXISTS company_id');
  await knex.raw('DROP TABLE IF EXISTS deal_contacts');
}

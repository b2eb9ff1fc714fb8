import type { Knex } from 'knex';

/**
 * The companies made from the contacts' free text (20261128100000_link_contacts_to_companies) had no owner and no
 * creator, so only an admin could change them: the salesperson whose contacts work there could not correct its
 * address. Each such company (no owner, no creator: the API and the imports always record who made a company) now
 * belongs to the owner of most of its contacts, among the users who are not disabled (ties: the owner of the oldest
 * of those contacts). A company none of whose contacts has an active owner keeps none. Set-based and idempotent:
 * a company that has an owner is never looked at again.
 */
export async function up(knex: Knex): Promise<{ companiesOwned: number }> {
  const { rows } = (await knex.raw(`
    WITH votes AS (
      SELECT p.company_id, p.owner_id, count(*) AS contacts, min(p.id) AS first_contact
      FROM contacts p
      JOIN companies c ON c.id = p.company_id AND c.owner_id IS NULL AND c.created_by IS NULL
      JOIN users u ON u.id = p.owner_id AND u.disabled_at IS NULL
      GROUP BY p.company_id, p.owner_id
    ), chosen AS (
      SELECT DISTINCT ON (company_id) company_id, owner_id FROM votes ORDER BY company_id, contacts DESC, first_contact
    )
    UPDATE companies SET owner_id = chosen.owner_id FROM chosen WHERE companies.id = chosen.company_id
    RETURNING companies.id
  `)) as { rows: unknown[] };
  return { companiesOwned: rows.length };
}

/** Nothing to undo: an owner is a company's like any other (the migration before this one removes the companies). */
export async function down(): Promise<void> {}

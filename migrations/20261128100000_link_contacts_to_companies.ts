import type { Knex } from 'knex';

/**
 * Contacts belong to at most one company (issue 26): `contacts.company_id`, and the free-text `company` values
 * become company records.
 *
 * - Texts equal up to case, accents and spacing (funil_name_key: trimmed, runs of white space as one space, lower
 *   case, accents dropped) are one company, named by the group's most frequent spelling (ties: the one seen first,
 *   on the lowest contact id); a company that already has that key is reused (the lowest id), none is made twice.
 * - Set-based: one statement groups the texts, creates the missing companies and links every contact, however many.
 *   Running it again links and creates nothing (only unlinked contacts with a text are looked at).
 * - `contacts.company` stays, no longer free text: the database keeps it equal to the linked company's name
 *   (contacts_company_name on a contact's write, companies_renamed when a company is renamed; ON DELETE SET NULL
 *   clears both). The stored search text, the export and the duplicate warning read it as before, so a contact is
 *   still found by its company's name.
 * - companies_name_key_index finds a company by that key (the contacts import links by name).
 */
export async function up(
  knex: Knex,
): Promise<{ companiesCreated: number; companiesReused: number; contactsLinked: number }> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_name_key(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT lower(public.funil_unaccent(btrim(regexp_replace($1, '[[:space:]]+', ' ', 'g')))) $$
  `);
  await knex.raw('CREATE INDEX companies_name_key_index ON companies (funil_name_key(name))');
  await knex.raw(`ALTER TABLE contacts ADD COLUMN company_id integer
       CONSTRAINT contacts_company_id_foreign REFERENCES companies (id) ON DELETE SET NULL`);
  // The list's companyId filter, newest first (keyset pages), and the renaming trigger's lookup.
  await knex.raw('CREATE INDEX contacts_company_id_index ON contacts (company_id, id)');

  const counts = await linkContactsToCompanies(knex);

  await knex.raw(`
    CREATE FUNCTION funil_contact_company_name() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.company := (SELECT c.name FROM companies c WHERE c.id = NEW.company_id);
      RETURN NEW;
    END $$
  `);
  await knex.raw(`
    CREATE TRIGGER contacts_company_name BEFORE INSERT OR UPDATE OF company_id, company ON contacts
      FOR EACH ROW EXECUTE FUNCTION funil_contact_company_name()
  `);
  await knex.raw(`
    CREATE FUNCTION funil_company_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE contacts SET company = NEW.name WHERE company_id = NEW.id;
      RETURN NULL;
    END $$
  `);
  await knex.raw(`
    CREATE TRIGGER companies_renamed AFTER UPDATE OF name ON companies
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION funil_company_renamed()
  `);
  return counts;
}

/**
 * Links every unlinked contact with a company text to the company of its text's key, creating the companies no
 * existing one has the key of, in one statement; a text of white space only is cleared. Idempotent.
 */
export async function linkContactsToCompanies(
  knex: Knex,
): Promise<{ companiesCreated: number; companiesReused: number; contactsLinked: number }> {
  const { rows } = (await knex.raw(`
    WITH texts AS (
      SELECT id, btrim(regexp_replace(company, '[[:space:]]+', ' ', 'g')) AS spelling
      FROM contacts
      WHERE company_id IS NULL AND company IS NOT NULL
    ), keyed AS (
      SELECT id, spelling, funil_name_key(spelling) AS key FROM texts WHERE spelling <> ''
    ), spellings AS (
      SELECT key, spelling, count(*) AS uses, min(id) AS first_seen FROM keyed GROUP BY key, spelling
    ), chosen AS (
      SELECT DISTINCT ON (key) key, spelling, first_seen FROM spellings ORDER BY key, uses DESC, first_seen
    ), existing AS (
      SELECT DISTINCT ON (funil_name_key(c.name)) funil_name_key(c.name) AS key, c.id
      FROM companies c
      WHERE funil_name_key(c.name) IN (SELECT key FROM chosen)
      ORDER BY funil_name_key(c.name), c.id
    ), created AS (
      INSERT INTO companies (name)
      SELECT left(spelling, 200) FROM chosen WHERE key NOT IN (SELECT key FROM existing) ORDER BY first_seen
      RETURNING id, name
    ), target AS (
      SELECT key, id FROM existing
      UNION ALL
      SELECT ch.key, cr.id FROM created cr JOIN chosen ch ON left(ch.spelling, 200) = cr.name
    ), linked AS (
      UPDATE contacts SET company_id = t.id, company = co.name
      FROM keyed k
      JOIN (SELECT DISTINCT ON (key) key, id FROM target ORDER BY key, id) t ON t.key = k.key
      JOIN (SELECT id, name FROM created UNION ALL SELECT c.id, c.name FROM companies c JOIN existing e ON e.id = c.id) co
        ON co.id = t.id
      WHERE contacts.id = k.id
      RETURNING contacts.id
    )
    SELECT (SELECT count(*) FROM created)::int AS "companiesCreated",
           (SELECT count(*) FROM existing)::int AS "companiesReused",
           (SELECT count(*) FROM linked)::int AS "contactsLinked"
  `)) as { rows: { companiesCreated: number; companiesReused: number; contactsLinked: number }[] };
  await knex.raw("UPDATE contacts SET company = NULL WHERE company_id IS NULL AND btrim(company) = ''");
  return rows[0];
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER companies_renamed ON companies');
  await knex.raw('DROP FUNCTION funil_company_renamed()');
  await knex.raw('DROP TRIGGER contacts_company_name ON contacts');
  await knex.raw('DROP FUNCTION funil_contact_company_name()');
  // The names stay in contacts.company, as free text again.
  await knex.raw('ALTER TABLE contacts DROP COLUMN company_id');
  await knex.raw('DROP INDEX companies_name_key_index');
  await knex.raw('DROP FUNCTION funil_name_key(text)');
}

import type { Knex } from 'knex';

/**
 * A contact's phone is found however it is pasted ("+55 61 93729-5260", "61937295260", "937295260"): the number is
 * stored normalised to E.164 beside the phone as typed (which stays what is shown), and indexed by its digits read
 * backwards, so "the number ends with these digits" is a range of that btree index.
 *
 * funil_phone_e164(phone), null when the phone is not a number it can place:
 * - a `+` before the first digit: the country code follows. +55 is read as a Brazilian number below; any other
 *   country is kept as its 8 to 15 digits (+1 415 555 2671 -> +14155552671).
 * - otherwise a Brazilian number, after dropping a trunk 0 (0 61 ..., 11 or 12 digits), a trunk 0 and a carrier code
 *   (0 41 61 ..., 13 or 14 digits) or a country code typed without its + (55 61 ..., 12 or 13 digits).
 * - a Brazilian number is a DDD (two digits 1-9) and either 9 digits starting with 9 (a mobile), 8 digits starting
 *   with 2-5 (a landline), or 8 digits starting with 6-9: a mobile from before the ninth digit, which gets its 9
 *   ((61) 9372-5260 -> +5561993725260). Anything else (no DDD, 0800, too short or long) is not placed: null.
 *
 * funil_phone_suffix_key(e164, phone): the digits of the E.164 number, or of the phone as typed when it has none,
 * reversed. contacts_phone_suffix_index holds it (text_pattern_ops: compared byte by byte, so the keys starting
 * with k are those from k up to k || ':', the character after 9).
 *
 * The column is generated: every write path (the form, the API, imports, bulk changes) stores it, and adding it fills
 * it for every existing contact in the one ALTER TABLE (a rewrite of the table and its indexes, as search_text's was).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION funil_phone_e164(phone text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$
        SELECT CASE
          WHEN national ~ '^[1-9]{2}(9[0-9]{8}|[2-5][0-9]{7})$' THEN '+55' || national
          WHEN national ~ '^[1-9]{2}[6-9][0-9]{7}$' THEN '+55' || left(national, 2) || '9' || right(national, 8)
          WHEN plus AND digits ~ '^[1-9][0-9]{7,14}$' AND digits !~ '^55' THEN '+' || digits
        END
        FROM (
          SELECT plus, digits, CASE
              WHEN plus THEN CASE WHEN digits ~ '^55' THEN substr(digits, 3) END
              WHEN digits ~ '^0[1-9]{2}[0-9]{8,9}$' THEN substr(digits, 2)
              WHEN digits ~ '^0[0-9]{2}[1-9]{2}[0-9]{8,9}$' THEN substr(digits, 4)
              WHEN digits ~ '^55[1-9]{2}[0-9]{8,9}$' THEN substr(digits, 3)
              ELSE digits
            END AS national
          FROM (SELECT phone ~ '^[^0-9]*[+]' AS plus, regexp_replace(phone, '[^0-9]', '', 'g') AS digits) AS typed
        ) AS read
      $$
  `);
  // Not STRICT: without an E.164 number, the phone's own digits.
  await knex.raw(`
    CREATE FUNCTION funil_phone_suffix_key(e164 text, phone text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT reverse(regexp_replace(coalesce(e164, phone), '[^0-9]', '', 'g')) $$
  `);
  await knex.raw(
    'ALTER TABLE contacts ADD COLUMN phone_e164 text GENERATED ALWAYS AS (funil_phone_e164(phone)) STORED',
  );
  await knex.raw(
    'CREATE INDEX contacts_phone_suffix_index ON contacts (funil_phone_suffix_key(phone_e164, phone) text_pattern_ops)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX contacts_phone_suffix_index');
  await knex.raw('ALTER TABLE contacts DROP COLUMN phone_e164');
  await knex.raw('DROP FUNCTION funil_phone_suffix_key(text, text)');
  await knex.raw('DROP FUNCTION funil_phone_e164(text)');
}

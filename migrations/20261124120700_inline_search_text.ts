import type { Knex } from 'knex';

/**
 * The search expressions become ones PostgreSQL inlines, so a row's search text costs what the expression
 * written out does (about 1.4 µs) instead of two SQL function calls (about 7 µs): for the LIKE's recheck of
 * every candidate, and for every row an import or a write puts in the trigram indexes.
 *
 * A SQL function is inlined only if what it calls is as immutable as it says it is. unaccent() is STABLE
 * (it reads its dictionary) and so is concat_ws() (it may call output functions), so neither
 * funil_unaccent() nor funil_contact_search_text() were. Now:
 * - funil_unaccent_dict(regdictionary, text) is unaccent's own C function declared IMMUTABLE (the dictionary
 *   is named, so the result depends on the arguments only). Declaring a C function takes a superuser (as
 *   the tests, the embedded database and a self-hosted server run); otherwise it is a SQL wrapper, same
 *   results, not inlined.
 * - funil_contact_search_text() joins with || (immutable); name is never null, so the text is the same
 *   as concat_ws gave, and the indexes built on these functions stay valid as they are.
 */
export async function up(knex: Knex): Promise<void> {
  const { rows } = (await knex.raw('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')) as {
    rows: { rolsuper: boolean }[];
  };
  if (rows[0]?.rolsuper) {
    await knex.raw(`
      CREATE OR REPLACE FUNCTION funil_unaccent_dict(regdictionary, text) RETURNS text
        LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT
        AS '$libdir/unaccent', 'unaccent_dict'
    `);
  } else {
    await knex.raw(`
      CREATE OR REPLACE FUNCTION funil_unaccent_dict(regdictionary, text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT public.unaccent($1, $2) $$
    `);
  }
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT public.funil_unaccent_dict('public.unaccent'::regdictionary, $1) $$
  `);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_contact_search_text(name text, email text, company text, phone text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT lower(public.funil_unaccent(name || coalesce(' ' || email, '') || coalesce(' ' || company, '') || coalesce(' ' || phone, ''))) $$
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_contact_search_text(name text, email text, company text, phone text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT lower(public.funil_unaccent(concat_ws(' ', name, email, company, phone))) $$
  `);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION funil_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$
  `);
  await knex.raw('DROP FUNCTION IF EXISTS funil_unaccent_dict(regdictionary, text)');
}

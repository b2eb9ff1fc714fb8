import type { Knex } from 'knex';

/**
 * The origin (source) filter ignores accents and case, as the search does ("indicacao" finds "Indicação"): the
 * contacts list filters on the folded source, newest first, from an index of its own (contacts_source_index stays
 * for the report builder's exact source filter). The filter suggests the sources in use, as the tags input does its
 * tags: contact_source_counts, kept by statement-level triggers on contacts exactly as contact_tag_counts is (one
 * grouped upsert per statement, sources in order), read by the folded prefix. A source no contact has any more stays
 * at 0 and is not shown; an empty source is none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX contacts_source_folded_index ON contacts (lower(funil_unaccent(source)), id)');
  await knex.raw(`
    CREATE TABLE contact_source_counts (
      source text PRIMARY KEY,
      count integer NOT NULL
    )
  `);
  await knex.raw(
    'CREATE INDEX contact_source_counts_prefix_index ON contact_source_counts (lower(funil_unaccent(source)) text_pattern_ops)',
  );
  await knex.raw(`
    CREATE FUNCTION funil_count_contact_sources() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO contact_source_counts AS c (source, count)
          SELECT source, count(*) FROM new_rows WHERE source <> '' GROUP BY source ORDER BY source
          ON CONFLICT (source) DO UPDATE SET count = c.count + excluded.count;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE contact_source_counts AS c SET count = c.count - gone.n
          FROM (SELECT source, count(*) AS n FROM old_rows WHERE source <> '' GROUP BY source ORDER BY source) AS gone
          WHERE c.source = gone.source;
      ELSE
        INSERT INTO contact_source_counts AS c (source, count)
          SELECT source, sum(n) FROM (
            SELECT source, 1 AS n FROM new_rows WHERE source <> ''
            UNION ALL
            SELECT source, -1 AS n FROM old_rows WHERE source <> ''
          ) AS changes GROUP BY source HAVING sum(n) <> 0 ORDER BY source
          ON CONFLICT (source) DO UPDATE SET count = c.count + excluded.count;
      END IF;
      RETURN NULL;
    END $$
  `);
  // A trigger with transition tables takes one event.
  await knex.raw(
    'CREATE TRIGGER contacts_source_counts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_count_contact_sources()',
  );
  await knex.raw(
    'CREATE TRIGGER contacts_source_counts_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_count_contact_sources()',
  );
  await knex.raw(
    'CREATE TRIGGER contacts_source_counts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_count_contact_sources()',
  );
  await knex.raw(
    "INSERT INTO contact_source_counts (source, count) SELECT source, count(*) FROM contacts WHERE source <> '' GROUP BY source",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER contacts_source_counts_insert ON contacts');
  await knex.raw('DROP TRIGGER contacts_source_counts_update ON contacts');
  await knex.raw('DROP TRIGGER contacts_source_counts_delete ON contacts');
  await knex.raw('DROP FUNCTION funil_count_contact_sources()');
  await knex.raw('DROP TABLE contact_source_counts');
  await knex.raw('DROP INDEX contacts_source_folded_index');
}

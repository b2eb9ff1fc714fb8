import type { Knex } from 'knex';

/**
 * The tags in use and on how many contacts, for the tags input's suggestions: kept by statement-level
 * triggers on contacts (one grouped upsert per statement, however many rows it touched, tags in order so
 * two writers never lock them crosswise), so a suggestion reads a few rows of a small table by prefix
 * instead of unnesting every contact's tags. A tag no contact has any more stays at 0 and is not shown.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE contact_tag_counts (
      tag text PRIMARY KEY,
      count integer NOT NULL
    )
  `);
  await knex.raw(
    'CREATE INDEX contact_tag_counts_prefix_index ON contact_tag_counts (lower(funil_unaccent(tag)) text_pattern_ops)',
  );
  await knex.raw(`
    CREATE FUNCTION funil_count_contact_tags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO contact_tag_counts AS c (tag, count)
          SELECT tag, count(*) FROM new_rows, unnest(new_rows.tags) AS tag GROUP BY tag ORDER BY tag
          ON CONFLICT (tag) DO UPDATE SET count = c.count + excluded.count;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE contact_tag_counts AS c SET count = c.count - gone.n
          FROM (SELECT tag, count(*) AS n FROM old_rows, unnest(old_rows.tags) AS tag GROUP BY tag ORDER BY tag) AS gone
          WHERE c.tag = gone.tag;
      ELSE
        INSERT INTO contact_tag_counts AS c (tag, count)
          SELECT tag, sum(n) FROM (
            SELECT tag, 1 AS n FROM new_rows, unnest(new_rows.tags) AS tag
            UNION ALL
            SELECT tag, -1 AS n FROM old_rows, unnest(old_rows.tags) AS tag
          ) AS changes GROUP BY tag HAVING sum(n) <> 0 ORDER BY tag
          ON CONFLICT (tag) DO UPDATE SET count = c.count + excluded.count;
      END IF;
      RETURN NULL;
    END $$
  `);
  // A trigger with transition tables takes one event.
  await knex.raw(
    'CREATE TRIGGER contacts_tag_counts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_count_contact_tags()',
  );
  await knex.raw(
    'CREATE TRIGGER contacts_tag_counts_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_count_contact_tags()',
  );
  await knex.raw(
    'CREATE TRIGGER contacts_tag_counts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_count_contact_tags()',
  );
  await knex.raw(
    'INSERT INTO contact_tag_counts (tag, count) SELECT tag, count(*) FROM contacts, unnest(contacts.tags) AS tag GROUP BY tag',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER contacts_tag_counts_insert ON contacts');
  await knex.raw('DROP TRIGGER contacts_tag_counts_update ON contacts');
  await knex.raw('DROP TRIGGER contacts_tag_counts_delete ON contacts');
  await knex.raw('DROP FUNCTION funil_count_contact_tags()');
  await knex.raw('DROP TABLE contact_tag_counts');
}

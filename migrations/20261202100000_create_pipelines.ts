import type { Knex } from 'knex';

/**
 * Pipelines become records of their own (issue 27): a key (what stages and deals name), a name (null: the UI's
 * translation of a seeded key, as for lost reasons), a position in the switcher and an archived flag. Every pipeline
 * that stages or deals already name gets a row, the default one first; a stage now needs its pipeline to exist, and
 * deleting a pipeline takes its stages along (its deals hold them back: their foreign key restricts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE pipelines (
      key text PRIMARY KEY CONSTRAINT pipelines_key_check CHECK (char_length(key) BETWEEN 1 AND 60),
      name text CONSTRAINT pipelines_name_check CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 60),
      position integer NOT NULL,
      archived boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `);
  await knex.raw('CREATE UNIQUE INDEX pipelines_name_ci_unique ON pipelines (lower(name)) WHERE name IS NOT NULL');
  await knex.raw(`
    INSERT INTO pipelines (key, name, position)
    SELECT key, CASE WHEN key = 'default' THEN NULL ELSE key END,
           row_number() OVER (ORDER BY key <> 'default', key)
    FROM (SELECT 'default' AS key UNION SELECT pipeline FROM pipeline_stages UNION SELECT pipeline FROM deals) AS keys
  `);
  await knex.raw(`
    ALTER TABLE pipeline_stages ADD CONSTRAINT pipeline_stages_pipeline_fk
      FOREIGN KEY (pipeline) REFERENCES pipelines (key) ON DELETE CASCADE
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE pipeline_stages DROP CONSTRAINT pipeline_stages_pipeline_fk');
  await knex.raw('DROP TABLE pipelines');
}

import type { Knex } from 'knex';

/**
 * The rows of the file an import has written, as ranges of row numbers (each committed batch adds its own), so
 * batches may commit out of order: the job writes two at once on PostgreSQL, and a run that stops midway resumes
 * with exactly the rows no committed batch holds. rows_done becomes the count of rows written. An import running
 * when this is applied had written rows 1 to rows_done.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE contact_imports ADD COLUMN done_rows int4multirange NOT NULL DEFAULT '{}'");
  await knex.raw(
    "UPDATE contact_imports SET done_rows = int4multirange(int4range(1, rows_done, '[]')) WHERE rows_done > 0",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE contact_imports DROP COLUMN done_rows');
}

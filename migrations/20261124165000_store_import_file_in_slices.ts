import type { Knex } from 'knex';

/**
 * An import's file kept in slices of about 1 MB instead of one value: it is stored and read a slice at a time,
 * so neither the upload nor the job holds the whole file (a file of 1,000,000 rows is over 100 MB). Stored
 * uncompressed (EXTERNAL): CSV would compress, but the file lives only until its import ends, and compressing
 * it would cost the upload more than the space saved is worth. A file being imported when this is applied
 * becomes its import's one slice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE contact_import_file_slices (
      import_id integer NOT NULL REFERENCES contact_imports (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      bytes bytea NOT NULL,
      PRIMARY KEY (import_id, seq)
    )`);
  await knex.raw('ALTER TABLE contact_import_file_slices ALTER COLUMN bytes SET STORAGE EXTERNAL');
  await knex.raw(
    'INSERT INTO contact_import_file_slices (import_id, seq, bytes) SELECT id, 0, content FROM contact_imports WHERE length(content) > 0',
  );
  await knex.raw('ALTER TABLE contact_imports DROP COLUMN content');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE contact_imports ADD COLUMN content bytea');
  await knex.raw(`
    UPDATE contact_imports SET content = (
      SELECT string_agg(bytes, ''::bytea ORDER BY seq) FROM contact_import_file_slices WHERE import_id = contact_imports.id
    )`);
  await knex.raw('DROP TABLE contact_import_file_slices');
}

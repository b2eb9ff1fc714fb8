import { describe, expect, it } from 'vitest';
import { useTestRuntime } from '../../../main/__tests__/test-runtime';
import { MERGE_REFERENCES } from '../knex-merge.repository';

const app = useTestRuntime();

describe('what a merge moves', () => {
  it('covers every column of the database that refers to a contact or a company', async () => {
    const rows: { rows: { table: string; column: string; target: string }[] } = await app.runtime.db.knex.raw(`
      SELECT c.conrelid::regclass::text AS table, a.attname AS column, c.confrelid::regclass::text AS target
        FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
       WHERE c.contype = 'f' AND c.confrelid IN ('contacts'::regclass, 'companies'::regclass)`);
    const inDatabase = rows.rows.map((r) => `${r.target}: ${r.table}.${r.column}`).sort();
    const covered = [
      ...MERGE_REFERENCES.contact.map((r) => `contacts: ${r.table}.${r.column}`),
      ...MERGE_REFERENCES.company.map((r) => `companies: ${r.table}.${r.column}`),
    ].sort();
    expect(covered).toEqual(inDatabase);
  });
});

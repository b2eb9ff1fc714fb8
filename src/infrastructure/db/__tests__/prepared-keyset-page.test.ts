import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenced } from '../../crm/knex-record-store';
import { tableModel } from '../base.model';
import { openDatabase, type Database } from '../database';
import { keysetPage, preparedKeysetPage } from '../keyset-page';

// A list's unfiltered page as a prepared statement answers what the query builder's page answers: the same records
// (keys, their order, values), the same cursors, the same total; on PostgreSQL (named statement) and PGlite alike.
describe('preparedKeysetPage', () => {
  let db: Database;
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  const table = `prepared_page_${letters}`;
  const Rows = tableModel(`preparedPage${letters[0].toUpperCase()}${letters.slice(1)}`);
  const records = () =>
    Rows.query(db.knex).select([`${table}.*`, referenced(`${table}_owners`, 'name', `${table}.ownerId`, 'ownerName')]);
  const map = (row: object) => ({ ...row });

  beforeAll(async () => {
    db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: 'memory://' });
    await db.knex.raw('CREATE TABLE ?? (id serial PRIMARY KEY, name text)', [`${table}_owners`]);
    await db.knex.raw(
      'CREATE TABLE ?? (id serial PRIMARY KEY, display_name text, owner_id int, created_at timestamptz DEFAULT now())',
      [table],
    );
    await db.knex(table).insert(Array.from({ length: 7 }, (_, i) => ({ displayName: `Linha ${i + 1}` })));
  });
  afterAll(async () => {
    await db?.knex.raw('DROP TABLE IF EXISTS ??, ??', [table, `${table}_owners`]);
    await db?.close();
  });

  it('answers every page, cursor and total as keysetPage does, byte for byte', async () => {
    const name = `funil_test_page_${letters}`;
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = { limit: 3, cursor, includeTotal: pages === 0 };
      const prepared = await preparedKeysetPage(name, db.knex, records, page, map);
      const built = await keysetPage(records(), page, map);
      expect(JSON.stringify(prepared)).toBe(JSON.stringify(built));
      expect(prepared.items[0]).toHaveProperty('displayName');
      expect(prepared.items[0]).toHaveProperty('ownerName', null);
      cursor = prepared.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
  });
});

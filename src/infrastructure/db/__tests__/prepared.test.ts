import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database';
import { preparedRows } from '../prepared';
import { WriteWatch } from '../write-watch';

// On PostgreSQL (DATABASE_URL) outside a transaction preparedRows runs the statement on a connection of knex's pool
// itself; in a transaction and on PGlite, knex runs it. Each case holds on both.
describe('preparedRows', () => {
  let db: Database;
  const name = `funil_test_prepared_${randomBytes(4).toString('hex')}`;
  const sql = 'SELECT ?::int + 1 AS next, ?::text AS label';

  beforeAll(async () => {
    db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers the rows knex answers, for every run of the same statement with other values', async () => {
    for (const [value, label] of [
      [1, 'um'],
      [41, 'quarenta e um'],
    ] as const) {
      const rows = await preparedRows(db.knex, name, sql, [value, label]);
      const { rows: expected } = (await db.knex.raw(sql, [value, label])) as { rows: unknown[] };
      expect(rows).toEqual(expected);
      expect(rows).toEqual([{ next: value + 1, label }]);
    }
  });

  it('tells knex query listeners the statement it sends, with its name', async () => {
    const seen: { sql: string; bindings: unknown[]; options?: { name?: string } }[] = [];
    const listen = (query: (typeof seen)[number]) => seen.push(query);
    db.knex.on('query', listen);
    try {
      await preparedRows(db.knex, name, sql, [7, 'sete']);
    } finally {
      db.knex.off('query', listen);
    }
    expect(seen).toHaveLength(1);
    expect(seen[0].bindings).toEqual([7, 'sete']);
    expect(seen[0].sql).toMatch(/^SELECT (\$1|\?)::int \+ 1 AS next, (\$2|\?)::text AS label$/);
    if (process.env.DATABASE_URL) expect(seen[0].options?.name).toBe(name);
  });

  it('reads what its transaction wrote before it committed', async () => {
    const table = `prepared_${randomBytes(4).toString('hex')}`;
    await db.knex.raw('CREATE TABLE ?? (a int)', [table]);
    try {
      await db.knex.transaction(async (trx) => {
        await trx(table).insert({ a: 5 });
        const rows = await preparedRows<{ n: number }>(
          trx,
          `${name}_trx`,
          `SELECT count(*)::int AS n FROM ${table}`,
          [],
        );
        expect(rows).toEqual([{ n: 1 }]);
      });
    } finally {
      await db.knex.raw('DROP TABLE ??', [table]);
    }
  });

  it('fails with the database error, reports it to query-error listeners, and gives its connection back', async () => {
    const errors: { code?: string }[] = [];
    const listen = (error: { code?: string }) => errors.push(error);
    db.knex.on('query-error', listen);
    try {
      // More failures than the pool has connections: each must go back to the pool.
      for (let i = 0; i < 12; i++)
        await expect(preparedRows(db.knex, `${name}_bad`, 'SELECT 1 / ?::int AS x', [0])).rejects.toMatchObject({
          code: '22012',
        });
    } finally {
      db.knex.off('query-error', listen);
    }
    expect(errors.length).toBe(12);
    expect(await preparedRows(db.knex, name, sql, [2, 'dois'])).toEqual([{ next: 3, label: 'dois' }]);
  });

  it('tells the write watch of a write it ran outside a transaction, once it answered', async () => {
    const table = `prepared_${randomBytes(4).toString('hex')}`;
    await db.knex.raw('CREATE TABLE ?? (a int)', [table]);
    const watch = new WriteWatch();
    watch.attach(db.knex);
    const changes: boolean[] = [];
    watch.onChange((remote) => changes.push(remote));
    try {
      const rows = await preparedRows(db.knex, `${name}_write`, `INSERT INTO ${table} (a) VALUES (?) RETURNING a`, [3]);
      expect(rows).toEqual([{ a: 3 }]);
      expect(changes).toEqual([false]);
      await preparedRows(db.knex, `${name}_read`, `SELECT a FROM ${table}`, []);
      expect(changes).toEqual([false]);
    } finally {
      db.knex.removeAllListeners('query-response');
      await db.knex.raw('DROP TABLE ??', [table]);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('refuses a statement with an identifier binding, compiled once', async () => {
    await expect(preparedRows(db.knex, `${name}_identifier`, 'SELECT 1 AS x FROM ??', ['users'])).rejects.toThrow(
      /identifier bindings/,
    );
  });
});

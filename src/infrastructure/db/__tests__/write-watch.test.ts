import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database';
import { KnexUnitOfWork } from '../knex-unit-of-work';
import { WriteWatch, writesData } from '../write-watch';

describe('writesData', () => {
  it.each([
    ['insert into "deals" ("title") values ($1)', true],
    ['update "activities" set "status" = $1 where "id" = $2', true],
    ['delete from "contacts" where "id" = $1', true],
    ['  UPDATE deals d SET stage = ? FROM x WHERE d.id = x.id', true],
    ['WITH moved AS (UPDATE deals SET stage = ? RETURNING id) SELECT count(*) FROM moved', true],
    ['with gone as (delete from activities where id = any(?) returning id) select id from gone', true],
    ['TRUNCATE crm_goals', true],
    ['select * from "deals" where "id" = $1', false],
    ['WITH w AS (SELECT 1) SELECT * FROM w JOIN deals d ON d.updated_at < now()', false],
    ['SELECT t.id FROM contacts t ORDER BY t.id DESC LIMIT ? FOR UPDATE', false],
    // A session's last use, touched by signed-in reads, changes nothing a cached answer shows.
    ['update "sessions" set "last_seen_at" = $1 where "id" = $2', false],
  ])('%s: %s', (sql, expected) => {
    expect(writesData(sql)).toBe(expected);
  });
});

describe('WriteWatch on a database', () => {
  let db: Database;
  let watch: WriteWatch;
  let uow: KnexUnitOfWork;
  const changes: boolean[] = [];
  // A table of its own (not a temporary one: the pool's statements may each take another connection).
  const table = `write_watch_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: 'memory://' });
    watch = new WriteWatch();
    watch.attach(db.knex);
    watch.onChange((remote) => changes.push(remote));
    uow = new KnexUnitOfWork(db, watch);
    await db.knex.raw('CREATE TABLE ?? (a int)', [table]);
    changes.length = 0;
  });

  afterAll(async () => {
    await db?.knex.raw('DROP TABLE IF EXISTS ??', [table]);
    await db?.close();
  });

  it('reports a write outside a transaction once it answered, and nothing for a read', async () => {
    await db.knex.raw('SELECT count(*) FROM pg_class');
    expect(changes).toEqual([]);
    await db.knex(table).insert({ a: 1 });
    expect(changes).toEqual([false]);
  });

  it("reports a transaction's writes once, after it committed, and nothing for one rolled back or only read", async () => {
    changes.length = 0;
    await uow.run(async () => {
      await uow.db(table).insert({ a: 2 });
      await uow.db(table).update({ a: 3 });
      expect(changes).toEqual([]);
    });
    expect(changes).toEqual([false]);

    changes.length = 0;
    await expect(
      uow.run(async () => {
        await uow.db(table).insert({ a: 4 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await uow.run(async () => {
      await uow.db(table).count();
    });
    expect(changes).toEqual([]);
    expect(await db.knex(table).where({ a: 4 }).first()).toBeUndefined();
  });

  it('passes on what another process reported as remote', () => {
    changes.length = 0;
    watch.changed(true);
    expect(changes).toEqual([true]);
  });
});

import { describe, expect, it } from 'vitest';
import { down, up } from '../20261127100000_add_deal_probability_manual';
import { useMigratedDatabase } from './migrated-database';

const db = useMigratedDatabase();

describe('the probability_manual backfill', () => {
  it("makes the stage's, 0 and another stage's value automatic (at the stage's now), and keeps a value no stage has as set by hand", async () => {
    // As before the column existed: the migration runs again on these rows.
    await down(db.knex);
    const insert = async (title: string, stage: string, probability: number) =>
      (await db.knex('deals').insert({ title, stage, probability, value: '1000.00' }).returning('id'))[0].id as number;
    const ids = {
      own: await insert('own', 'proposal', 50),
      apiZero: await insert('api zero', 'qualification', 0),
      dragged: await insert('dragged', 'qualification', 10),
      typed: await insert('typed', 'negotiation', 60),
      wonZero: await insert('won zero', 'won', 0),
    };
    const stamps = await db.knex('deals').whereIn('id', Object.values(ids)).select('id', 'updatedAt');
    await up(db.knex);

    const rows = await db
      .knex('deals')
      .whereIn('id', Object.values(ids))
      .select('id', 'probability', 'probabilityManual', 'updatedAt');
    const byId = new Map(
      rows.map((r) => [r.id, { probability: r.probability, probabilityManual: r.probabilityManual }]),
    );
    expect(byId.get(ids.own)).toEqual({ probability: 50, probabilityManual: false });
    expect(byId.get(ids.apiZero)).toEqual({ probability: 25, probabilityManual: false });
    expect(byId.get(ids.dragged)).toEqual({ probability: 25, probabilityManual: false });
    expect(byId.get(ids.typed)).toEqual({ probability: 60, probabilityManual: true });
    expect(byId.get(ids.wonZero)).toEqual({ probability: 100, probabilityManual: false });
    // The board's maintained totals followed the backfill.
    const { rows: totals } = await db.knex.raw(`
      SELECT t.stage, t.weighted::text AS weighted, (SELECT coalesce(sum(value * probability), 0) FROM deals d WHERE d.stage = t.stage)::text AS fresh
        FROM deal_stage_totals t WHERE t.pipeline = 'default'`);
    for (const total of totals) expect(Number(total.weighted), total.stage).toBe(Number(total.fresh));
    expect(rows.map((r) => r.updatedAt.toISOString()).sort()).toEqual(
      stamps.map((r) => r.updatedAt.toISOString()).sort(),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';

/**
 * The home's "no next step" total is read from deal_next_step_totals, which triggers on deals and activities keep.
 * After each kind of write the total the home answers must be what counting the deals again gives.
 */
const crm = useCrmServer();

const ok = async (res: Promise<{ status: number; text: string; body: { id: number } }>, status = 200) => {
  const done = await res;
  expect(done.status, done.text).toBe(status);
  return done.body;
};

/** The totals as the triggers keep them (rows at zero left out) and as counting every deal again gives them. */
const keptAndRecounted = async () => {
  const { rows: kept } = await crm.knex.raw(
    `SELECT pipeline, stage, owner_key, no_next_step FROM deal_next_step_totals WHERE no_next_step <> 0
     ORDER BY 1, 2, 3`,
  );
  const { rows: recounted } = await crm.knex.raw(
    `SELECT d.pipeline, d.stage, coalesce(d.owner_id, 0) AS owner_key, count(*)::int AS no_next_step FROM deals d
     WHERE NOT EXISTS (SELECT 1 FROM activities a WHERE a.deal_id = d.id AND a.status = 'pending')
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return { kept, recounted };
};

describe('home: the no next step total, kept by triggers', () => {
  it('stays right after deal moves, won and lost, reassignment, deletes, and activities completed, reopened, moved', async () => {
    const { admin, employee } = crm.users;
    const { employee: mine, other: theirs } = crm.users.ids;
    const total = async (client: TestClient, userId?: number) => {
      const res = await client.get(`/api/home/no-next-step${userId ? `?userId=${userId}` : ''}`);
      expect(res.status, res.text).toBe(200);
      return res.body.total as number;
    };
    const totals = async () => {
      const { kept, recounted } = await keptAndRecounted();
      expect(kept).toEqual(recounted);
      return [await total(admin), await total(employee), await total(admin, theirs)];
    };
    const deal = (body: object) => ok(admin.post('/api/crm/deals', body), 201);
    const activity = (body: object) => ok(employee.post('/api/crm/activities', body), 201);
    const move = (id: number, body: object) => ok(admin.post(`/api/crm/deals/${id}/move`, body));

    const before = await totals();
    const d1 = await deal({ title: 'D1', stage: 'prospecting', ownerId: mine });
    const d2 = await deal({ title: 'D2', stage: 'proposal', ownerId: mine });
    const d3 = await deal({ title: 'D3', stage: 'qualification', ownerId: theirs });
    const d4 = await deal({ title: 'D4', stage: 'negotiation', ownerId: mine });
    // [team, the employee, the other one]
    const at = (team: number, employeeCount: number, otherCount: number) => [
      before[0] + team,
      before[1] + employeeCount,
      before[2] + otherCount,
    ];
    expect(await totals()).toEqual(at(4, 3, 1));

    // D1 gets a next step, then a second; completing one leaves the other, completing both leaves none.
    const a1 = await activity({ subject: 'Call', dealId: d1.id });
    expect(await totals()).toEqual(at(3, 2, 1));
    const a2 = await activity({ subject: 'Visit', dealId: d1.id });
    await ok(employee.patch(`/api/crm/activities/${a1.id}`, { status: 'completed' }));
    expect(await totals()).toEqual(at(3, 2, 1));
    await ok(employee.patch(`/api/crm/activities/${a2.id}`, { status: 'completed' }));
    expect(await totals()).toEqual(at(4, 3, 1));
    // Reopened: a next step again.
    await ok(employee.patch(`/api/crm/activities/${a2.id}`, { status: 'pending' }));
    expect(await totals()).toEqual(at(3, 2, 1));

    // A move between open stages changes nothing; won and lost leave the pipeline, back to open returns.
    await move(d2.id, { stage: 'negotiation' });
    expect(await totals()).toEqual(at(3, 2, 1));
    await move(d2.id, { stage: 'won' });
    expect(await totals()).toEqual(at(2, 1, 1));
    await move(d4.id, { stage: 'lost', lostReason: 'Price' });
    expect(await totals()).toEqual(at(1, 0, 1));
    await move(d4.id, { stage: 'proposal' });
    expect(await totals()).toEqual(at(2, 1, 1));

    // Reassigned: D3 leaves the other one for the employee.
    await ok(admin.patch(`/api/crm/deals/${d3.id}`, { ownerId: mine }));
    expect(await totals()).toEqual(at(2, 2, 0));

    // The pending activity moves from D1 to D3: D1 has none, D3 one.
    await ok(employee.patch(`/api/crm/activities/${a2.id}`, { dealId: d3.id }));
    expect(await totals()).toEqual(at(2, 2, 0));
    await ok(admin.patch(`/api/crm/deals/${d1.id}`, { ownerId: theirs }));
    expect(await totals()).toEqual(at(2, 1, 1));

    // Deleting a deal with a pending activity changes nothing (it was not counted); one without is no longer counted.
    expect((await admin.delete(`/api/crm/deals/${d3.id}`)).status).toBe(204);
    expect(await totals()).toEqual(at(2, 1, 1));
    const a3 = await activity({ subject: 'Proposal', dealId: d4.id });
    expect(await totals()).toEqual(at(1, 0, 1));
    expect((await admin.delete(`/api/crm/deals/${d1.id}`)).status).toBe(204);
    expect(await totals()).toEqual(at(0, 0, 0));

    // Deleting the activity leaves D4 without a next step again.
    expect((await employee.delete(`/api/crm/activities/${a3.id}`)).status).toBe(204);
    expect(await totals()).toEqual(at(1, 1, 0));
  });

  it('counts many rows written by one statement, and a deal whose owner is removed', async () => {
    const { rows } = await crm.knex.raw(
      `INSERT INTO deals (title, stage, owner_id) SELECT 'Bulk ' || g, 'prospecting', ? FROM generate_series(1, 5) g
       RETURNING id`,
      [crm.users.ids.other],
    );
    const dealIds = (rows as { id: number }[]).map((r) => r.id);
    // Two pending activities on the first deal, one on the second, one completed on the third, in one statement.
    await crm.knex('activities').insert([
      { subject: 'x', status: 'pending', dealId: dealIds[0] },
      { subject: 'y', status: 'pending', dealId: dealIds[0] },
      { subject: 'z', status: 'pending', dealId: dealIds[1] },
      { subject: 'w', status: 'completed', completedAt: new Date(), dealId: dealIds[2] },
    ]);
    let { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
    // Every pending activity of those deals completed at once, then the deals left without an owner.
    await crm.knex('activities').whereIn('dealId', dealIds).where({ status: 'pending' }).update({
      status: 'completed',
      completedAt: new Date(),
    });
    await crm.knex('deals').whereIn('id', dealIds).update({ ownerId: null });
    ({ kept, recounted } = await keptAndRecounted());
    expect(kept).toEqual(recounted);
    await crm.knex('activities').whereIn('dealId', dealIds).delete();
    await crm.knex('deals').whereIn('id', dealIds).delete();
    ({ kept, recounted } = await keptAndRecounted());
    expect(kept).toEqual(recounted);
  });
});
